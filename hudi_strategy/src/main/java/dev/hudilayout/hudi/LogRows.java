package dev.hudilayout.hudi;

import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Part of stage "plan": the rows a file slice's log files add to its base file's, read from the
 * write statistics of the delta commits that wrote them. An update in a log file replaces a row of
 * the slice; an insert adds one and a delete takes one away. The plan sizes a slice's output by
 * these rows ({@link dev.hudilayout.plan.FileSizing#mergedRowBytes}), not by the log files' bytes,
 * which hold each block's schema and rows in the log's own format.
 */
final class LogRows {
  private static final Logger LOG = LoggerFactory.getLogger(LogRows.class);

  private LogRows() {
  }

  /** Per table (base path): the timeline read (its completed delta commits) and each log file's net rows. */
  private static final Map<String, Map.Entry<String, Map<String, Long>>> READ = new ConcurrentHashMap<>();

  /**
   * Inserts less deletes in the log files of each of {@code slices} that has log files, by file id;
   * a slice is left out when a log file of it has no statistics on the active timeline (its commit
   * archived, or a rollback's block). The delta commits are read once per table and timeline.
   */
  static Map<String, Long> net(HoodieTableMetaClient metaClient, Collection<FileSlice> slices) {
    Map<String, Long> out = new HashMap<>();
    if (metaClient == null || slices.stream().allMatch(slice -> slice.getLogFiles().count() == 0)) {
      return out;
    }
    Map<String, Long> perLog;
    try {
      perLog = perLog(metaClient);
    } catch (Exception e) {
      LOG.info("hudi-layout: could not read the rows of the log files from their commits ({}); sizing by "
          + "their bytes", e.toString());
      return out;
    }
    for (FileSlice slice : slices) {
      List<String> logs = slice.getLogFiles().map(HoodieLogFile::getFileName).collect(Collectors.toList());
      if (!logs.isEmpty() && perLog.keySet().containsAll(logs)) {
        out.put(slice.getFileId(), logs.stream().mapToLong(perLog::get).sum());
      }
    }
    return out;
  }

  /** Each log file's inserts less deletes over the completed delta commits, by file name. */
  private static Map<String, Long> perLog(HoodieTableMetaClient metaClient) throws IOException {
    HoodieTimeline timeline = metaClient.getActiveTimeline().getDeltaCommitTimeline().filterCompletedInstants();
    List<HoodieInstant> instants = timeline.getInstants();
    String key = instants.size() + "@" + (instants.isEmpty() ? "" : HudiLine.get().instantTime(instants.get(instants.size() - 1)));
    String table = String.valueOf(metaClient.getBasePath());
    Map.Entry<String, Map<String, Long>> read = READ.get(table);
    if (read != null && read.getKey().equals(key)) {
      return read.getValue();
    }
    Map<String, Long> perLog = new HashMap<>();
    for (HoodieInstant instant : instants) {
      for (HoodieWriteStat stat : HudiLine.get().commitMetadata(timeline, instant).getWriteStats()) {
        if (stat.getPath() != null && stat.getPath().contains(".log.")) {
          perLog.merge(InstantSample.fileName(stat.getPath()), stat.getNumInserts() - stat.getNumDeletes(), Long::sum);
        }
      }
    }
    READ.put(table, Map.entry(key, perLog));
    return perLog;
  }
}
