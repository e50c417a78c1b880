package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What auto weighs the given and the recorded columns by: a table laid out stays unless a move saves a tenth. */
class AutoColumnsStayTest {
  @Test
  void aTableLaidOutByTheLogStaysWhereTheGivenColumnsSaveLessThanATenth() {
    // 12 scans of s_city, 10 of c_city and 10 of d_year, the given columns: cut alike they read
    // within a tenth of the log's best cuts, so the fresh choice is the given columns; a table laid
    // out on them in another order, by an earlier choice, reads as little and stays
    List<ScanEntry> log = new ArrayList<>(AutoColumnsTest.times(12, AutoColumnsTest.scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    log.addAll(AutoColumnsTest.times(10, AutoColumnsTest.scan(ColumnFilter.of("c_city", Shape.EQUALS, 1))));
    log.addAll(AutoColumnsTest.times(10, AutoColumnsTest.scan(ColumnFilter.of("d_year", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, AutoColumnsTest.TABLE, AutoColumnsTest.WIDTHS);
    List<String> given = List.of("s_city", "c_city", "d_year");
    assertFalse(AutoColumns.choose(model, given, 1000, 4).fromLog);
    List<String> recorded = List.of("d_year", "c_city", "s_city");
    AutoColumns.Choice stays = AutoColumns.choose(model, given, 1000, 4, recorded);
    assertEquals(recorded, stays.columns, stays.reason);
    assertTrue(stays.fromLog && stays.reason.contains("the recorded columns " + recorded + " stay"), stays.reason);
    assertTrue(stays.reason.contains("with the given columns " + given), stays.reason);
    // laid out on lo_discount, which no scan filters: the given columns read far fewer, so it moves to them
    AutoColumns.Choice moves = AutoColumns.choose(model, given, 1000, 4, List.of("lo_discount"));
    assertFalse(moves.fromLog);
    assertEquals(given, moves.columns, moves.reason);
    assertTrue(moves.reason.contains("moves from the recorded columns [lo_discount]"), moves.reason);
    // with nothing recorded the given columns apply, whatever the table is laid out on
    WorkloadModel nothing = WorkloadModel.of(List.of(), AutoColumnsTest.TABLE, AutoColumnsTest.WIDTHS);
    AutoColumns.Choice empty = AutoColumns.choose(nothing, given, 1000, 4, List.of("lo_discount"));
    assertEquals(given, empty.columns, empty.reason);
    assertTrue(empty.reason.startsWith("no queries recorded"), empty.reason);
  }

  @Test
  void theGivenColumnsAlikeSpendNoCutOnAColumnOfOneValue() {
    // a first clustering of 8 files holds one year: the year takes 1 cut, the regions about 2.83 each
    RangeWidths widths = new RangeWidths().distinct("d_year", 1).distinct("s_region", 5).distinct("c_region", 5);
    List<String> given = List.of("d_year", "s_region", "c_region");
    List<ScanEntry> log = new ArrayList<>(AutoColumnsTest.times(5, AutoColumnsTest.scan(ColumnFilter.of("d_year", Shape.EQUALS, 1))));
    log.addAll(AutoColumnsTest.times(5, AutoColumnsTest.scan(ColumnFilter.of("s_region", Shape.EQUALS, 1))));
    log.addAll(AutoColumnsTest.times(5, AutoColumnsTest.scan(ColumnFilter.of("c_region", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, given, widths);
    double[] alike = model.on(given).alike(8);
    assertEquals(1, alike[0], 1e-12);
    assertEquals(Math.sqrt(8), alike[1], 1e-9);
    assertEquals(Math.sqrt(8), alike[2], 1e-9);
    // a column of more values than its share is cut alike with the rest
    assertEquals(2, model.on(given).alike(8)[1] * model.on(given).alike(8)[2] / 4, 1e-9);
    assertEquals(4, WorkloadModel.of(log, given, new RangeWidths()).on(given).alike(64)[0], 1e-9);
  }

  @Test
  void scansThatFoundNoRowsCountAsReadingNothingAndChooseNoColumn() {
    // 12 scans of next year's discounts read no file of the 8 a one-year table held; 6 of s_city read some
    ScanEntry none = new ScanEntry(0, "t", List.of(ColumnFilter.range("lo_discount", "1", "3")), 0, 8, 1);
    List<ScanEntry> log = new ArrayList<>(AutoColumnsTest.times(12, none));
    log.addAll(AutoColumnsTest.times(6, AutoColumnsTest.scan(ColumnFilter.of("s_city", Shape.EQUALS, 1))));
    WorkloadModel model = WorkloadModel.of(log, AutoColumnsTest.TABLE, AutoColumnsTest.WIDTHS);
    assertEquals(List.of("s_city"), model.filtered());
    assertEquals(18, model.scans(), 1e-12);
    AutoColumns.Choice choice = AutoColumns.choose(model, List.of("lo_discount"), 100, 3);
    assertEquals(List.of("s_city"), choice.columns, choice.reason);
    // the 6 scans of s_city read a hundredth each, the 12 others nothing: 6 / 18 of a hundredth a scan
    assertEquals(6.0 / 18 / 100, choice.filesRead, 1e-9);
    assertEquals(1.0 * 6 / 18, choice.givenFilesRead, 1e-9);
    // counted as scans that read files, the discount ranges would take cuts of their own
    ScanEntry some = new ScanEntry(0, "t", none.filters, 1, 8, 1);
    List<ScanEntry> read = new ArrayList<>(AutoColumnsTest.times(12, some));
    read.addAll(log.subList(12, 18));
    assertTrue(AutoColumns.choose(WorkloadModel.of(read, AutoColumnsTest.TABLE, AutoColumnsTest.WIDTHS),
        List.of("lo_discount"), 100, 3).columns.contains("lo_discount"));
  }
}
