package dev.hudilayout.hudi;

import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Part of stage "sample": the number of rows in a set of base files, read from the write
 * statistics of the commits that wrote them (each file's name carries its commit's instant), so
 * the sample pass need not count them in a Spark job of its own. A base file's statistics count
 * every row it holds: the rows inserted into a new file, and all rows of a file rewritten by an
 * update, a compaction or a clustering.
 */
final class WrittenRows {
  private static final Logger LOG = LoggerFactory.getLogger(WrittenRows.class);

  private WrittenRows() {
  }

  /**
   * The rows of each base file at {@code paths}, by file name, or null when the statistics of any
   * of them cannot be found (its commit archived, or unreadable): the caller then counts them.
   */
  static Map<String, Long> perFile(HoodieTableMetaClient metaClient, List<String> paths) {
    if (metaClient == null || paths.isEmpty()) {
      return null;
    }
    try {
      Set<String> wanted = new HashSet<>();
      Set<String> instants = new HashSet<>();
      for (String p : paths) {
        String name = InstantSample.fileName(p);
        wanted.add(name);
        instants.add(FSUtils.getCommitTime(name));
      }
      HoodieTimeline timeline = metaClient.getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
      Map<String, Long> rows = new HashMap<>();
      for (HoodieInstant instant : timeline.getInstants()) {
        if (!instants.contains(HudiLine.get().instantTime(instant))) {
          continue;
        }
        for (HoodieWriteStat stat : HudiLine.get().commitMetadata(timeline, instant).getWriteStats()) {
          String path = stat.getPath();
          String name = path == null ? null : InstantSample.fileName(path);
          if (name != null && wanted.contains(name)) {
            rows.put(name, stat.getNumWrites());
          }
        }
      }
      return rows.size() < wanted.size() ? null : rows;
    } catch (Exception e) {
      LOG.info("hudi-layout: could not read the rows of the plan's base files from their commits ({}); "
          + "counting them", e.toString());
      return null;
    }
  }
}
