package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placements;
import dev.hudilayout.layout.sample.SampleRow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

class NestedCellsTest {
  private static final double TOLERANCE = LayoutOptions.ALIGNED_TOLERANCE.defaultValue();

  /** Hilbert over three columns a, b, c, mapped by a sample of every row. */
  private static CurveSpace space(List<SampleRow> rows) {
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE)
        .sampleSize(rows.size()).build();
    return CurveSpace.build(spec, rows, null, null);
  }

  @Test
  void aCellCutIntoSeveralFilesIsCutOnAGridOfItsOwnAndReadsFewerFiles() {
    // a grid recorded for 8 files (2 x 2 x 2) that now holds 10 times the rows: each cell is cut
    // into about 10 files, along the fine curve (flat) or on a grid drawn inside the cell (nested)
    List<SampleRow> rows = PointQueries.uniform(24_000, 3, 5);
    CurveSpace space = space(rows);
    AlignedCells recorded = AlignedCells.fromSample(rows.subList(0, 3000), new int[] {2, 2, 2}, space);
    int files = 80;
    double[] read = new double[2];
    int[] made = new int[2];
    for (int nested = 0; nested < 2; nested++) {
      GridPlacement model = GridPlacement.onCells(space, rows, files, TOLERANCE, recorded, null,
          nested == 1);
      assertEquals(nested == 1 ? 8 : 0, model.nested().cellsWithInnerGrids());
      PointQueries q = new PointQueries(model, rows);
      made[nested] = q.files.size();
      for (List<SampleRow> f : q.files.values()) {
        Set<Long> outer = new HashSet<>();
        for (SampleRow row : f) {
          outer.add(recorded.cellOrder(row.values));
        }
        assertEquals(1, outer.size(), "every file lies inside one recorded cell");
      }
      for (int c = 0; c < 3; c++) {
        read[nested] += q.averageFiles(c, 400, 31 + c) / 3;
      }
    }
    double bound = Math.pow(made[1], 2.0 / 3);
    System.out.printf("files per point query on a 2x2x2 grid, %d files: flat %.2f (%d files), nested %.2f "
        + "(%d files), bound %.2f%n", files, read[0], made[0], read[1], made[1], bound);
    assertTrue(made[1] >= files && made[1] <= files * 1.25, "files made " + made[1]);
    assertTrue(read[1] < 0.9 * read[0] * Math.pow((double) made[1] / made[0], 2.0 / 3), Arrays.toString(read));
    assertTrue(read[1] < 1.15 * bound, read[1] + " against the bound " + bound);
  }

  @Test
  void unsampledRowsOfACellLandInItsInnerGridAndOrdersStayInsideTheOuterCell() {
    List<SampleRow> rows = PointQueries.uniform(4000, 3, 9);
    CurveSpace space = space(rows);
    AlignedCells outer = AlignedCells.fromSample(rows, new int[] {2, 2, 1}, space);
    NestedCells nested = NestedCells.within(outer, space, rows.subList(0, 2000), 16, TOLERANCE);
    assertEquals(4, nested.cellsWithInnerGrids());
    // rows the inner grids never saw: ordered by their outer cell first, and the rows of one
    // outer cell spread over its inner cells
    List<SampleRow> unseen = rows.subList(2000, 4000);
    Set<Long> innerOfOneCell = new HashSet<>();
    for (int i = 0; i + 1 < unseen.size(); i++) {
      byte[][] a = unseen.get(i).values;
      byte[][] b = unseen.get(i + 1).values;
      int outerOrder = Long.compare(outer.cellOrder(a), outer.cellOrder(b));
      if (outerOrder != 0) {
        assertEquals(outerOrder, Long.compare(nested.cellOrder(a), nested.cellOrder(b)), "outer order leads");
      }
      if (outer.cellOrder(a) == 0) {
        innerOfOneCell.add(nested.cellOrder(a));
      }
    }
    assertTrue(innerOfOneCell.size() >= 3, "cell 0 is cut into inner cells: " + innerOfOneCell);
  }

  @Test
  void cellsOfAGridThatNeverCutAColumnCutItMoreFinelyWhenTheirSharesSaySo() {
    // a grid recorded for 4 files (2 x 2 x 1, c never cut) that now holds 64 files' rows: each
    // cell's own grid, drawn alike on every column, leaves a point query on c reading every
    // cell's c-stretch; weighed by the cells' query shares (c met by every query, a and b by
    // half), the cells cut c more finely and the three columns read about alike
    List<SampleRow> rows = PointQueries.uniform(24_000, 3, 11);
    CurveSpace space = space(rows);
    AlignedCells recorded = AlignedCells.fromSample(rows.subList(0, 2000), new int[] {2, 2, 1}, space);
    java.util.Map<Long, double[]> shares = new java.util.HashMap<>();
    for (long order : recorded.cellOrders()) {
      shares.put(order, new double[] {0.25, 0.25, 0.5});
    }
    double[][] read = new double[2][3];
    for (int weighed = 0; weighed < 2; weighed++) {
      GridPlacement model = GridPlacement.onCells(space, rows, 64, TOLERANCE, recorded, null,
          weighed == 1 ? shares : java.util.Map.of());
      PointQueries q = new PointQueries(model, rows);
      for (int c = 0; c < 3; c++) {
        read[weighed][c] = q.averageFiles(c, 400, 41 + c);
      }
    }
    System.out.printf("files per point query on a, b, c inside a 2x2x1 grid: alike %s, weighed %s%n",
        Arrays.toString(read[0]), Arrays.toString(read[1]));
    double alikeWorst = Arrays.stream(read[0]).max().getAsDouble();
    double weighedWorst = Arrays.stream(read[1]).max().getAsDouble();
    assertTrue(read[0][2] > 1.3 * read[0][0], "alike, c reads the most: " + Arrays.toString(read[0]));
    assertTrue(weighedWorst < 0.85 * alikeWorst, Arrays.toString(read[1]) + " against " + Arrays.toString(read[0]));
    assertTrue(Arrays.stream(read[1]).sum() <= Arrays.stream(read[0]).sum() * 1.02, Arrays.toString(read[1]));
  }

  @Test
  void aSplitRegionGetsAGridFromItsRowsAndEveryFileLiesInOneRegionOfTheGrownTree() {
    List<SampleRow> rows = PointQueries.uniform(12_000, 3, 13);
    CurveSpace space = space(rows);
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE)
        .sampleSize(rows.size()).build();
    RegionTree tree = RegionTree.of(AlignedCells.fromSample(rows.subList(0, 1000), new int[] {2, 2, 1}, space));
    String split = tree.path(1);
    java.util.Map<String, double[]> shares = java.util.Map.of(split, new double[] {0.25, 0.25, 0.5});
    GridPlacement model = Placements.onTree(spec, space, rows, () -> rows, 40, tree, java.util.Map.of(split, 4),
        shares, null);
    RegionTree grown = (RegionTree) model.nested().outer();
    assertEquals(7, grown.regions(), "region " + split + " split into 4 cells");
    assertEquals(-1, grown.number(split));
    int[] k = grown.splits().get(split).buckets();
    assertEquals(4, k[0] * k[1] * k[2]);
    assertTrue(k[2] >= 2, "c, met by every query, is cut: " + Arrays.toString(k));
    PointQueries q = new PointQueries(model, rows);
    for (List<SampleRow> f : q.files.values()) {
      Set<Long> regions = new HashSet<>();
      for (SampleRow row : f) {
        regions.add(grown.cellOrder(row.values));
      }
      assertEquals(1, regions.size(), "every file lies inside one region of the grown tree");
    }
    // a child's shares: the region's, each column's over its buckets
    assertEquals(0.5 / k[2] / (0.25 / k[0] + 0.25 / k[1] + 0.5 / k[2]),
        Placements.ofCell(new double[] {0.25, 0.25, 0.5}, k)[2], 1e-9);
  }
}
