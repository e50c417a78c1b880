package dev.hudilayout.layout;

import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.CurvePlacement;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ColumnWeightsTest {
  private static final double[] WORKLOAD = {0.6, 0.3, 0.1};

  /** Expected files a point query reads: sum p_i * files / k_i, with a dropped column reading all. */
  private static double expectedFiles(double[] shares, double[] buckets, int files) {
    double sum = 0;
    for (int i = 0; i < shares.length; i++) {
      sum += shares[i] * (buckets[i] >= 1 ? files / buckets[i] : files);
    }
    return sum;
  }

  @Test
  void bucketsFollowTheWeightsAndMultiplyToTheFileCount() {
    double[] k = ColumnWeights.buckets(WORKLOAD, 1000);
    assertEquals(22.9, k[0], 0.05);
    assertEquals(11.4, k[1], 0.05);
    assertEquals(3.8, k[2], 0.05);
    assertEquals(1000, k[0] * k[1] * k[2], 1e-6);
    // d * GM(p) * N^((d-1)/d): 3 * 0.262 * 100
    double gm = Math.cbrt(0.6 * 0.3 * 0.1);
    assertEquals(3 * gm * 100, expectedFiles(WORKLOAD, k, 1000), 1e-6);
    // equal weights: N^(1/d) each
    double[] equal = ColumnWeights.buckets(new double[] {1, 1, 1}, 1000);
    assertArrayEquals(new double[] {10, 10, 10}, equal, 1e-9);
  }

  @Test
  void aColumnThatEarnsLessThanOneBucketIsDroppedAndTheRestReallotted() {
    double[] k = ColumnWeights.buckets(new double[] {0.9, 0.09, 0.01}, 64);
    assertEquals(Collections.singletonList(2), ColumnWeights.dropped(k));
    assertEquals(0, k[2]);
    assertEquals(64, k[0] * k[1], 1e-6);
    assertEquals(10, k[0] / k[1], 1e-9);
    // a zero weight is dropped whatever the file count
    assertEquals(Collections.singletonList(1), ColumnWeights.dropped(ColumnWeights.buckets(new double[] {1, 0, 1}, 1000)));
    // with many files the same column earns its bucket
    assertTrue(ColumnWeights.dropped(ColumnWeights.buckets(new double[] {0.9, 0.09, 0.01}, 100_000)).isEmpty());
    assertArrayEquals(new double[] {1, 0.1, 0}, ColumnWeights.scales(k), 1e-9);
    // one file: nothing to cut, so nothing dropped for lack of weight
    assertArrayEquals(new double[] {1, 1, 0}, ColumnWeights.buckets(new double[] {0.9, 0.1, 0}, 1), 1e-9);
  }

  @Test
  void wholeBucketsStayNearTheRealAllotment() {
    int[] k = ColumnWeights.integerBuckets(WORKLOAD, 1000);
    assertArrayEquals(new int[] {22, 11, 4}, k);
    double real = expectedFiles(WORKLOAD, ColumnWeights.buckets(WORKLOAD, 1000), 1000);
    double whole = expectedFiles(WORKLOAD, ColumnWeights.asDoubles(k), 1000);
    assertTrue(whole <= real * 1.05, whole + " vs " + real);
    int[] dropped = ColumnWeights.integerBuckets(new double[] {0.9, 0.09, 0.01}, 64);
    assertEquals(1, dropped[2]);
    assertTrue(dropped[0] * dropped[1] <= 64 && dropped[0] * dropped[1] >= 48, Arrays.toString(dropped));
  }

  private static double workload(boolean aligned, double[] shares, List<SampleRow> sample, List<SampleRow> rows,
                                 int files) {
    return workload(Curve.HILBERT, aligned, shares, sample, rows, files);
  }

  private static double workload(Curve curve, boolean aligned, double[] shares, List<SampleRow> sample,
                                 List<SampleRow> rows, int files) {
    LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(curve).mapping(Mapping.SAMPLE)
        .aligned(aligned).weights(shares).build();
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    Placement model = aligned ? GridPlacement.aligned(space, sample, files, 0.25, spec.shares(), null)
        : CurvePlacement.fromSample(space, sample, files, spec.shares(), spec.alignedTolerance());
    PointQueries q = new PointQueries(model, rows);
    assertTrue(q.files.size() >= files * 0.9 && q.files.size() <= files, "files: " + q.files.size());
    return q.workloadFiles(WORKLOAD, 300);
  }

  /** The target at small scale: weighted layouts read >= 15% fewer files on the workload. */
  @Test
  void weightedLayoutsReadFewerFilesOnTheirWorkloadThanEqualHilbert() {
    int files = 216;
    List<SampleRow> sample = PointQueries.uniform(30_000, 3, 1);
    List<SampleRow> rows = PointQueries.uniform(108_000, 3, 2);
    double equal = workload(false, null, sample, rows, files);
    double weighted = workload(false, WORKLOAD, sample, rows, files);
    double alignedWeighted = workload(true, WORKLOAD, sample, rows, files);
    double bound = expectedFiles(WORKLOAD, ColumnWeights.buckets(WORKLOAD, files), files);
    String figures = String.format("equal hilbert %.1f, weighted hilbert %.1f, weighted aligned %.1f, bound %.1f",
        equal, weighted, alignedWeighted, bound);
    System.out.println("workload 0.6/0.3/0.1, " + files + " files: " + figures);
    assertTrue(weighted <= 0.85 * equal, figures);
    assertTrue(alignedWeighted <= 0.85 * equal, figures);
    assertTrue(alignedWeighted <= 1.15 * bound, figures);
    // z-order gains less: its files straddle more cells to begin with
    double zEqual = workload(Curve.ZORDER, false, null, sample, rows, files);
    double zWeighted = workload(Curve.ZORDER, false, WORKLOAD, sample, rows, files);
    System.out.printf("z-order: equal %.1f, weighted %.1f%n", zEqual, zWeighted);
    assertTrue(zWeighted <= 0.95 * zEqual, zEqual + " -> " + zWeighted);
  }
}
