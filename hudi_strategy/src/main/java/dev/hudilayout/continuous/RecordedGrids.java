package dev.hudilayout.continuous;

import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.layout.LayoutMetadata;

import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.exception.HoodieException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The region trees continuous clusterings recorded on the timeline: per partition, the one of the
 * newest completed replacecommit that recorded one for it ({@code hudilayout.continuous.grid.<partition>},
 * read with {@link dev.hudilayout.layout.grid.RegionTree#parse}; a grid recorded before trees is a tree of
 * one grid), with the sort columns that commit names ({@code hudilayout.columns}), the order of the
 * grid's axes. Read by the plan ({@link ContinuousPlanStrategy}), the layout report ({@code report.RegionsJson})
 * and the writes that put new rows on the grid ({@link RegionWritePartitioner}).
 *
 * <p>A partition moving to other sort columns ({@code plan.ColumnChange}) keeps two trees while it
 * moves: the newest, on the new columns, and the one its old regions still lie in, the newest
 * recorded on the columns the commit names under {@code hudilayout.continuous.moving.<partition>}
 * ({@link Tree#movingFrom}; a commit records it while old regions remain after it).
 */
public final class RecordedGrids {
  /** One partition's region tree as the commit recorded it (the text {@code RegionTree.parse} reads), and its columns. */
  public static final class Tree {
    public final String tree;
    public final List<String> columns;
    /** The columns of the layout the partition is moving from, as this tree's commit recorded them; empty when none. */
    public final List<String> movingFrom;

    Tree(String tree, List<String> columns, List<String> movingFrom) {
      this.tree = tree;
      this.columns = columns;
      this.movingFrom = movingFrom;
    }
  }

  private RecordedGrids() {
  }

  /** The newest recorded grid of every partition that has one, by partition path ("" unpartitioned). */
  public static Map<String, Tree> newest(HoodieTableMetaClient metaClient) {
    return newest(newestFirst(metaClient));
  }

  /** {@link #newest(HoodieTableMetaClient)} from replacecommits already read, newest first. */
  static Map<String, Tree> newest(List<HoodieCommitMetadata> replacesNewestFirst) {
    Map<String, Tree> out = new TreeMap<>();
    for (HoodieCommitMetadata commit : replacesNewestFirst) {
      trees(commit).forEach(out::putIfAbsent);
    }
    return out;
  }

  /**
   * The newest tree recorded for {@code partition} on {@code columns}, in that order, from
   * replacecommits newest first; null when none on the active timeline.
   */
  static Tree newestOn(List<HoodieCommitMetadata> replacesNewestFirst, String partition, List<String> columns) {
    for (HoodieCommitMetadata commit : replacesNewestFirst) {
      Tree tree = trees(commit).get(partition);
      if (tree != null && tree.columns.equals(columns)) {
        return tree;
      }
    }
    return null;
  }

  /** The trees one replacecommit recorded, by partition. */
  private static Map<String, Tree> trees(HoodieCommitMetadata commit) {
    Map<String, Tree> out = new TreeMap<>();
    Map<String, String> extra = commit.getExtraMetadata();
    String columns = extra.get(LayoutMetadata.COLUMNS.key());
    if (columns == null) {
      return out;
    }
    String prefix = LayoutMetadata.CONTINUOUS_GRID.key();
    for (Map.Entry<String, String> entry : extra.entrySet()) {
      if (entry.getKey().startsWith(prefix)) {
        String partition = entry.getKey().substring(prefix.length());
        String moving = extra.get(LayoutMetadata.CONTINUOUS_MOVING.key() + partition);
        out.put(partition, new Tree(entry.getValue(), split(columns), moving == null ? List.of() : split(moving)));
      }
    }
    return out;
  }

  private static List<String> split(String columns) {
    return Collections.unmodifiableList(Arrays.asList(columns.split(",")));
  }

  private static List<HoodieCommitMetadata> newestFirst(HoodieTableMetaClient metaClient) {
    HoodieTimeline timeline = metaClient.reloadActiveTimeline().getCompletedReplaceTimeline();
    List<HoodieInstant> instants = new ArrayList<>(timeline.getInstants());
    List<HoodieCommitMetadata> out = new ArrayList<>();
    for (int i = instants.size() - 1; i >= 0; i--) {
      try {
        out.add(HudiLine.get().commitMetadata(timeline, instants.get(i)));
      } catch (IOException e) {
        throw new HoodieException("hudi-layout: cannot read replacecommit " + instants.get(i), e);
      }
    }
    return out;
  }
}
