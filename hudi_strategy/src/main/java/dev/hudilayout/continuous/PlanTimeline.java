package dev.hudilayout.continuous;

import dev.hudilayout.plan.RecentWrites;

import org.apache.hudi.common.table.HoodieTableMetaClient;

import java.util.Map;

/** What the continuous plan reads from the timeline, once per plan (not once per partition). */
final class PlanTimeline {
  /** The newest recorded tree of every partition that has one. */
  final Map<String, RecordedGrids.Tree> grids;
  final CommitHistory history;
  /** The file groups the next write is likely to touch. */
  final RecentWrites recent;

  private PlanTimeline(Map<String, RecordedGrids.Tree> grids, CommitHistory history) {
    this.grids = grids;
    this.history = history;
    this.recent = history.recentWrites();
  }

  static PlanTimeline read(HoodieTableMetaClient metaClient) {
    CommitHistory history = CommitHistory.read(metaClient);
    return new PlanTimeline(RecordedGrids.newest(history.replacesNewestFirst()), history);
  }
}
