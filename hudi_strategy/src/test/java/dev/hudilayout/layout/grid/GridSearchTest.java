package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.AlignedBucketCuts;
import dev.hudilayout.layout.mapping.BucketCuts;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grid chosen from the sample. Data sets are seeded and small; "files read" is counted from
 * each placed file's [min, max] per column (PointQueries), as the column-stats index would.
 */
class GridSearchTest {

  private static byte[] enc(long v) {
    return PointQueries.enc(v);
  }

  /** Rows of a city (250 values), its nation (city / 10, so a function of it) and a brand (1000 values). */
  private static List<SampleRow> cityNationBrand(int rows, long seed) {
    Random r = new Random(seed);
    List<SampleRow> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      int city = r.nextInt(250);
      out.add(new SampleRow("k" + seed + "-" + i, "f", new byte[][] {enc(city), enc(city / 10), enc(r.nextInt(1000))}));
    }
    return out;
  }

  private static Placement aligned(List<SampleRow> sample, int files, int[] fixed) {
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("city", "nation", "brand")).curve(Curve.HILBERT)
        .mapping(Mapping.SAMPLE).build();
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    return GridPlacement.aligned(space, sample, files, 0.25, null, fixed);
  }

  @Test
  void independentUniformColumnsGetEqualBuckets() {
    GridSearch.Choice c = GridSearch.choose(PointQueries.uniform(20_000, 3, 1), 64, null, Curve.HILBERT, 0.25, false);
    assertArrayEquals(new int[] {4, 4, 4}, c.buckets());
    assertArrayEquals(new int[] {-1, -1, -1}, c.determinants());
    for (double f : c.estimatedFiles()) {
      assertTrue(f >= 14 && f <= 18, Arrays.toString(c.estimatedFiles()));
    }
  }

  @Test
  void aColumnThatIsAFunctionOfAnotherSharesItsAxis() {
    List<SampleRow> sample = cityNationBrand(40_000, 1);
    int files = 100;
    GridSearch.Choice c = GridSearch.choose(sample, files, null, Curve.HILBERT, 0.25, false);
    // nation depends on city: not cut; city and brand take ~sqrt(100) buckets each
    assertArrayEquals(new int[] {-1, 0, -1}, c.determinants());
    assertEquals(1, c.buckets()[1], Arrays.toString(c.buckets()));
    assertTrue(c.buckets()[0] * c.buckets()[2] >= 80 && c.buckets()[0] * c.buckets()[2] <= 120,
        Arrays.toString(c.buckets()));

    // placed on rows it has not seen: city and brand point queries near the two-axis bound
    // sqrt(100) = 10, and fewer files than the formula grid that cuts all three columns alike
    List<SampleRow> rows = cityNationBrand(100_000, 2);
    PointQueries searched = new PointQueries(aligned(sample, files, null), rows);
    int[] formula = AlignedCells.bucketsPerColumn(files, 3);
    PointQueries byFormula = new PointQueries(aligned(sample, files, formula), rows);
    double city = averageFiles(searched, 0, 250);
    double brand = averageFiles(searched, 2, 1000);
    double cityFormula = averageFiles(byFormula, 0, 250);
    double brandFormula = averageFiles(byFormula, 2, 1000);
    String figures = String.format("searched %s: city %.1f brand %.1f; formula %s: city %.1f brand %.1f",
        Arrays.toString(c.buckets()), city, brand, Arrays.toString(formula), cityFormula, brandFormula);
    System.out.println("dependent pair, 100 files: " + figures);
    assertTrue(city <= 1.15 * 10 && brand <= 1.15 * 10, figures);
    assertTrue(city + brand < 0.8 * (cityFormula + brandFormula), figures);
  }

  /** Average over all values 0..values-1 of column c of the files whose [min, max] holds it. */
  private static double averageFiles(PointQueries q, int c, int values) {
    double total = 0;
    for (int v = 0; v < values; v++) {
      total += q.filesHolding(c, enc(v));
    }
    return total / values;
  }

  @Test
  void aUniqueKeyIsNotTakenToDetermineEverything() {
    List<SampleRow> rows = new ArrayList<>();
    Random r = new Random(5);
    for (int i = 0; i < 20_000; i++) {
      rows.add(new SampleRow("k" + i, "f", new byte[][] {enc(i), enc(r.nextInt(50)), enc(r.nextInt(50))}));
    }
    GridSearch.Choice c = GridSearch.choose(rows, 64, null, Curve.HILBERT, 0.25, false);
    assertArrayEquals(new int[] {-1, -1, -1}, c.determinants());
    for (int k : c.buckets()) {
      assertTrue(k > 1, Arrays.toString(c.buckets()));
    }
  }

  @Test
  void aColumnWithFewValuesGetsNoMoreBucketsThanValuesAndTheOthersMakeUpTheCells() {
    List<SampleRow> rows = new ArrayList<>();
    Random r = new Random(9);
    for (int i = 0; i < 20_000; i++) {
      rows.add(new SampleRow("k" + i, "f", new byte[][] {enc(r.nextInt(2)), enc(r.nextInt(100_000))}));
    }
    GridSearch.Choice c = GridSearch.choose(rows, 64, null, Curve.HILBERT, 0.25, false);
    assertEquals(2, c.buckets()[0], Arrays.toString(c.buckets()));
    assertTrue(c.buckets()[1] >= 28 && c.buckets()[1] <= 40, Arrays.toString(c.buckets()));
  }

  @Test
  void theSearchIsDeterministic() {
    List<SampleRow> sample = cityNationBrand(10_000, 3);
    assertArrayEquals(GridSearch.choose(sample, 50, null, Curve.HILBERT, 0.25, false).buckets(),
        GridSearch.choose(sample, 50, null, Curve.HILBERT, 0.25, false).buckets());
  }

  @Test
  void weightsMoveBucketsToTheHeavierColumn() {
    List<SampleRow> sample = PointQueries.uniform(20_000, 2, 4);
    int[] k = GridSearch.choose(sample, 64, new double[] {0.8, 0.2}, Curve.HILBERT, 0.25, false).buckets();
    assertTrue(k[0] > 2 * k[1], Arrays.toString(k));
  }

  /** A city (250) and its nation (city / 10), a brand (1000) and its category (brand / 40): two axes over four columns. */
  private static List<SampleRow> twoDependentPairs(int rows, long seed) {
    Random r = new Random(seed);
    List<SampleRow> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      int city = r.nextInt(250);
      int brand = r.nextInt(1000);
      out.add(new SampleRow("k" + seed + "-" + i, "f",
          new byte[][] {enc(city), enc(city / 10), enc(brand), enc(brand / 40)}));
    }
    return out;
  }

  /** Files the continuous layout makes on a grid: every non-empty cell cut on its own. */
  private static int filesInCells(List<SampleRow> sample, int[] k, int files) {
    java.util.Map<Long, Integer> cells = new java.util.HashMap<>();
    AlignedCells grid = AlignedCells.fromSample(sample, k, Curve.HILBERT);
    for (SampleRow row : sample) {
      cells.merge(grid.cellOfBox(row.values, row.values), 1, Integer::sum);
    }
    int[] sizes = cells.values().stream().mapToInt(Integer::intValue).toArray();
    return Arrays.stream(CellCuts.filesPerCell(sizes, files)).sum();
  }

  @Test
  void aGridForFilesInsideCellsKeepsTheFileCountItWasAskedFor() {
    for (int files : new int[] {8, 12, 64}) {
      List<SampleRow> sample = twoDependentPairs(30_000, files);
      GridSearch.Choice shared = GridSearch.choose(sample, files, null, Curve.HILBERT, 0.25, false);
      GridSearch.Choice inCells = GridSearch.choose(sample, files, null, Curve.HILBERT, 0.25, true);
      int sharedFiles = filesInCells(sample, shared.buckets(), files);
      int inCellsFiles = filesInCells(sample, inCells.buckets(), files);
      double[] sharedRead = GridSearch.evaluate(sample, files, shared.buckets(), Curve.HILBERT, 0.25, true)
          .estimatedFiles();
      double[] inCellsRead = inCells.estimatedFiles();
      String figures = String.format("%d files: cells shared %s -> %d files in cells, reads %s; inside cells %s -> "
              + "%d files, reads %s", files, Arrays.toString(shared.buckets()), sharedFiles, Arrays.toString(sharedRead),
          Arrays.toString(inCells.buckets()), inCellsFiles, Arrays.toString(inCellsRead));
      System.out.println(figures);
      assertTrue(inCellsFiles >= files && inCellsFiles <= Math.ceil(1.25 * files), figures);
      assertTrue(inCellsRead[0] + inCellsRead[2] <= sharedRead[0] + sharedRead[2] + 1e-9, figures);
    }
  }

  @Test
  void cutsOfADeterminantFollowItsDependentsValues() {
    // cities 250 -> nations 25, brands 1000 -> categories 25: 1000 files over two axes of 25
    // coarse values each. Equal-count cuts (~32 an axis) put most nations' ends inside a bucket,
    // and a point query on a nation reads about two buckets' files; cuts on the nations' ends read
    // its own rows' files only.
    int files = 1000;
    List<SampleRow> sample = twoDependentPairs(60_000, 11);
    GridSearch.Choice c = GridSearch.choose(sample, files, null, Curve.HILBERT, 0.25, false);
    assertArrayEquals(new int[] {1, -1, 3, -1}, c.alignedTo(), Arrays.toString(c.buckets()));
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("city", "nation", "brand", "category"))
        .curve(Curve.HILBERT).mapping(Mapping.SAMPLE).build();
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    List<SampleRow> rows = twoDependentPairs(200_000, 12);
    PointQueries searched = new PointQueries(GridPlacement.aligned(space, sample, files, 0.25, null, null), rows);
    int[] equalCountBuckets = GridSearch.choose(sample, files, null, Curve.HILBERT, 0.25, false, false).buckets();
    PointQueries equalCounts = new PointQueries(
        GridPlacement.aligned(space, sample, files, 0.25, null, equalCountBuckets), rows);
    double[] read = new double[4];
    double[] readEqual = new double[4];
    int[] values = {250, 25, 1000, 25};
    for (int col = 0; col < 4; col++) {
      read[col] = averageFiles(searched, col, values[col]);
      readEqual[col] = averageFiles(equalCounts, col, values[col]);
    }
    String figures = String.format("buckets %s aligned to %s: reads %s; searched with equal-count cuts %s: %s",
        Arrays.toString(c.buckets()), Arrays.toString(c.alignedTo()), Arrays.toString(read),
        Arrays.toString(equalCountBuckets), Arrays.toString(readEqual));
    System.out.println("two dependent pairs, 1000 files: " + figures);
    // a nation or a category holds 1/25 of the rows: at least 40 files, here within 15% of that
    assertTrue(read[1] <= 1.15 * files / 25 && read[3] <= 1.15 * files / 25, figures);
    assertTrue(Arrays.stream(read).sum() < 0.85 * Arrays.stream(readEqual).sum(), figures);
  }

  @Test
  void aPartnersGroupsBeginWhereItsMostCommonValueChanges() {
    // values 0, 1, 2 of a column; the partner's most common value per value: 5, 5 (5 and 6 tie: the lower), 6
    int[] ids = {0, 0, 0, 1, 1, 2, 2, 2};
    int[] partner = {0, 0, 1, 1, 0, 1, 1, 0};
    assertArrayEquals(new boolean[] {false, false, true}, AlignedBucketCuts.partnerChanges(ids, 3, partner, 2));
    // the same from sampled rows, as the grid is cut (valueIds ranks values in unsigned byte order)
    List<SampleRow> rows = new ArrayList<>();
    for (int i = 0; i < ids.length; i++) {
      rows.add(new SampleRow("k" + i, "f", new byte[][] {{(byte) (0x80 + ids[i])}, {(byte) (5 + partner[i])}}));
    }
    List<byte[]> distinct = new ArrayList<>();
    assertArrayEquals(ids, AlignedBucketCuts.valueIds(rows, 0, distinct));
    assertEquals(3, distinct.size());
    // two buckets: the cut falls where the partner's group changes, before value 2
    byte[][] lowers = AlignedBucketCuts.alignedLowerBounds(rows, 0, 1, 2);
    assertEquals(2, lowers.length);
    assertArrayEquals(new byte[] {(byte) 0x82}, lowers[1]);
  }

  @Test
  void alignedCutsFallOnTheGroupsEnds() {
    int[] runs = {10, 10, 10, 10, 10, 10, 10, 10, 10, 10};
    boolean[] groupStart = new boolean[10];
    groupStart[3] = true;  // groups: runs 0-2, 3-4, 5-9
    groupStart[5] = true;
    // fewer buckets than groups: whole groups per bucket
    assertArrayEquals(new int[] {0, 5}, AlignedBucketCuts.alignedStarts(runs, groupStart, 2));
    // more: every group's start, and the rest shared by rows (30, 20, 50 rows: 2, 1, 3 of 6)
    assertArrayEquals(new int[] {0, 1, 3, 5, 7, 8}, AlignedBucketCuts.alignedStarts(runs, groupStart, 6));
    assertArrayEquals(new int[] {0, 3, 5, 7}, AlignedBucketCuts.alignedStarts(runs, groupStart, 4));
    // equal counts would cut 4 buckets at runs 0, 2, 5, 7: run 2 of the first group shares a
    // bucket with the second group
    assertArrayEquals(new int[] {0, 2, 5, 7}, BucketCuts.bucketStarts(runs, 4));
  }
}
