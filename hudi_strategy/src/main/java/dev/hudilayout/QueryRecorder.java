package dev.hudilayout;

import dev.hudilayout.spark.PlanScans;
import dev.hudilayout.spark.QueryLogFolder;
import dev.hudilayout.spark.ScanFilters;
import dev.hudilayout.workload.ColumnFilter;
import dev.hudilayout.workload.ScanEntry;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.datasources.FileIndex;
import org.apache.spark.sql.util.QueryExecutionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The query log's recorder: a Spark {@code QueryExecutionListener} that, after each query, notes
 * every scan of a Hudi table (its column filters, the files it read and the files the table held)
 * and appends the entries to the table's log in batches.
 *
 * <p>Spark calls it on its listener thread after the query has returned, so the query does not
 * wait on it. {@code configure_spark(record_queries=True)} registers it by
 * {@code spark.sql.queryExecutionListeners}; a running session takes it through
 * {@code hudi_layout.workload.record_queries}. Its keys:
 * <ul>
 *   <li>{@value #PATH}: a folder for every table's entries, instead of each table's
 *   {@code .hoodie/.aux/hudi-layout/queries};</li>
 *   <li>{@value #MAX_BYTES}: the log's cap per folder (default 16 MB), oldest files deleted first;</li>
 *   <li>{@value #FLUSH_ENTRIES}: entries kept in memory before a write (default 100); the rest are
 *   written when the application ends or {@link #flush()} is called.</li>
 * </ul>
 * A failure to write the log is logged and the entries dropped: losing the log loses nothing of the
 * table.
 */
public final class QueryRecorder implements QueryExecutionListener {
  public static final String PATH = "spark.hudilayout.queries.path";
  public static final String MAX_BYTES = "spark.hudilayout.queries.maxBytes";
  public static final String FLUSH_ENTRIES = "spark.hudilayout.queries.flushEntries";
  private static final Logger LOG = LoggerFactory.getLogger(QueryRecorder.class);
  private static final String HUDI_INDEX_PREFIX = "org.apache.hudi.";

  private final String path;
  private final long maxBytes;
  private final int flushEntries;
  private final Map<String, List<String>> pending = new LinkedHashMap<>();
  private Configuration hadoopConf;
  private int count;
  private boolean listening;

  public QueryRecorder(SparkConf conf) {
    this.path = conf.get(PATH, "");
    this.maxBytes = conf.getSizeAsBytes(MAX_BYTES, "16m");
    this.flushEntries = conf.getInt(FLUSH_ENTRIES, 100);
  }

  @Override
  public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
    try {
      record(qe, durationNs / 1_000_000);
    } catch (RuntimeException e) {
      LOG.warn("hudi-layout could not record a query's scans; the query is not affected", e);
    }
  }

  @Override
  public void onFailure(String funcName, QueryExecution qe, Exception exception) {
    // a failed query read nothing worth laying a table out for
  }

  private synchronized void record(QueryExecution qe, long queryMillis) {
    long now = System.currentTimeMillis();
    for (FileSourceScanExec scan : PlanScans.fileScans(qe.executedPlan())) {
      FileIndex index = scan.relation().location();
      if (!index.getClass().getName().startsWith(HUDI_INDEX_PREFIX)) {
        continue;
      }
      List<ColumnFilter> filters = ScanFilters.of(scan.dataFilters());
      String table = basePath(index);
      ScanEntry entry = new ScanEntry(now, table, filters, PlanScans.filesRead(scan), index.inputFiles().length,
          queryMillis);
      pending.computeIfAbsent(table, t -> new ArrayList<>()).add(entry.toJson());
      count++;
    }
    if (hadoopConf == null) {
      hadoopConf = qe.sparkSession().sparkContext().hadoopConfiguration();
    }
    if (!listening) {
      listening = true;
      qe.sparkSession().sparkContext().addSparkListener(new SparkListener() {
        @Override
        public void onApplicationEnd(SparkListenerApplicationEnd end) {
          flush();
        }
      });
    }
    if (count >= flushEntries) {
      flush();
    }
  }

  /** Write every entry kept in memory to its log. */
  public synchronized void flush() {
    for (Map.Entry<String, List<String>> e : pending.entrySet()) {
      Path folder = QueryLogFolder.of(e.getKey(), path);
      try {
        QueryLogFolder.append(hadoopConf, folder, e.getValue(), maxBytes);
      } catch (IOException | RuntimeException ex) {
        LOG.warn("hudi-layout could not write " + e.getValue().size() + " query log entries to " + folder, ex);
      }
    }
    pending.clear();
    count = 0;
  }

  /** The table's base path as the file index names it (Hudi's index knows it), else its first root. */
  private static String basePath(FileIndex index) {
    try {
      Object base = index.getClass().getMethod("getBasePath").invoke(index);
      if (base != null) {
        return base.toString();
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // an index without the method: its root path names the table
    }
    return index.rootPaths().head().toString();
  }
}
