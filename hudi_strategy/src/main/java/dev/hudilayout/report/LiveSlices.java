package dev.hudilayout.report;

import dev.hudilayout.config.Json;
import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.hudi.TableClients;

import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout report's list of what a query reads: the latest file slice of every live file group,
 * listed from storage as of the completed instants, in one call (a caller in Python would
 * otherwise pay a round trip per slice and file).
 */
public final class LiveSlices {
  private LiveSlices() {
  }

  /**
   * A JSON array of {@code {"partition", "file_id", "base_file", "log_files"}}, files by name as
   * the column-stats index names them ({@code base_file} null for a slice of log files alone).
   */
  public static String json(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = TableClients.meta(jsc.hadoopConfiguration(), basePath);
    HoodieLocalEngineContext context = new HoodieLocalEngineContext(meta.getStorageConf());
    HoodieTimeline completed = meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    List<Map<String, Object>> out = new ArrayList<>();
    HoodieTableFileSystemView view = HudiLine.get().listedView(context, meta, completed);
    try {
      for (String partition : HudiLine.get().partitions(context, meta)) {
        for (FileSlice slice : (Iterable<FileSlice>) view.getLatestFileSlices(partition)::iterator) {
          Map<String, Object> s = new LinkedHashMap<>();
          s.put("partition", partition);
          s.put("file_id", slice.getFileId());
          s.put("base_file", slice.getBaseFile().isPresent() ? slice.getBaseFile().get().getFileName() : null);
          List<String> logs = new ArrayList<>();
          for (HoodieLogFile log : (Iterable<HoodieLogFile>) slice.getLogFiles()::iterator) {
            logs.add(log.getFileName());
          }
          s.put("log_files", logs);
          out.add(s);
        }
      }
    } finally {
      view.close();
    }
    return Json.write(out);
  }
}
