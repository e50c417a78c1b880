package dev.hudilayout.hudi;

import dev.hudilayout.config.Json;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each completed commit of a table wrote, and the actions on its metadata table's timeline,
 * as JSON: the figures the benchmarks and the timeline helpers read, in one call and through the
 * Hudi line in use.
 */
public final class CommitStats {
  private CommitStats() {
  }

  /**
   * Every completed commit, delta commit and replacecommit, oldest first: {@code {"instant",
   * "action", "operation", "bytes_written", "files_written", "file_sizes", "files_replaced"}}.
   */
  public static String json(Configuration hadoopConf, String basePath) {
    HoodieTimeline timeline = TableClients.meta(hadoopConf, basePath).getActiveTimeline().getCommitsTimeline()
        .filterCompletedInstants();
    List<Map<String, Object>> out = new ArrayList<>();
    for (HoodieInstant instant : timeline.getInstants()) {
      HoodieCommitMetadata md;
      try {
        md = HudiLine.get().commitMetadata(timeline, instant);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the commit metadata of " + instant, e);
      }
      int replaced = md instanceof HoodieReplaceCommitMetadata
          ? ((HoodieReplaceCommitMetadata) md).getPartitionToReplaceFileIds().values().stream()
              .mapToInt(List::size).sum() : 0;
      List<Long> sizes = new ArrayList<>();
      for (HoodieWriteStat s : md.getWriteStats()) {
        sizes.add(s.getFileSizeInBytes());
      }
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("instant", HudiLine.get().instantTime(instant));
      e.put("action", instant.getAction());
      e.put("operation", String.valueOf(md.getOperationType()));
      e.put("bytes_written", md.fetchTotalBytesWritten());
      e.put("files_written", sizes.size());
      e.put("file_sizes", sizes);
      e.put("files_replaced", replaced);
      out.add(e);
    }
    return Json.write(out);
  }

  /**
   * The actions of the completed instants on the timeline of the table's metadata table, oldest
   * first, as a JSON array; "null" when the table has no metadata table.
   */
  public static String metadataActionsJson(Configuration hadoopConf, String basePath) {
    String metadataPath = new org.apache.hadoop.fs.Path(basePath, ".hoodie/metadata").toString();
    HoodieTableMetaClient meta;
    try {
      org.apache.hadoop.fs.Path props = new org.apache.hadoop.fs.Path(metadataPath, ".hoodie/hoodie.properties");
      if (!props.getFileSystem(hadoopConf).exists(props)) {
        return Json.write(null);
      }
      meta = TableClients.meta(hadoopConf, metadataPath);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> actions = new ArrayList<>();
    for (HoodieInstant instant : meta.getActiveTimeline().filterCompletedInstants().getInstants()) {
      actions.add(instant.getAction());
    }
    return Json.write(actions);
  }
}
