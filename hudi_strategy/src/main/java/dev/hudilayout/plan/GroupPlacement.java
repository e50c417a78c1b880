package dev.hudilayout.plan;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.placement.Placements;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.List;
import java.util.function.Supplier;

/**
 * Stages "placement" and "record" for one group, shared by the row-writer and RDD paths: the
 * group's {@link Placement}, chosen once ({@link Placements#forGroup}, or the continuous layout's
 * grid for a group with a {@link PlannedGroup}), and what it did recorded for the commit
 * ({@link AppliedLayouts}).
 */
public final class GroupPlacement {
  public final Placement placement;
  /**
   * The group's output files: the ones Hudi asked for, or for a continuous-layout group the
   * placement's own count (every file inside one cell: a cell with rows has at least one).
   */
  public final int files;

  private GroupPlacement(Placement placement, int files) {
    this.placement = placement;
    this.files = files;
  }

  /**
   * @param space           the instant's curve space, or null if the instant could not be sampled
   * @param groupSample     this group's rows in the instant's sample; when empty, the group samples
   *                        its own input ({@code ownSample}, called only then)
   * @param requestedFiles  the files Hudi asks for
   * @param planned         the group as the continuous plan planned it, or null
   * @param reach           per sort column, the share of the table's queries that reach the group's
   *                        partition ({@link dev.hudilayout.layout.grid.PartitionReach}), or null for all
   * @param applied         where the commit's record is gathered, or null
   */
  public static GroupPlacement choose(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                               Supplier<List<SampleRow>> ownSample, int requestedFiles, PlannedGroup planned,
                               double[] reach, AppliedLayouts applied) {
    int files = Math.max(1, requestedFiles);
    boolean instantSample = Placements.usesInstantSample(space, groupSample);
    if (planned == null) {
      Placement placement = Placements.forGroup(spec, space, groupSample, ownSample, files, reach);
      if (applied != null) {
        applied.record(spec, files, instantSample, placement);
      }
      return new GroupPlacement(placement, files);
    }
    GridPlacement placement = planned.placement(spec, space, groupSample, ownSample, files, reach);
    if (applied != null) {
      applied.record(spec, placement.files(), instantSample, placement);
      applied.continuous(planned, planned.treeAfter(placement));
    }
    return new GroupPlacement(placement, placement.files());
  }
}
