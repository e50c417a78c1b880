package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.CurvePlacement;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AlignedCellsTest {

  private static byte[] enc(long v) {
    return PointQueries.enc(v);
  }

  @Test
  void bucketsHaveTheLargestEvenProductNotAboveTheFiles() {
    assertArrayEquals(new int[] {10, 10, 10}, AlignedCells.bucketsPerColumn(1000, 3));
    assertArrayEquals(new int[] {4, 2, 2}, AlignedCells.bucketsPerColumn(16, 3));
    assertArrayEquals(new int[] {4, 4, 4}, AlignedCells.bucketsPerColumn(64, 3));
    assertArrayEquals(new int[] {8, 8}, AlignedCells.bucketsPerColumn(64, 2));
    assertArrayEquals(new int[] {7}, AlignedCells.bucketsPerColumn(7, 1));
    int[] k = AlignedCells.bucketsPerColumn(961, 3);
    assertEquals(900, k[0] * k[1] * k[2]);
  }

  private static List<SampleRow> uniform(int rows, int d, long seed) {
    return PointQueries.uniform(rows, d, seed);
  }

  private static Map<Integer, List<SampleRow>> byFile(Placement m, List<SampleRow> rows) {
    return new PointQueries(m, rows).files;
  }

  @Test
  void onUniformDataEachFileIsOneCellAndAPointQueryReadsNearTheBound() {
    int files = 64;
    int d = 3;
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE).build();
    List<SampleRow> sample = uniform(20_000, d, 1);
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    GridPlacement model = GridPlacement.aligned(space, sample, files, 0.25, null, null);
    assertArrayEquals(new int[] {4, 4, 4}, model.cells().buckets());
    List<SampleRow> rows = uniform(64_000, d, 2);
    Map<Integer, List<SampleRow>> placed = byFile(model, rows);
    assertEquals(files, placed.size());
    for (List<SampleRow> f : placed.values()) {
      double share = f.size() / (rows.size() / (double) files);
      assertTrue(share > 0.7 && share < 1.3, "file size " + share + " of the target");
    }
    // a point query on each column: files whose [min, max] holds a value; bound 64^(2/3) = 16
    PointQueries queries = new PointQueries(model, rows);
    for (int c = 0; c < d; c++) {
      double avg = queries.averageFiles(c, 200, c);
      assertTrue(avg <= 16 * 1.15, "column " + c + ": " + avg + " files per point query, bound 16");
    }
  }

  @Test
  void aHeavyCellIsSplitAndSmallCellsMergedWithinTheTolerance() {
    int files = 16;
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b")).curve(Curve.ZORDER).mapping(Mapping.SAMPLE).build();
    Random r = new Random(3);
    List<SampleRow> rows = new ArrayList<>();
    for (int i = 0; i < 32_000; i++) {
      // half the rows hold one value in both columns: one cell with half the data
      boolean heavy = i % 2 == 0;
      long a = heavy ? 7 : r.nextInt(1000);
      long b = heavy ? 7 : r.nextInt(1000);
      rows.add(new SampleRow("k" + i, "f", new byte[][] {enc(a), enc(b)}));
    }
    CurveSpace space = CurveSpace.build(spec, rows, null, null);
    Placement model = GridPlacement.aligned(space, rows, files, 0.25, null, null);
    Map<Integer, List<SampleRow>> placed = byFile(model, rows);
    assertTrue(placed.size() <= files && placed.size() >= files - 2, "files: " + placed.size());
    Set<Integer> heavyFiles = new HashSet<>();
    for (Map.Entry<Integer, List<SampleRow>> e : placed.entrySet()) {
      double share = e.getValue().size() / (rows.size() / (double) files);
      assertTrue(share < 1.6, "file " + e.getKey() + " holds " + share + " of the target");
      for (SampleRow row : e.getValue()) {
        if (Arrays.equals(row.values[0], enc(7)) && Arrays.equals(row.values[1], enc(7))) {
          heavyFiles.add(e.getKey());
        }
      }
    }
    assertTrue(heavyFiles.size() >= 7, "the heavy cell was split over " + heavyFiles.size() + " files");
  }

  /** Inside a file the long sort value keeps the key order (the file's rows lie in one cell here). */
  @Test
  void theOrderInsideAFileFollowsTheKey() {
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE).build();
    List<SampleRow> sample = uniform(8_000, 3, 1);
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    for (Placement model : Arrays.asList(GridPlacement.aligned(space, sample, 8, 0.25, null, null),
        CurvePlacement.fromSample(space, sample, 8, null, 0.25))) {
      Map<Integer, List<Comparable<?>>> byFile = new HashMap<>();
      for (SampleRow row : uniform(4_000, 3, 2)) {
        Comparable<?> key = model.key(row.values, row.recordKey);
        byFile.computeIfAbsent(model.file(key), f -> new ArrayList<>()).add(key);
      }
      for (List<Comparable<?>> keys : byFile.values()) {
        keys.sort(null);
        long previous = -1;
        for (Comparable<?> key : keys) {
          long order = model.orderInFile(key, 49);
          assertTrue(order >= previous && order < (1L << 49), key + ": " + order + " after " + previous);
          previous = order;
        }
      }
    }
  }

  /** A sample of fewer rows than files (a one-row table) yields cuts that each hold a row. */
  @Test
  void aSampleSmallerThanTheFileCountStillCuts() {
    assertEquals(0, CellCuts.cutCells(new int[] {1}, 8, 0.25).size());
    List<CellCut> cuts = CellCuts.cutCells(new int[] {3}, 8, 0.25);
    assertEquals(2, cuts.size());
    assertArrayEquals(new int[] {0, 1}, new int[] {cuts.get(0).cell, cuts.get(0).rowsBelow});
    assertArrayEquals(new int[] {0, 2}, new int[] {cuts.get(1).cell, cuts.get(1).rowsBelow});
  }

  /** Cells kept whole within the tolerance would leave fewer files: the largest are halved. */
  @Test
  void theFileCountAskedForIsReached() {
    // 15 cells of 107 rows for 16 files of 100: each cell within the tolerance, one file short
    int[] sizes = new int[15];
    Arrays.fill(sizes, 107);
    List<CellCut> cuts = CellCuts.cutCells(sizes, 16, 0.25);
    assertEquals(15, cuts.size());
    long inside = cuts.stream().filter(c -> c.rowsBelow < sizes[c.cell]).count();
    assertEquals(1, inside, "one cell is halved, the other cuts stay on cell boundaries");
    // a big cell and a small one, 3 files: the big one is halved, not cut off the small one
    List<CellCut> two = CellCuts.cutCells(new int[] {100, 10}, 3, 0.25);
    assertEquals(2, two.size());
  }

  /**
   * A value holding half the rows is one bucket and the other values share the other buckets
   * evenly; quantile cuts would spend half the cuts inside that value, leaving it several empty
   * buckets and the rest of the column four wide ones.
   */
  @Test
  void aHeavyValueTakesOneBucketAndTheOthersShareTheRest() {
    Random r = new Random(9);
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      long a = r.nextBoolean() ? 500 : r.nextInt(1000);
      sample.add(new SampleRow("k" + i, "f", new byte[][] {enc(a), enc(r.nextInt(1000))}));
    }
    AlignedCells cells = AlignedCells.fromSample(sample, new int[] {8, 2}, Curve.HILBERT);
    int[] perBucket = new int[8];
    for (SampleRow row : sample) {
      perBucket[cells.bucket(0, row.values[0])]++;
    }
    int heavy = cells.bucket(0, enc(500));
    for (int b = 0; b < 8; b++) {
      assertTrue(perBucket[b] > 0, "bucket " + b + " is empty: " + Arrays.toString(perBucket));
      if (b != heavy) {
        // the other half of the rows over 7 buckets: about 1430 each
        assertTrue(perBucket[b] > 1000 && perBucket[b] < 1900, Arrays.toString(perBucket));
      }
    }
    assertTrue(perBucket[heavy] > 10_000, Arrays.toString(perBucket));
  }

  /**
   * The skewed c_city of the benchmark in small: one value holds half the rows and only a few
   * rare values sort after it. With 6 buckets their proportional share is under one bucket; they
   * still get one of their own rather than sharing the heavy value's, whose files every query on
   * them would then read.
   */
  @Test
  void rareValuesBesideAHeavyOneKeepABucketOfTheirOwn() {
    // 250 values 0, 4, ..., 996 of 40 rows each, and 900 with 10,000 more: the 24 values above
    // 900 hold 960 rows, 0.48 of a light bucket's share against the 225 below it (4.52)
    List<SampleRow> sample = new ArrayList<>();
    Random r = new Random(11);
    for (int v = 0; v < 1000; v += 4) {
      for (int i = 0; i < (v == 900 ? 10_040 : 40); i++) {
        sample.add(new SampleRow("k" + sample.size(), "f", new byte[][] {enc(v), enc(r.nextInt(1000))}));
      }
    }
    AlignedCells cells = AlignedCells.fromSample(sample, new int[] {6, 2}, Curve.HILBERT);
    int heavy = cells.bucket(0, enc(900));
    for (long rare = 904; rare <= 996; rare += 4) {
      assertTrue(cells.bucket(0, enc(rare)) != heavy, "value " + rare + " shares the heavy value's bucket");
    }
    assertTrue(cells.bucket(0, enc(896)) != heavy, "the value below shares the heavy value's bucket");
  }

  /**
   * The cells' orders along the curve, which a write on the grid numbers its Spark partitions by:
   * one per cell, distinct and ascending, and every row's cell order among them, for bucket counts
   * that are not powers of two (the orders then leave gaps).
   */
  @Test
  void everyCellHasOneOrderAndEveryRowsCellIsAmongThem() {
    List<SampleRow> sample = uniform(5000, 3, 19);
    for (Curve curve : new Curve[] {Curve.HILBERT, Curve.ZORDER}) {
      AlignedCells cells = AlignedCells.fromSample(sample, new int[] {3, 5, 2}, curve);
      long[] orders = cells.cellOrders();
      assertEquals(30, orders.length);
      for (int i = 1; i < orders.length; i++) {
        assertTrue(orders[i - 1] < orders[i], curve + ": orders not distinct and ascending at " + i);
      }
      Set<Long> hit = new HashSet<>();
      for (SampleRow row : sample) {
        long order = cells.cellOrder(row.values);
        assertTrue(Arrays.binarySearch(orders, order) >= 0, curve + ": a row's cell order " + order + " is missing");
        hit.add(order);
      }
      assertEquals(30, hit.size(), curve + ": 5,000 uniform rows reach every cell");
      assertTrue(orders[orders.length - 1] >= 30, curve + ": with 3 and 5 buckets the orders leave gaps");
    }
  }

  /** The row-placement fast path puts every row where its key and the file cuts say. */
  @Test
  void placementAgreesWithTheKeyAndTheCuts() {
    int[] tokens = new int[64];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = 1000 + 7 * i;
    }
    for (int d : new int[] {2, 3, 12}) {
      List<String> cols = new ArrayList<>();
      for (int c = 0; c < d; c++) {
        cols.add("c" + c);
      }
      LayoutSpec spec = LayoutSpec.builder(cols).curve(Curve.HILBERT).mapping(Mapping.SAMPLE).build();
      List<SampleRow> sample = uniform(5_000, d, 3);
      CurveSpace space = CurveSpace.build(spec, sample, null, null);
      for (Placement m : new Placement[] {
          CurvePlacement.fromSample(space, sample, 64, null, 0.25), GridPlacement.aligned(space, sample, 64, 0.25, null, null)}) {
        for (SampleRow row : uniform(3_000, d, 4)) {
          Comparable<?> key = m.key(row.values, row.recordKey);
          long expected = ((long) tokens[m.file(key)] << 40) | m.orderInFile(key, 40);
          assertEquals(expected, m.placement(row.values, CurveSpace.rowHash(row.recordKey), tokens, 40), "d=" + d);
        }
      }
    }
  }

  @Test
  void filesInsideCellsAreSharedOutSoTheirSizesStayEven() {
    // one file per non-empty cell, then each further file to the cell whose files are largest
    assertArrayEquals(new int[] {0, 1, 1, 4}, CellCuts.filesPerCell(new int[] {0, 10, 1, 30}, 6));
    // fewer files asked for than cells with rows: still one per cell
    assertArrayEquals(new int[] {1, 1, 1}, CellCuts.filesPerCell(new int[] {5, 5, 5}, 2));
    // never more files than rows in a cell
    assertArrayEquals(new int[] {2}, CellCuts.filesPerCell(new int[] {2}, 5));
  }

  @Test
  void cutsInsideACellEndBlocksOfTheFineKeyWithinTheTolerance() {
    // 8 cells of about 3000 rows and 64 files: each cell is cut into 8 files along its fine key,
    // by the aligned layout (grid fixed at 2 x 2 x 2) and on a recorded grid (continuous layout)
    List<SampleRow> rows = uniform(24_000, 3, 8);
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE)
        .sampleSize(rows.size()).build();
    CurveSpace space = CurveSpace.build(spec, rows, null, null);
    int[] k = {2, 2, 2};
    AlignedCells recorded = AlignedCells.fromSample(rows, k, space);
    int files = 64;
    double target = (double) rows.size() / files;
    for (boolean onRecordedGrid : new boolean[] {false, true}) {
      double[] tolerances = {1e-9, spec.alignedTolerance()};
      double[] read = new double[tolerances.length];
      for (int t = 0; t < tolerances.length; t++) {
        GridPlacement model = onRecordedGrid ? GridPlacement.onCells(space, rows, files, tolerances[t], recorded, null, false)
            : GridPlacement.aligned(space, rows, files, tolerances[t], null, k);
        PointQueries q = new PointQueries(model, rows);
        assertEquals(files, q.files.size());
        for (List<SampleRow> f : q.files.values()) {
          Set<Long> inCells = new HashSet<>();
          for (SampleRow row : f) {
            inCells.add(model.cells().cellOrder(row.values));
          }
          assertEquals(1, inCells.size());
          // the sample is every row; cells hold 8 files' rows give or take a few percent
          assertTrue(Math.abs(f.size() - target) <= (tolerances[t] + 0.05) * target, f.size() + " of " + target);
        }
        for (int c = 0; c < 3; c++) {
          read[t] += q.averageFiles(c, 400, 21 + c) / 3;
        }
      }
      System.out.printf("%s: files per point query, cells cut at equal counts %.2f, on blocks %.2f%n",
          onRecordedGrid ? "recorded grid" : "aligned", read[0], read[1]);
      assertTrue(read[1] < 0.95 * read[0], (onRecordedGrid ? "recorded grid " : "aligned ") + Arrays.toString(read));
    }
  }
}
