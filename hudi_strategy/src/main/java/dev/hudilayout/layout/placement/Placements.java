package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.grid.AlignedCells;
import dev.hudilayout.layout.grid.GridSearch;
import dev.hudilayout.layout.grid.PartitionReach;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The placement of a group the continuous plan did not plan: aligned grid or curve, as {@code spec}
   * says; the grid weighed by the {@code reach} of the group's partition ({@link PartitionReach}, null: all).
   */
  public static Placement forGroup(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                   Supplier<List<SampleRow>> ownSample, int files, double[] reach) {
    List<SampleRow> sample = sampleOf(instantSpace, groupSample, ownSample);
    CurveSpace space = spaceOf(spec, instantSpace, sample);
    return spec.aligned()
        ? GridPlacement.aligned(space, sample, files, spec.alignedTolerance(), spec.shares(), spec.gridBuckets(), reach)
        : CurvePlacement.fromSample(space, sample, files, spec.shares(), spec.alignedTolerance());
  }

  /**
   * The placement of a continuous-layout group, every file inside one cell: on {@code grid} when
   * given (new rows on the recorded grid), else on a grid drawn from the group's sample (a
   * partition's first layout: the aligned layout's cells, or equal buckets per column when it is
   * off). The grid it used is {@link GridPlacement#cells()}. On a given grid, a cell cut into
   * several files is cut on a grid of its own weighed by its {@code shares} (by cell order; a cell
   * without weighs its columns alike). A grid drawn from the sample is weighed by the {@code reach}
   * of the group's partition ({@link PartitionReach}, null: all).
   */
  public static GridPlacement onGrid(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                     Supplier<List<SampleRow>> ownSample, int files, AlignedCells grid,
                                     Map<Long, double[]> shares, double[] reach) {
    List<SampleRow> sample = sampleOf(instantSpace, groupSample, ownSample);
    CurveSpace space = spaceOf(spec, instantSpace, sample);
    if (grid != null) {
      return GridPlacement.onCells(space, sample, files, spec.alignedTolerance(), grid, null, shares);
    }
    int fileCount = Math.max(1, files);
    GridSearch.Choice choice = spec.aligned()
        ? GridPlacement.chooseGrid(space, sample, fileCount, spec.alignedTolerance(), PartitionReach.weigh(null, reach),
            spec.gridBuckets(), true) : null;
    AlignedCells cells = choice != null ? AlignedCells.fromSample(sample, choice, space)
        : AlignedCells.fromSample(sample, AlignedCells.bucketsPerColumn(fileCount, spec.columns().size()), space);
    return GridPlacement.onCells(space, sample, files, spec.alignedTolerance(), cells, choice);
  }

  /**
   * The placement of a continuous-layout group on the regions of {@code tree}, every file inside
   * one region. First each region named in {@code splits} is split: a grid of that many cells is
   * drawn from the region's sampled rows ({@link GridSearch#choose}, weighed by the region's
   * {@code shares}), and its cells become regions (their shares: the region's, each column's over
   * its buckets). Then every region cut into several files gets a grid of its own weighed by its
   * shares ({@link GridPlacement#onTree}). The grown tree is {@code nested().outer()}. Every
   * region's shares are weighed by the {@code reach} of the group's partition ({@link PartitionReach},
   * null: all): a region's share of its partition's queries, times the partition's of the table's.
   */
  public static GridPlacement onTree(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                     Supplier<List<SampleRow>> ownSample, int files, RegionTree tree,
                                     Map<String, Integer> splits, Map<String, double[]> shares, double[] reach) {
    List<SampleRow> sample = sampleOf(instantSpace, groupSample, ownSample);
    CurveSpace space = spaceOf(spec, instantSpace, sample);
    Map<String, double[]> weights = new HashMap<>();
    shares.forEach((path, regionShares) -> weights.put(path, PartitionReach.weigh(regionShares, reach)));
    RegionTree grown = tree;
    for (Map.Entry<String, Integer> split : splits.entrySet()) {
      String path = split.getKey();
      int number = grown.number(path);
      List<SampleRow> rows = new ArrayList<>();
      for (SampleRow row : sample) {
        if (number >= 0 && grown.cellOrder(row.values) == number) {
          rows.add(row);
        }
      }
      if (rows.size() < 2) {
        continue;
      }
      GridSearch.Choice choice = GridSearch.choose(rows, split.getValue(), weights.get(path), space.curve(),
          spec.alignedTolerance(), true);
      int[] buckets = choice.buckets();
      if (Arrays.stream(buckets).reduce(1, (a, b) -> a * b) < 2) {
        continue;
      }
      AlignedCells grid = AlignedCells.fromSample(rows, choice, space);
      grown = grown.split(path, grid);
      double[] parent = weights.get(path);
      for (long cell : grid.cellOrders()) {
        if (parent != null) {
          weights.put(path + "." + cell, ofCell(parent, buckets));
        }
      }
    }
    Map<Long, double[]> byNumber = new HashMap<>();
    for (Map.Entry<String, double[]> weight : weights.entrySet()) {
      int number = grown.number(weight.getKey());
      if (number >= 0) {
        byNumber.put((long) number, weight.getValue());
      }
    }
    return GridPlacement.onTree(space, sample, files, spec.alignedTolerance(), grown, byNumber);
  }

  /**
   * The query shares of a cell of a grid drawn in a region, from the region's: the cell holds
   * about 1/k_c of the region's values of column c, so it meets 1/k_c of the region's queries on c
   * (normalised again).
   */
  public static double[] ofCell(double[] region, int[] buckets) {
    double[] out = new double[region.length];
    for (int column = 0; column < out.length; column++) {
      out[column] = region[column] / Math.max(1, buckets[column]);
    }
    return ColumnWeights.shares(out);
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
