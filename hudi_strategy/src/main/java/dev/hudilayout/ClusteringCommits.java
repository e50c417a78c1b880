package dev.hudilayout;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Reads a table's completed replacecommits (clustering among them) with their operation type and
 * extra metadata, as JSON, so Python and operators can see how the files were laid out.
 */
public final class ClusteringCommits {
  private ClusteringCommits() {
  }

  public static String json(Configuration hadoopConf, String basePath) {
    HoodieTableMetaClient client = HoodieTableMetaClient.builder()
        .setConf(new HadoopStorageConfiguration(hadoopConf))
        .setBasePath(basePath)
        .build();
    HoodieTimeline timeline = client.getActiveTimeline().getCompletedReplaceTimeline();
    StringBuilder sb = new StringBuilder("[");
    boolean first = true;
    for (HoodieInstant instant : timeline.getInstants()) {
      HoodieCommitMetadata md;
      try {
        md = timeline.readReplaceCommitMetadata(instant);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read replacecommit " + instant, e);
      }
      sb.append(first ? "" : ",").append("{\"instant\":").append(quote(instant.requestedTime()))
          .append(",\"action\":").append(quote(instant.getAction()))
          .append(",\"completed\":").append(quote(instant.getCompletionTime()))
          .append(",\"operation\":").append(quote(String.valueOf(md.getOperationType())))
          .append(",\"extra\":{");
      boolean firstEntry = true;
      for (Map.Entry<String, String> e : md.getExtraMetadata().entrySet()) {
        sb.append(firstEntry ? "" : ",").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
        firstEntry = false;
      }
      sb.append("}}");
      first = false;
    }
    return sb.append(']').toString();
  }

  /**
   * Every instant on the active timeline, oldest first, as JSON objects with {@code instant},
   * {@code action}, {@code state} (REQUESTED, INFLIGHT or COMPLETED) and {@code completed} (the
   * completion time, null while pending).
   */
  public static String timelineJson(Configuration hadoopConf, String basePath) {
    HoodieTableMetaClient client = HoodieTableMetaClient.builder()
        .setConf(new HadoopStorageConfiguration(hadoopConf))
        .setBasePath(basePath)
        .build();
    StringBuilder sb = new StringBuilder("[");
    for (HoodieInstant instant : client.getActiveTimeline().getInstants()) {
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
