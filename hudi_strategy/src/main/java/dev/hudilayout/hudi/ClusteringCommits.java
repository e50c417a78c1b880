package dev.hudilayout.hudi;

import dev.hudilayout.config.Json;
import dev.hudilayout.layout.LayoutMetadata;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a table's completed replacecommits (clustering among them) with their operation type and
 * extra metadata, as JSON, so Python and operators can see how the files were laid out.
 */
public final class ClusteringCommits {
  private ClusteringCommits() {
  }

  /** Every completed replacecommit, oldest first, as a JSON array of {@link #entry} objects. */
  public static String json(Configuration hadoopConf, String basePath) {
    HoodieTimeline timeline = TableClients.meta(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    List<Map<String, Object>> out = new ArrayList<>();
    for (HoodieInstant instant : timeline.getInstants()) {
      out.add(entry(instant, metadata(timeline, instant)));
    }
    return Json.write(out);
  }

  /**
   * The completed replacecommit {@code instant} (its requested time) as one {@link #entry} object,
   * "null" when no completed replacecommit has that time: only that commit's metadata is read.
   */
  public static String json(Configuration hadoopConf, String basePath, String instant) {
    HoodieTimeline timeline = TableClients.meta(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    for (HoodieInstant i : timeline.getInstants()) {
      if (HudiLine.get().instantTime(i).equals(instant)) {
        return Json.write(entry(i, metadata(timeline, i)));
      }
    }
    return Json.write(null);
  }

  /**
   * Whether a completed clustering on the active timeline recorded a layout of ours (its
   * {@code hudilayout.columns}): replacecommits are read newest first, up to the first such one.
   */
  public static boolean laidOutBefore(Configuration hadoopConf, String basePath) {
    HoodieTimeline timeline = TableClients.meta(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    List<HoodieInstant> newestFirst = new ArrayList<>(timeline.getInstants());
    Collections.reverse(newestFirst);
    for (HoodieInstant instant : newestFirst) {
      HoodieCommitMetadata md = metadata(timeline, instant);
      if (md.getOperationType() == WriteOperationType.CLUSTER
          && md.getExtraMetadata().containsKey(LayoutMetadata.COLUMNS.key())) {
        return true;
      }
    }
    return false;
  }

  private static HoodieCommitMetadata metadata(HoodieTimeline timeline, HoodieInstant instant) {
    try {
      return HudiLine.get().commitMetadata(timeline, instant);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read replacecommit " + instant, e);
    }
  }

  /** {@code {"instant", "action", "completed", "operation", "extra"}} for one replacecommit. */
  static Map<String, Object> entry(HoodieInstant instant, HoodieCommitMetadata md) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("instant", HudiLine.get().instantTime(instant));
    e.put("action", instant.getAction());
    e.put("completed", HudiLine.get().completionTime(instant));
    e.put("operation", String.valueOf(md.getOperationType()));
    e.put("extra", md.getExtraMetadata());
    return e;
  }

  /**
   * Every instant on the active timeline, oldest first, as JSON objects with {@code instant},
   * {@code action}, {@code state} (REQUESTED, INFLIGHT or COMPLETED) and {@code completed} (the
   * completion time, null while pending).
   */
  public static String timelineJson(Configuration hadoopConf, String basePath) {
    List<Map<String, Object>> out = new ArrayList<>();
    HoodieTimeline timeline = TableClients.meta(hadoopConf, basePath).getActiveTimeline();
    for (HoodieInstant instant : timeline.getInstants()) {
      out.add(timelineEntry(instant, HudiLine.get().action(timeline, instant)));
    }
    return Json.write(out);
  }

  /**
   * {@code {"instant", "action", "state", "completed"}} for one instant of {@link #timelineJson},
   * its action as {@link HudiLine#action} reports it.
   */
  static Map<String, Object> timelineEntry(HoodieInstant instant, String action) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("instant", HudiLine.get().instantTime(instant));
    e.put("action", action);
    e.put("state", instant.getState().name());
    e.put("completed", instant.isCompleted() ? HudiLine.get().completionTime(instant) : null);
    return e;
  }
}
