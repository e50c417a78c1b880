package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.grid.AlignedCells;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.layout.sample.SampleRow;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

class QuerySharesTest {

  private static byte[] v(int x) {
    return ByteBuffer.allocate(4).putInt(x).array();
  }

  @Test
  void aFileCountsWholeInsideTheRegionHalfAcrossItsEdgeAndNotAtAllOutside() {
    assertEquals(1.0, QueryShares.overlap(v(10), v(20), v(10), v(19)));
    assertEquals(1.0, QueryShares.overlap(null, null, v(0), v(99)), "open ends hold everything");
    assertEquals(0.0, QueryShares.overlap(v(10), v(20), v(20), v(30)), "the end is exclusive");
    assertEquals(0.0, QueryShares.overlap(v(10), v(20), v(0), v(9)));
    assertEquals(0.5, QueryShares.overlap(v(10), v(20), v(5), v(15)));
    assertEquals(0.5, QueryShares.overlap(v(10), null, v(5), v(15)));
    assertEquals(0.5, QueryShares.overlap(v(10), v(20), null, v(15)), "a file without stats may hold anything");
  }

  /**
   * Uniform rows of three columns on a grid that cut a and b in two and never cut c (what a first
   * clustering of 4 files draws), each cell's rows in 5 files: a region meets half the queries on
   * a and on b and every query on c, so c weighs twice as much as a or b in it.
   */
  @Test
  void aRegionOfAGridThatNeverCutAColumnWeighsThatColumnTwiceAsMuch() {
    Random random = new Random(3);
    List<SampleRow> rows = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      rows.add(new SampleRow("k" + i, null, new byte[][] {v(random.nextInt(1000)), v(random.nextInt(1000)),
          v(random.nextInt(1000))}));
    }
    AlignedCells grid = AlignedCells.fromSample(rows, new int[] {2, 2, 1}, Curve.HILBERT);
    Map<Long, List<SampleRow>> byCell = new TreeMap<>();
    for (SampleRow r : rows) {
      byCell.computeIfAbsent(grid.cellOrder(r.values), c -> new ArrayList<>()).add(r);
    }
    assertEquals(4, byCell.size());
    List<QueryShares.FileBox> files = new ArrayList<>();
    for (List<SampleRow> cell : byCell.values()) {
      cell.sort((x, y) -> Arrays.compareUnsigned(x.values[2], y.values[2]));
      int per = cell.size() / 5 + 1;
      for (int from = 0; from < cell.size(); from += per) {
        files.add(box(cell.subList(from, Math.min(cell.size(), from + per))));
      }
    }
    RegionTree tree = RegionTree.of(grid);
    List<String> paths = new ArrayList<>();
    byCell.keySet().forEach(c -> paths.add(Long.toString(c)));
    Map<String, double[]> shares = QueryShares.byRegion(tree, paths, files);
    assertEquals(paths, new ArrayList<>(shares.keySet()));
    for (double[] q : shares.values()) {
      assertEquals(1.0, q[0] + q[1] + q[2], 1e-9);
      assertEquals(0.25, q[0], 0.02, Arrays.toString(q));
      assertEquals(0.25, q[1], 0.02, Arrays.toString(q));
      assertEquals(0.50, q[2], 0.02, Arrays.toString(q));
    }
    // a region no cell has, and files without rows, give no shares
    assertNull(grid.cellBox(-5));
    assertNull(QueryShares.of(grid.cellBox(byCell.keySet().iterator().next()), List.of()));
  }

  /**
   * Rows in time order: a grid drawn on the first eighth cut the time column t once (and never
   * cut the other column); the seven eighths after it all lie past that cut. The region at the
   * edge meets about 7.5/8 of the queries on t (seven files, and half of the one across the cut),
   * nearly as many as on the uncut column, which every query meets; the region before it meets
   * 0.5/8 of them, so there t weighs almost nothing.
   */
  @Test
  void aDriftingColumnWeighsInTheRegionItFillsAndAlmostNothingBehindIt() {
    Random random = new Random(5);
    List<SampleRow> first = new ArrayList<>();
    List<QueryShares.FileBox> files = new ArrayList<>();
    for (int round = 0; round < 8; round++) {
      List<SampleRow> rows = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        rows.add(new SampleRow("k", null, new byte[][] {v(random.nextInt(1000)), v(round * 1000 + i)}));
      }
      if (round == 0) {
        first.addAll(rows);
      }
      files.add(box(rows));
    }
    AlignedCells grid = AlignedCells.fromSample(first, new int[] {1, 2}, Curve.HILBERT);
    long low = grid.cellOrder(new byte[][] {v(0), v(0)});
    long edge = grid.cellOrder(new byte[][] {v(0), v(7999)});
    assertTrue(low != edge);
    double[] atEdge = QueryShares.of(grid.cellBox(edge), files);
    double[] before = QueryShares.of(grid.cellBox(low), files);
    assertEquals(7.5 / 8, atEdge[1] / atEdge[0], 0.001, Arrays.toString(atEdge));
    assertEquals(0.5 / 8, before[1] / before[0], 0.001, Arrays.toString(before));
  }

  @Test
  void sharesReadBackAsWritten() {
    Map<String, double[]> shares = new java.util.LinkedHashMap<>();
    shares.put("3", new double[] {0.25, 0.25, 0.5});
    shares.put("12.4", new double[] {0.125, 0.375, 0.5});
    String text = QueryShares.format(shares);
    assertEquals("3:0.2500,0.2500,0.5000;12.4:0.1250,0.3750,0.5000", text);
    Map<String, double[]> back = QueryShares.parse(text);
    assertEquals(new ArrayList<>(shares.keySet()), new ArrayList<>(back.keySet()));
    for (String k : shares.keySet()) {
      assertArrayEquals(shares.get(k), back.get(k), 1e-9);
    }
    assertTrue(QueryShares.parse(null).isEmpty() && QueryShares.parse("").isEmpty());
    assertEquals(List.of("12.4"), new ArrayList<>(QueryShares.restrictedTo(shares, List.of("12.4", "7")).keySet()),
        "a group's regions, those without shares left out");
  }

  private static QueryShares.FileBox box(List<SampleRow> rows) {
    int d = rows.get(0).values.length;
    byte[][] min = new byte[d][];
    byte[][] max = new byte[d][];
    for (SampleRow r : rows) {
      for (int c = 0; c < d; c++) {
        if (min[c] == null || Arrays.compareUnsigned(r.values[c], min[c]) < 0) {
          min[c] = r.values[c];
        }
        if (max[c] == null || Arrays.compareUnsigned(r.values[c], max[c]) > 0) {
          max[c] = r.values[c];
        }
      }
    }
    return new QueryShares.FileBox(min, max, rows.size());
  }
}
