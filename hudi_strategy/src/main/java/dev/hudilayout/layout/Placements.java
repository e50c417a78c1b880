package dev.hudilayout.layout;

import dev.hudilayout.config.LayoutSpec;

import java.util.List;
import java.util.function.Supplier;

/**
 * Stage "placement", the choice: which {@link Placement} a group gets, made once per group. A
 * plain group gets the aligned grid ({@link GridPlacement#aligned}) when the spec asks for it,
 * else cuts along the curve ({@link CurvePlacement}); a group of the continuous layout always
 * gets a grid on which every file lies inside one cell ({@link #onGrid}).
 *
 * <p>Either way the placement is taken from the group's share of the instant's sample, in the
 * instant's space, when there is one; otherwise from a sample of the group's own input (taken
 * only then), in the instant's space if it exists.
 */
public final class Placements {
  private Placements() {
  }

  /** The placement of a group of no continuous-layout stage: aligned grid or curve, as {@code spec} says. */
  public static Placement forGroup(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                   Supplier<List<SampleRow>> ownSample, int files) {
    List<SampleRow> sample = sampleOf(instantSpace, groupSample, ownSample);
    CurveSpace space = spaceOf(spec, instantSpace, sample);
    return spec.aligned()
        ? GridPlacement.aligned(space, sample, files, spec.alignedTolerance(), spec.shares(), spec.gridBuckets())
        : CurvePlacement.fromSample(space, sample, files, spec.shares(), spec.alignedTolerance());
  }

  /**
   * The placement of a continuous-layout group, every file inside one cell: on {@code grid} when
   * given (new rows on the recorded grid), else on a grid drawn from the group's sample (a
   * partition's first layout: the aligned layout's cells, or equal buckets per column when it is
   * off). The grid it used is {@link GridPlacement#cells()}.
   */
  public static GridPlacement onGrid(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                     Supplier<List<SampleRow>> ownSample, int files, AlignedCells grid) {
    List<SampleRow> sample = sampleOf(instantSpace, groupSample, ownSample);
    CurveSpace space = spaceOf(spec, instantSpace, sample);
    if (grid != null) {
      return GridPlacement.onCells(space, sample, files, spec.alignedTolerance(), grid, null);
    }
    int n = Math.max(1, files);
    GridSearch.Choice choice = spec.aligned()
        ? GridPlacement.chooseGrid(space, sample, n, spec.alignedTolerance(), null, spec.gridBuckets(), true) : null;
    int[] k = choice != null ? choice.buckets() : AlignedCells.bucketsPerColumn(n, spec.columns().size());
    return GridPlacement.onCells(space, sample, files, spec.alignedTolerance(), AlignedCells.fromSample(sample, k, space),
        choice);
  }

  /** Whether a group's placement comes from the instant's sample (else from its own input's). */
  public static boolean usesInstantSample(CurveSpace instantSpace, List<SampleRow> groupSample) {
    return instantSpace != null && !groupSample.isEmpty();
  }

  private static List<SampleRow> sampleOf(CurveSpace instantSpace, List<SampleRow> groupSample,
                                          Supplier<List<SampleRow>> ownSample) {
    return usesInstantSample(instantSpace, groupSample) ? groupSample : ownSample.get();
  }

  private static CurveSpace spaceOf(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> sample) {
    return instantSpace != null ? instantSpace : CurveSpace.build(spec, sample, null, null);
  }
}
