package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which columns a table grows along, and how the model prices them. */
class ArrivalTest {
  private static final List<String> COLUMNS = List.of("day", "region", "discount");

  /** {@code count} rows of {@code instant}: days from {@code from} on, in order; regions and discounts at random. */
  private static List<Object[]> rows(int count, String instant, int from, int days, Random random) {
    List<Object[]> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new Object[] {LocalDate.of(1992, 1, 1).plusDays(from + (long) i * days / count),
          "R" + random.nextInt(5), random.nextInt(11), instant});
    }
    return out;
  }

  @Test
  void aTableFedInTheOrderOfADateGrowsAlongItAndNoOther() {
    Random random = new Random(7);
    List<Object[]> sample = rows(2000, "20261201000000000", 0, 300, random);
    sample.addAll(rows(2000, "20261202000000000", 300, 300, random));
    // the second commit also updated 200 old rows: they carry its instant and old days
    sample.addAll(rows(200, "20261202000000000", 0, 300, random));
    assertEquals(Set.of("day"), Arrival.of(COLUMNS, sample));
  }

  @Test
  void oneCommitOrRowsInNoOrderGrowNothing() {
    Random random = new Random(7);
    assertTrue(Arrival.of(COLUMNS, rows(2000, "20261201000000000", 0, 300, random)).isEmpty());
    List<Object[]> shuffled = rows(2000, "20261201000000000", 0, 600, random);
    List<Object[]> later = rows(2000, "20261202000000000", 0, 600, random);
    shuffled.addAll(later);
    assertTrue(Arrival.of(COLUMNS, shuffled).isEmpty());
    // rows without instants (a table that keeps no meta fields)
    List<Object[]> bare = new ArrayList<>();
    rows(100, null, 0, 10, random).forEach(row -> bare.add(new Object[] {row[0], row[1], row[2]}));
    assertTrue(Arrival.of(COLUMNS, bare).isEmpty());
  }

  @Test
  void aColumnTheTableGrowsAlongIsPricedWithTwiceItsValuesAndKeepsScansOfValuesYetToCome() {
    RangeWidths widths = new RangeWidths().distinct("d_year", 2).distinct("s_region", 5)
        .column("d_year", 1992, 1993, Double::parseDouble);
    assertEquals(1.0, widths.of("d_year", "1992", "1993"), 1e-12);
    widths.growing("d_year");
    assertEquals(2 * Arrival.GROWTH, widths.distinct("d_year"), 1e-12);
    assertEquals(5, widths.distinct("s_region"), 1e-12);
    // 1993 to 1994 on a span priced 1992 to 1994: half of it; and an open end reaches the priced end
    assertEquals(0.5, widths.of("d_year", "1993", "1994"), 1e-12);
    assertEquals(0.5, widths.of("d_year", "1993", null), 1e-12);
    // next year's scans found nothing: kept on the growing year, left out on the region
    ScanEntry nextYear = new ScanEntry(0, "t", List.of(ColumnFilter.of("d_year", Shape.EQUALS, 1)), 0, 8, 1);
    ScanEntry noRegion = new ScanEntry(0, "t", List.of(ColumnFilter.of("s_region", Shape.EQUALS, 1)), 0, 8, 1);
    WorkloadModel model = WorkloadModel.of(List.of(nextYear, noRegion), List.of("d_year", "s_region"), widths);
    assertEquals(List.of("d_year"), model.filtered());
    // a year of 4 priced years on 4 cuts: a quarter of the files, over both scans
    assertEquals(0.25 / 2, model.filesRead(List.of("d_year"), new double[] {4}), 1e-12);
    // cut twice now, the year is cut 4 times once the table has grown: its new rows come in past its end
    assertEquals(0.25 / 2, model.filesRead(List.of("d_year"), new double[] {2}), 1e-12);
    ScanEntry aYear = new ScanEntry(0, "t", nextYear.filters, 1, 8, 1);
    assertEquals(0.25, WorkloadModel.of(List.of(aYear), List.of("d_year"), widths)
        .filesRead(List.of("d_year"), new double[] {2}), 1e-12);
    // a table of 4 years that does not grow along them: 2 cuts read half the files
    assertEquals(0.5, WorkloadModel.of(List.of(aYear), List.of("d_year"), new RangeWidths().distinct("d_year", 4))
        .filesRead(List.of("d_year"), new double[] {2}), 1e-12);
    assertFalse(new RangeWidths().grows("d_year"));
  }
}
