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
  private static final List<String> TABLE = List.of("d_year", "lo_discount", "lo_quantity", "s_city", "c_city");
  /** d_year 1992-1998, lo_discount 0-10, lo_quantity 1-50: numbers placed by value. */
  private static final RangeWidths WIDTHS = new RangeWidths()
      .column("d_year", 1992, 1998, Double::parseDouble)
      .column("lo_discount", 0, 11, Double::parseDouble)
      .column("lo_quantity", 1, 50, Double::parseDouble);

  private static ScanEntry scan(ColumnFilter... filters) {
    return new ScanEntry(0, "t", Arrays.asList(filters), 1, 1, 1);
  }

  private static List<ScanEntry> times(int count, ScanEntry entry) {
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

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
