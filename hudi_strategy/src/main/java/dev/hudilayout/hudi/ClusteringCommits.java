package dev.hudilayout.hudi;

import dev.hudilayout.layout.LayoutMetadata;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
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
    HoodieTimeline timeline = client(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    StringBuilder sb = new StringBuilder("[");
    for (HoodieInstant instant : timeline.getInstants()) {
      sb.append(sb.length() > 1 ? "," : "").append(entry(instant, metadata(timeline, instant)));
    }
    return sb.append(']').toString();
  }

  /**
   * The completed replacecommit {@code instant} (its requested time) as one {@link #entry} object,
   * "null" when no completed replacecommit has that time: only that commit's metadata is read.
   */
  public static String json(Configuration hadoopConf, String basePath, String instant) {
    HoodieTimeline timeline = client(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    for (HoodieInstant i : timeline.getInstants()) {
      if (i.requestedTime().equals(instant)) {
        return entry(i, metadata(timeline, i));
      }
    }
    return "null";
  }

  /**
   * Whether a completed clustering on the active timeline recorded a layout of ours (its
   * {@code hudilayout.columns}): replacecommits are read newest first, up to the first such one.
   */
  public static boolean laidOutBefore(Configuration hadoopConf, String basePath) {
    HoodieTimeline timeline = client(hadoopConf, basePath).getActiveTimeline().getCompletedReplaceTimeline();
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

  private static HoodieTableMetaClient client(Configuration hadoopConf, String basePath) {
    return HoodieTableMetaClient.builder().setConf(new HadoopStorageConfiguration(hadoopConf))
        .setBasePath(basePath).build();
  }

  private static HoodieCommitMetadata metadata(HoodieTimeline timeline, HoodieInstant instant) {
    try {
      return timeline.readReplaceCommitMetadata(instant);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read replacecommit " + instant, e);
    }
  }

  /** {@code {"instant", "action", "completed", "operation", "extra"}} for one replacecommit. */
  private static String entry(HoodieInstant instant, HoodieCommitMetadata md) {
    StringBuilder sb = new StringBuilder("{\"instant\":").append(quote(instant.requestedTime()))
        .append(",\"action\":").append(quote(instant.getAction()))
        .append(",\"completed\":").append(quote(instant.getCompletionTime()))
        .append(",\"operation\":").append(quote(String.valueOf(md.getOperationType())))
        .append(",\"extra\":{");
    boolean firstEntry = true;
    for (Map.Entry<String, String> e : md.getExtraMetadata().entrySet()) {
      sb.append(firstEntry ? "" : ",").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
      firstEntry = false;
    }
    return sb.append("}}").toString();
  }

  /**
   * Every instant on the active timeline, oldest first, as JSON objects with {@code instant},
   * {@code action}, {@code state} (REQUESTED, INFLIGHT or COMPLETED) and {@code completed} (the
   * completion time, null while pending).
   */
  public static String timelineJson(Configuration hadoopConf, String basePath) {
    StringBuilder sb = new StringBuilder("[");
    for (HoodieInstant instant : client(hadoopConf, basePath).getActiveTimeline().getInstants()) {
      sb.append(sb.length() > 1 ? "," : "").append("{\"instant\":").append(quote(instant.requestedTime()))
          .append(",\"action\":").append(quote(instant.getAction()))
          .append(",\"state\":").append(quote(instant.getState().name()))
          .append(",\"completed\":").append(quote(instant.isCompleted() ? instant.getCompletionTime() : null))
          .append('}');
    }
    return sb.append(']').toString();
  }

  private static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
