package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The layout option auto's model of the recorded queries and its choice of columns and cuts. */
class AutoColumnsTest {
  static final List<String> TABLE = List.of("d_year", "lo_discount", "lo_quantity", "s_city", "c_city");
  /** d_year 1992-1998, lo_discount 0-10, lo_quantity 1-50: numbers placed by value. */
  static final RangeWidths WIDTHS = new RangeWidths()
      .column("d_year", 1992, 1998, Double::parseDouble)
      .column("lo_discount", 0, 11, Double::parseDouble)
      .column("lo_quantity", 1, 50, Double::parseDouble);

  static ScanEntry scan(ColumnFilter... filters) {
    return new ScanEntry(0, "t", Arrays.asList(filters), 1, 1, 1);
  }

  static List<ScanEntry> times(int count, ScanEntry entry) {
    List<ScanEntry> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(entry);
    }
    return out;
  }

  @Test
  void aLogLineReadsBackAsTheEntryItWasWrittenFrom() {
    ScanEntry entry = new ScanEntry(7, "s3://b/t\"x", Arrays.asList(ColumnFilter.of("s_city", Shape.EQUALS, 1),
        ColumnFilter.range("lo_discount", "1", "3"), ColumnFilter.of("c_city", Shape.IN, 4)), 2, 16, 40);
    ScanEntry back = ScanEntry.fromJson(entry.toJson());
    assertEquals(entry.toJson(), back.toJson());
    assertEquals(entry.filters, back.filters);
    assertThrows(IllegalArgumentException.class, () -> ScanEntry.fromJson("{\"time\":1,"));
    assertThrows(IllegalArgumentException.class, () -> ScanEntry.fromJson("[1]"));
  }

  @Test
  void theDocumentedExampleReadsFewerFilesWithFewerCutsOnTheRangedColumn() {
    // d_year = 1993 AND lo_discount BETWEEN 1 AND 3, over 100 files; discount 0-10 placed as [0, 11]
    WorkloadModel model = WorkloadModel.of(List.of(scan(ColumnFilter.of("d_year", Shape.EQUALS, 1),
        ColumnFilter.range("lo_discount", "1", "4"))), TABLE, WIDTHS);
    List<String> columns = List.of("d_year", "lo_discount");
    double width = 3.0 / 11;
    assertEquals(0.1 * (width + 0.1), model.filesRead(columns, new double[] {10, 10}), 1e-12);
    assertEquals(0.04 * (width + 0.25), model.filesRead(columns, new double[] {25, 4}), 1e-12);
    assertTrue(model.filesRead(columns, new double[] {25, 4}) < model.filesRead(columns, new double[] {10, 10}));
  }

  @Test
  void aColumnReadByWideRangesEarnsFewerCutsThanOneReadByEqualities() {
    List<ScanEntry> log = new ArrayList<>(times(10, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1),
        ColumnFilter.range("lo_quantity", "1", "25"))));
    WorkloadModel model = WorkloadModel.of(log, TABLE, WIDTHS);
    AutoColumns.Choice choice = AutoColumns.choose(model, List.of("c_city"), 64, 4);
    assertTrue(choice.fromLog, choice.reason);
    int city = choice.columns.indexOf("s_city");
    assertTrue(city >= 0, choice.reason);
    int quantity = choice.columns.indexOf("lo_quantity");
    assertTrue(quantity < 0 || choice.cuts[city] > choice.cuts[quantity], choice.reason);
    assertFalse(choice.columns.contains("c_city"), choice.reason);  // never filtered
    assertTrue(choice.filesRead < choice.givenFilesRead, choice.reason);
    double product = Arrays.stream(choice.cuts).reduce(1, (a, b) -> a * b);
    assertEquals(64, product, 1e-6);
    assertEquals(1.0, Arrays.stream(choice.weights()).sum(), 1e-12);
  }

  @Test
  void twoColumnsFilteredApartShareTheCutsByHowOftenEachIsRead() {
    List<ScanEntry> log = new ArrayList<>(times(30, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    log.addAll(times(10, scan(ColumnFilter.of("c_city", Shape.EQUALS, 1))));
    AutoColumns.Choice choice = AutoColumns.choose(WorkloadModel.of(log, TABLE, WIDTHS), List.of("d_year"), 100, 4);
    assertEquals(List.of("s_city", "c_city"), choice.columns, choice.reason);
    // sum p_i / k_i is least at k_i proportional to p_i: 30:10 of 100 files
    assertEquals(3.0, choice.cuts[0] / choice.cuts[1], 0.05);
  }

  @Test
  void withNothingRecordedOrNothingACutNarrowsTheGivenColumnsStay() {
    AutoColumns.Choice none = AutoColumns.choose(WorkloadModel.of(List.of(), TABLE, WIDTHS), List.of("s_city",
        "c_city"), 16, 4);
    assertFalse(none.fromLog);
    assertEquals(List.of("s_city", "c_city"), none.columns);
    assertTrue(none.reason.startsWith("no queries recorded"), none.reason);
    // a null test, a column the table does not have, a range on a column with no known values
    WorkloadModel unhelpful = WorkloadModel.of(List.of(scan(ColumnFilter.of("s_city", Shape.NULL_TEST, 0),
        ColumnFilter.of("gone", Shape.EQUALS, 1), ColumnFilter.range("c_city", "A", "B"))), TABLE, WIDTHS);
    AutoColumns.Choice kept = AutoColumns.choose(unhelpful, List.of("s_city"), 16, 4);
    assertFalse(kept.fromLog);
    assertTrue(kept.reason.startsWith("1 scans recorded, none narrowed by cuts"), kept.reason);
  }

  @Test
  void theGivenColumnsStayWhereTheLogsChoiceSavesLessThanATenth() {
    List<ScanEntry> log = new ArrayList<>(times(20, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    log.addAll(times(10, scan(ColumnFilter.of("c_city", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, TABLE, WIDTHS);
    // the log's own columns given: cut alike (10 x 10) they read 0.1 of 100 files, cut 2:1 about 0.094
    AutoColumns.Choice stays = AutoColumns.choose(model, List.of("c_city", "s_city"), 100, 4);
    assertFalse(stays.fromLog);
    assertEquals(List.of("c_city", "s_city"), stays.columns);
    assertEquals(0.1, stays.filesRead, 1e-9);
    assertTrue(stays.reason.contains("the given columns [c_city, s_city] stay, alike"), stays.reason);
    // given d_year, which no scan filters: the log's columns are taken
    AutoColumns.Choice moves = AutoColumns.choose(model, List.of("d_year"), 100, 4);
    assertTrue(moves.fromLog);
    assertEquals(List.of("s_city", "c_city"), moves.columns, moves.reason);
  }

  @Test
  void aTableLaidOutOnOtherColumnsMovesOnlyWhenTheNewOnesSaveATenth() {
    // 30 scans of s_city, 10 of c_city: the log's choice is s_city then c_city
    List<ScanEntry> log = new ArrayList<>(times(30, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    log.addAll(times(10, scan(ColumnFilter.of("c_city", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, TABLE, WIDTHS);
    // laid out on the same columns in the other order: they read what the choice reads, so they stay
    AutoColumns.Choice stays = AutoColumns.choose(model, List.of("d_year"), 100, 4, List.of("c_city", "s_city"));
    assertEquals(List.of("c_city", "s_city"), stays.columns, stays.reason);
    assertTrue(stays.reason.contains("the recorded columns [c_city, s_city] stay"), stays.reason);
    // laid out on d_year, which no scan filters: the log's columns read far fewer files, so it moves
    AutoColumns.Choice moves = AutoColumns.choose(model, List.of("d_year"), 100, 4, List.of("d_year"));
    assertEquals(List.of("s_city", "c_city"), moves.columns, moves.reason);
    assertTrue(moves.reason.contains("moves from the recorded columns [d_year]"), moves.reason);
    // a table not laid out yet takes the choice as it is
    assertEquals(List.of("s_city", "c_city"), AutoColumns.choose(model, List.of("d_year"), 100, 4, List.of()).columns);
  }

  @Test
  void atMostTheAllowedColumnsAreTaken() {
    List<ScanEntry> log = new ArrayList<>();
    for (String column : List.of("s_city", "c_city", "d_year")) {
      log.addAll(times(5, scan(ColumnFilter.of(column, Shape.EQUALS, 1))));
    }
    AutoColumns.Choice choice = AutoColumns.choose(WorkloadModel.of(log, TABLE, WIDTHS), List.of("s_city"), 1000, 2);
    assertEquals(2, choice.columns.size(), choice.reason);
  }

  @Test
  void rangesArePlacedByValueOrByTheirBytes() {
    assertEquals(3.0 / 11, WIDTHS.of("lo_discount", "1", "4"), 1e-12);
    assertEquals(1.0, WIDTHS.of("lo_discount", null, null), 1e-12);
    assertEquals(0.0, WIDTHS.of("lo_discount", "20", null), 1e-12);  // past every value
    assertTrue(Double.isNaN(WIDTHS.of("lo_discount", "x", "4")));
    assertTrue(Double.isNaN(WIDTHS.of("s_city", "A", "B")));
    RangeWidths brands = new RangeWidths().bytesColumn("p_brand", bytes("MFGR#1"), bytes("MFGR#5"),
        AutoColumnsTest::bytes);
    assertEquals(0.25, brands.of("p_brand", "MFGR#2", "MFGR#3"), 1e-9);
    assertEquals(1.0, brands.of("p_brand", "A", "Z"), 1e-9);
    assertEquals(0.0, brands.of("p_brand", "Z", null), 1e-9);
  }

  @Test
  void anEqualityOnAColumnOfFewValuesReadsAValuesShareHoweverManyCuts() {
    // s_region has 5 values: past 5 cuts an equality still reads a fifth of the files
    RangeWidths widths = new RangeWidths().distinct("s_region", 5);
    List<String> table = List.of("s_region", "s_city");
    WorkloadModel model = WorkloadModel.of(List.of(scan(ColumnFilter.of("s_region", Shape.EQUALS, 1))), table, widths);
    assertEquals(0.2, model.filesRead(List.of("s_region"), new double[] {5}), 1e-12);
    assertEquals(0.2, model.filesRead(List.of("s_region"), new double[] {20}), 1e-12);
    assertEquals(0.5, model.filesRead(List.of("s_region"), new double[] {2}), 1e-12);
    assertEquals(5, model.distinct("s_region"));
    assertEquals(Double.POSITIVE_INFINITY, model.distinct("s_city"));
  }

  @Test
  void cutsPastAColumnsValuesGoToTheNextColumn() {
    // half the queries on the region (5 values), half on the city (250): over 100 files, the
    // region gets about its 5 values' cuts and the city the rest; without the count, the model
    // would split the cuts alike, 10 x 10
    List<String> table = List.of("s_region", "s_city");
    List<ScanEntry> log = new ArrayList<>(times(10, scan(ColumnFilter.of("s_region", Shape.EQUALS, 1))));
    log.addAll(times(10, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    WorkloadModel counted = WorkloadModel.of(log, table, new RangeWidths().distinct("s_region", 5).distinct("s_city", 250));
    WorkloadModel blind = WorkloadModel.of(log, table, new RangeWidths());
    List<String> both = List.of("s_region", "s_city");
    double[] cuts = AutoColumns.cuts(counted, both, 100);
    assertTrue(cuts[0] <= 5.01 && cuts[0] >= 4, Arrays.toString(cuts));
    assertTrue(cuts[1] >= 19.9, Arrays.toString(cuts));
    double[] blindCuts = AutoColumns.cuts(blind, both, 100);
    assertEquals(10, blindCuts[0], 0.01);
    // by the count, the blind split reads more than the counted one: 0.5 x (1/5 + 1/10) against 0.5 x (1/5 + 1/20)
    assertEquals(0.15, counted.filesRead(both, blindCuts), 1e-9);
    assertEquals(0.125, counted.filesRead(both, cuts), 1e-3);
  }

  @Test
  void aCityDeterminesItsNationAndRegionAndNotTheOtherWayRound() {
    // 250 cities, 10 a nation, 5 nations a region; a discount drawn apart from them
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      int city = (i * 7919) % 250;
      rows.add(new Object[] {"city" + city, "nation" + city / 10, "region" + city / 50, (i * 31) % 11});
    }
    java.util.Map<String, java.util.Set<String>> determines =
        Dependence.find(List.of("s_city", "s_nation", "s_region", "lo_discount"), rows).determines;
    assertEquals(java.util.Set.of("s_nation", "s_region"), determines.get("s_city"));
    assertEquals(java.util.Set.of("s_region"), determines.get("s_nation"));
    assertFalse(determines.containsKey("s_region"));
    assertFalse(determines.containsKey("lo_discount"));
    // a unique column determines everything and says nothing
    List<Object[]> unique = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      unique.add(new Object[] {i, i % 3});
    }
    assertTrue(Dependence.find(List.of("key", "third"), unique).determines.isEmpty());
  }

  @Test
  void aFilterOnACityNarrowsALayoutCutAlongItsRegion() {
    // s_city (250) determines s_region (5): on a grid cut 5 x 20 over s_region and c_city, a city
    // equality reads a fifth of the files, where the model without the dependence read them all
    List<String> table = List.of("s_region", "s_city", "c_city");
    RangeWidths widths = new RangeWidths().distinct("s_region", 5).distinct("s_city", 250).distinct("c_city", 250);
    List<ScanEntry> log = times(4, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1)));
    java.util.Map<String, java.util.Set<String>> determines = java.util.Map.of("s_city", java.util.Set.of("s_region"));
    List<String> grid = List.of("s_region", "c_city");
    assertEquals(0.2, WorkloadModel.of(log, table, widths, determines).filesRead(grid, new double[] {5, 20}), 1e-12);
    assertEquals(1.0, WorkloadModel.of(log, table, widths).filesRead(grid, new double[] {5, 20}), 1e-12);
    // and the other way: a region equality on a grid cut 25 times along the city keeps 50 of its
    // 250 cities, as an IN list: 50 / 25 cuts, all the files; cut 250 times, a fifth
    List<ScanEntry> regions = times(4, scan(ColumnFilter.of("s_region", Shape.EQUALS, 1)));
    WorkloadModel byRegion = WorkloadModel.of(regions, table, widths, determines);
    assertEquals(1.0, byRegion.filesRead(List.of("s_city"), new double[] {25}), 1e-12);
    assertEquals(0.2, byRegion.filesRead(List.of("s_city"), new double[] {250}), 1e-12);
  }

  @Test
  void aRangeOnOrderDatesNarrowsALayoutCutAlongTheYear() {
    // lo_orderdate (2556 days) determines d_year (7), each year's dates one run: a week of dates on
    // a grid cut 7 times along the year reads the year it starts in and the 7/365 of a year it may
    // run into; without the dependence the range said nothing of the year, and read every file
    List<String> table = List.of("lo_orderdate", "d_year", "lo_discount");
    RangeWidths widths = new RangeWidths().distinct("lo_orderdate", 2556).distinct("d_year", 7)
        .column("lo_orderdate", 0, 2556, Double::parseDouble);
    List<ScanEntry> log = times(2, scan(ColumnFilter.range("lo_orderdate", "700", "707")));
    java.util.Map<String, java.util.Set<String>> determines = java.util.Map.of("lo_orderdate", java.util.Set.of("d_year"));
    List<String> year = List.of("d_year");
    assertEquals(1.0, WorkloadModel.of(log, table, widths, determines).filesRead(year, new double[] {7}), 1e-12);
    widths.spread("lo_orderdate", "d_year", new Dependence.Spread(1, 1));
    assertEquals((1 + 7.0 / 2556 * 7) / 7, WorkloadModel.of(log, table, widths, determines).filesRead(year, new double[] {7}),
        1e-12);
    // a range over most of the dates reaches every year
    List<ScanEntry> wide = times(2, scan(ColumnFilter.range("lo_orderdate", "0", "2300")));
    assertEquals(1.0, WorkloadModel.of(wide, table, widths, determines).filesRead(year, new double[] {7}), 1e-12);
  }

  @Test
  void ofTwoFiltersOnAColumnTheOneWithFewerValuesCounts() {
    // s_nation IN (three nations) AND s_city = one city: the city puts one nation on s_nation, and
    // a layout cut 25 times along s_nation reads that nation's files, not the three's
    List<String> table = List.of("s_city", "s_nation");
    RangeWidths widths = new RangeWidths().distinct("s_city", 250).distinct("s_nation", 25);
    widths.spread("s_city", "s_nation", new Dependence.Spread(1, 1));
    java.util.Map<String, java.util.Set<String>> determines = java.util.Map.of("s_city", java.util.Set.of("s_nation"));
    List<ScanEntry> log = times(2, scan(ColumnFilter.of("s_nation", Shape.IN, 3), ColumnFilter.of("s_city", Shape.EQUALS, 1)));
    assertEquals(1.0 / 25, WorkloadModel.of(log, table, widths, determines).filesRead(List.of("s_nation"), new double[] {25}),
        1e-12);
  }

  @Test
  void aNationsCitiesFormOneRunAndARegionsNationsSeveral() {
    // cities named after their nation ("n07 c3"), in order one run a nation; nations dealt to
    // regions in turn (n00 -> r0, n01 -> r1, ...): 5 runs of one nation each a region
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      int city = (i * 7919) % 250;
      int nation = city / 10;
      rows.add(new Object[] {String.format("n%02d c%d", nation, city % 10), String.format("n%02d", nation), "r" + nation % 5});
    }
    List<String> columns = List.of("s_city", "s_nation", "s_region");
    Dependence.Found found = Dependence.find(columns, rows);
    java.util.Map<String, java.util.Set<String>> determines = found.determines;
    java.util.Map<String, java.util.Map<String, Dependence.Spread>> spread = found.spreads;
    assertEquals(java.util.Set.of("s_nation", "s_region"), determines.get("s_city"));
    assertEquals(1.0, spread.get("s_city").get("s_nation").runs, 1e-12);
    assertEquals(5.0, spread.get("s_city").get("s_region").runs, 1e-12);
    assertEquals(5.0, spread.get("s_nation").get("s_region").runs, 1e-12);
    // a city lies in its nation's span alone; region r0's nations span n00 to n20, so most nations
    // (and their cities) lie in the spans of several regions: n12 in those of r0, r1 and r2
    assertEquals(1.0, spread.get("s_city").get("s_nation").cover, 1e-12);
    assertTrue(spread.get("s_nation").get("s_region").cover > 2, String.valueOf(spread.get("s_nation").get("s_region").cover));
    // numbers by value, not by text: 2 < 10
    List<Object[]> numbers = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      int v = 1 + i % 20;
      numbers.add(new Object[] {v, v <= 10 ? "low" : "high"});
    }
    assertEquals(1.0, Dependence.runs(numbers, 0, 1), 1e-12);

    // a nation equality on a layout cut 16 times along the city: one run of 10 of 250 cities,
    // 9/250 past the cut it starts in; as 10 scattered cities it would read 10 of the 16 cuts
    RangeWidths widths = new RangeWidths().distinct("s_city", 250).distinct("s_nation", 25).distinct("s_region", 5);
    List<ScanEntry> log = times(4, scan(ColumnFilter.of("s_nation", Shape.EQUALS, 1)));
    List<String> city = List.of("s_city");
    assertEquals(10.0 / 16, WorkloadModel.of(log, columns, widths, determines).filesRead(city, new double[] {16}), 1e-12);
    widths.spread("s_city", "s_nation", new Dependence.Spread(1, 1)).spread("s_city", "s_region", new Dependence.Spread(5, 3));
    WorkloadModel model = WorkloadModel.of(log, columns, widths, determines);
    assertEquals(9.0 / 250 + 1.0 / 16, model.filesRead(city, new double[] {16}), 1e-12);
    // a region's 50 cities in 5 runs: 45/250 past 5 cuts
    WorkloadModel byRegion = WorkloadModel.of(times(4, scan(ColumnFilter.of("s_region", Shape.EQUALS, 1))), columns,
        widths, determines);
    assertEquals(45.0 / 250 + 5.0 / 16, byRegion.filesRead(city, new double[] {16}), 1e-12);
    // the other way: a city equality on a layout cut 5 times along the region reads the 3 regions
    // whose cities span it, as the files' statistics tell; without the spread, one region
    WorkloadModel byCity = WorkloadModel.of(times(4, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))), columns,
        widths, determines);
    assertEquals(3.0 / 5, byCity.filesRead(List.of("s_region"), new double[] {5}), 1e-12);
  }

  @Test
  void oneColumnOfADependenceFamilyIsTakenAndTheCutsGoElsewhere() {
    // queries on the supplier's region, nation and city, and on the customer's city; the city
    // determines the nation and region, its 10 cities a nation one run, a region's 5 runs
    List<String> table = List.of("s_region", "s_nation", "s_city", "c_city");
    RangeWidths widths = new RangeWidths().distinct("s_region", 5).distinct("s_nation", 25).distinct("s_city", 250)
        .distinct("c_city", 250).spread("s_city", "s_nation", new Dependence.Spread(1, 1))
        .spread("s_city", "s_region", new Dependence.Spread(5, 3)).spread("s_nation", "s_region", new Dependence.Spread(5, 3));
    java.util.Map<String, java.util.Set<String>> determines = java.util.Map.of(
        "s_city", java.util.Set.of("s_nation", "s_region"), "s_nation", java.util.Set.of("s_region"));
    List<ScanEntry> log = new ArrayList<>(times(3, scan(ColumnFilter.of("s_region", Shape.EQUALS, 1))));
    log.addAll(times(3, scan(ColumnFilter.of("s_nation", Shape.EQUALS, 1))));
    log.addAll(times(3, scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    log.addAll(times(3, scan(ColumnFilter.of("c_city", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, table, widths, determines);
    assertTrue(model.related("s_region", "s_city") && model.related("s_city", "s_nation"));
    assertFalse(model.related("s_city", "c_city"));
    AutoColumns.Choice choice = AutoColumns.choose(model, List.of("s_region"), 100, 3);
    // one of the family takes cuts; the filtered columns it determines ride along after the axes, uncut
    List<String> cut = new ArrayList<>();
    for (int i = 0; i < choice.columns.size(); i++) {
      if (choice.cuts[i] >= 2) {
        cut.add(choice.columns.get(i));
      }
    }
    assertEquals(1, cut.stream().filter(c -> c.startsWith("s_")).count(), choice.reason);
    assertEquals(List.of("s_city", "c_city"), cut, choice.reason);
    assertEquals(List.of("s_city", "c_city", "s_region", "s_nation"), choice.columns, choice.reason);
    assertEquals(1.0, choice.cuts[2] * choice.cuts[3], 1e-12, choice.reason);
  }

  @Test
  void aCoarserColumnRidingOnItsAxisReadsItsRunsAligned() {
    // 2,557 order dates over 7 years, one run a year: a year on a date axis cut 12 times reads
    // 364.3 / 2,557 past the cut its run starts in, plus that cut; with d_year riding, the layout
    // puts cuts on the years' bounds and the year reads its own share alone
    List<String> table = List.of("lo_orderdate", "d_year");
    RangeWidths widths = new RangeWidths().distinct("lo_orderdate", 2557).distinct("d_year", 7)
        .spread("lo_orderdate", "d_year", new Dependence.Spread(1, 1));
    java.util.Map<String, java.util.Set<String>> determines = java.util.Map.of("lo_orderdate", java.util.Set.of("d_year"));
    WorkloadModel model = WorkloadModel.of(times(4, scan(ColumnFilter.of("d_year", Shape.EQUALS, 1))), table, widths,
        determines);
    double run = 2557.0 / 7;
    assertEquals((run - 1) / 2557 + 1.0 / 12, model.filesRead(List.of("lo_orderdate"), new double[] {12}), 1e-12);
    assertEquals(run / 2557, model.filesRead(List.of("lo_orderdate", "d_year"), new double[] {12, 1}), 1e-12);
    // a run shorter than a cut lies inside one: cut 4 times, a year reads a quarter
    assertEquals(0.25, model.filesRead(List.of("lo_orderdate", "d_year"), new double[] {4, 1}), 1e-12);
    // the rider takes no cuts of its own, and the choice brings it along
    assertEquals(List.of("lo_orderdate", "d_year"), model.withRiders(List.of("lo_orderdate")));
    assertTrue(model.on(List.of("lo_orderdate", "d_year")).rides(1));
    assertEquals(1.0, AutoColumns.cuts(model, List.of("lo_orderdate", "d_year"), 12)[1], 1e-12);
  }

  @Test
  void manyColumnsAreSearchedByGrowingTheBestSet() {
    // 16 columns of 4 values each, each filtered by its own query, up to 16 columns taken: past
    // 600 sets of a size (4 of 16 make 1,820), the best set grows a column at a time. Alike, the
    // columns share the cuts alike, and more of them, each cut fewer times, read less: 6 columns
    // cut 4 times read (6 / 4 + 10) / 16 of the files a query
    List<String> table = new ArrayList<>();
    RangeWidths widths = new RangeWidths();
    List<ScanEntry> log = new ArrayList<>();
    for (int c = 0; c < 16; c++) {
      table.add("c" + c);
      widths.distinct("c" + c, 4);
      log.add(scan(ColumnFilter.of("c" + c, Shape.EQUALS, 1)));
    }
    WorkloadModel model = WorkloadModel.of(log, table, widths);
    AutoColumns.Choice choice = AutoColumns.choose(model, List.of("c0"), 4096, 16);
    assertTrue(choice.columns.size() > 6, choice.reason);
    for (double cut : choice.cuts) {
      assertEquals(choice.cuts[0], cut, 0.05, choice.reason);
    }
    assertTrue(choice.filesRead < (6 / 4.0 + 10) / 16, choice.reason);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
