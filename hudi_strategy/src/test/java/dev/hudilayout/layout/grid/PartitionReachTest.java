package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A partition's columns weigh what the table's point queries on them reach there: a table
 * partitioned by stretches of a date-like column (column 0), whose other columns every partition
 * holds whole.
 */
class PartitionReachTest {
  private static final int PARTITIONS = 10;
  private static final int SPAN = 100_000;

  /** Rows of partition p: column 0 in p's tenth of [0, SPAN), columns 1 and 2 anywhere in it. */
  private static List<SampleRow> partition(int p, int rows, long seed) {
    Random r = new Random(seed * 31 + p);
    List<SampleRow> out = new ArrayList<>();
    int width = SPAN / PARTITIONS;
    for (int i = 0; i < rows; i++) {
      out.add(new SampleRow("p" + p + "-" + i, "f" + p, new byte[][] {
          PointQueries.enc(p * width + r.nextInt(width)), PointQueries.enc(r.nextInt(SPAN)),
          PointQueries.enc(r.nextInt(SPAN))}));
    }
    return out;
  }

  private static Map<String, List<SampleRow>> table(int rowsEach) {
    Map<String, List<SampleRow>> out = new LinkedHashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      out.put("day=" + p, partition(p, rowsEach, 1));
    }
    return out;
  }

  private static List<SampleRow> uniformOf(Map<String, List<SampleRow>> byPartition) {
    List<SampleRow> all = new ArrayList<>();
    byPartition.values().forEach(all::addAll);
    return all;
  }

  @Test
  void aDatePartitionIsReachedByItsShareOfTheDatesAndByEveryOtherQuery() {
    Map<String, List<SampleRow>> parts = table(2_000);
    Map<String, double[]> reach = PartitionReach.of(uniformOf(parts), parts);
    assertEquals(parts.keySet(), reach.keySet());
    for (double[] r : reach.values()) {
      assertEquals(0.1, r[0], 0.01, Arrays.toString(r));
      assertTrue(r[1] > 0.99 && r[2] > 0.99, Arrays.toString(r));
    }
  }

  @Test
  void oneOrNoPartitionHasNothingToCompareWith() {
    List<SampleRow> rows = partition(0, 500, 2);
    assertTrue(PartitionReach.of(rows, Map.of("", rows)).isEmpty());
    assertTrue(PartitionReach.of(List.of(), table(10)).isEmpty());
  }

  @Test
  void aColumnAPartitionHoldsOnlyNullsForIsAlmostNeverReached() {
    Map<String, List<SampleRow>> parts = new LinkedHashMap<>();
    parts.put("a", List.of(new SampleRow("k1", "f", new byte[][] {null, PointQueries.enc(1)})));
    parts.put("b", List.of(new SampleRow("k2", "f", new byte[][] {PointQueries.enc(5), PointQueries.enc(2)})));
    double[] a = PartitionReach.of(uniformOf(parts), parts).get("a");
    assertEquals(1.0 / 3, a[0], 1e-12);   // no value at all: (0 + 1) / (2 + 1)
    assertEquals(2.0 / 3, a[1], 1e-12);   // its own row of the two
  }

  @Test
  void weightsAreTheSharesTimesTheReach() {
    assertArrayEquals(new double[] {0.1 / 2.1, 1 / 2.1, 1 / 2.1}, PartitionReach.weigh(null, new double[] {0.1, 1, 1}),
        1e-12);
    assertArrayEquals(new double[] {0.5, 0.5, 0}, PartitionReach.weigh(new double[] {0.5, 0.25, 0.25},
        new double[] {0.5, 1, 0}), 1e-12);
    double[] shares = {0.2, 0.8};
    assertSame(shares, PartitionReach.weigh(shares, null));
    assertNull(PartitionReach.weigh(null, null));
  }

  /**
   * A partition of four files: weighed by its reach, its grid leaves the date uncut (a tenth of the
   * date queries reach it) and cuts both other columns, so a query on either reads half the files,
   * not all of them; over the table's queries the partition is read less.
   */
  @Test
  void aSmallDatePartitionSpendsItsCutsOnTheColumnsEveryQueryReaches() {
    Map<String, List<SampleRow>> parts = table(4_000);
    List<SampleRow> rows = parts.get("day=3");
    double[] reach = PartitionReach.of(uniformOf(parts), parts).get("day=3");
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("day", "a", "b")).curve(Curve.HILBERT)
        .mapping(Mapping.SAMPLE).build();
    CurveSpace space = CurveSpace.build(spec, uniformOf(parts), null, null);
    int files = 4;
    GridPlacement weighed = GridPlacement.aligned(space, rows, files, 0.25, null, null, reach);
    GridPlacement alike = GridPlacement.aligned(space, rows, files, 0.25, null, null);
    double[] k = weighed.columnBuckets();
    assertEquals(1, k[0], 1e-9, Arrays.toString(k));
    assertTrue(k[1] >= 2 && k[2] >= 2, Arrays.toString(k));
    assertTrue(alike.columnBuckets()[0] > 1, "without the reach the date is cut: " + Arrays.toString(alike.columnBuckets()));
    assertTrue(readByTableQueries(weighed, rows, reach) < readByTableQueries(alike, rows, reach));
    for (int c = 1; c <= 2; c++) {
      assertTrue(new PointQueries(weighed, rows).averageFiles(c, 400, 5) <= files / 2.0 + 0.5);
    }
  }

  /** Files of the partition a point query on each column reads, weighed by the share of its queries that reach it. */
  private static double readByTableQueries(GridPlacement model, List<SampleRow> rows, double[] reach) {
    PointQueries q = new PointQueries(model, rows);
    double total = 0;
    for (int c = 0; c < reach.length; c++) {
      double read = 0;
      for (SampleRow row : rows.subList(0, 400)) {
        read += q.filesHolding(c, row.values[c]);
      }
      total += reach[c] * read / 400;
    }
    return total;
  }
}
