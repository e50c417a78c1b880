package dev.hudilayout.hudi;

import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.table.HoodieTable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What differs between the Hudi lines the plugin runs on (0.15, 1.0, 1.2), in one place. Each line
 * has its own implementation, {@code ThisLine}, compiled against that line's bundle from its own
 * source set ({@code hudi_strategy/src/hudi-<line>/java}); a plugin jar carries exactly one, so
 * {@link #get()} needs no look-up at run time. Everything else of the plugin is the same source
 * on every line.
 */
public interface HudiLine {

  /** The line this jar was built for, as {@code major.minor} ("0.15", "1.0", "1.2"). */
  String line();

  /**
   * Per metadata partition ({@code files} for the metadata table itself, {@code column_stats},
   * {@code bloom_filters}, {@code record_index}, and {@code partition_stats} where the line has it),
   * whether {@code config} keeps it: off, Hudi deletes it when a commit with that config starts.
   */
  default Map<String, Boolean> keptMetadata(HoodieWriteConfig config) {
    Map<String, Boolean> out = new LinkedHashMap<>();
    out.put("files", config.isMetadataTableEnabled());
    out.put("column_stats", config.isMetadataColumnStatsIndexEnabled());
    out.put("bloom_filters", config.isMetadataBloomFilterIndexEnabled());
    out.put("record_index", recordIndexKept(config));
    partitionStatsKept(config).ifPresent(kept -> out.put("partition_stats", kept));
    return out;
  }

  /** Whether {@code config} keeps the record-level index on (its keys differ by line). */
  boolean recordIndexKept(HoodieWriteConfig config);

  /** Whether {@code config} keeps partition stats on; empty on a line without them. */
  Optional<Boolean> partitionStatsKept(HoodieWriteConfig config);

  /** The table's latest schema, with Hudi's meta columns (and the operation column when asked). */
  TableSchema tableSchema(HoodieTableMetaClient meta, boolean withOperationField);

  /** The table's latest schema as written, without meta columns; empty before the first commit. */
  Optional<TableSchema> writtenSchema(HoodieTableMetaClient meta);

  /** A record's values of {@code columns} under {@code schema}, as Hudi's record API reads them. */
  Object[] columnValues(HoodieRecord<?> record, TableSchema schema, String[] columns, boolean consistentTimestamp);

  /** A column-stats min or max as the metadata table stores it, unwrapped to a Java value. */
  Object statsValue(Object wrapped);

  /** The table's metadata (its metadata table, or the file system where that is off), as the table holds it. */
  HoodieTableMetadata tableMetadata(HoodieTable<?, ?, ?, ?> table);

  /** A new reader of the table's metadata with {@code config}'s metadata settings, for the caller to close. */
  HoodieTableMetadata metadataReader(HoodieTableMetaClient meta, HoodieWriteConfig config);

  /** Every partition of the table, listed from the file system. */
  List<String> partitions(HoodieEngineContext context, HoodieTableMetaClient meta);

  /**
   * Rolls back the clustering requested at {@code instantTime} if it is inflight, and removes its
   * plan from the timeline.
   */
  void purgeClustering(SparkRDDWriteClient<?> client, String instantTime);

  /**
   * The write options that make a clustering, under optimistic concurrency, give way to the
   * table's writers: it loses a conflict with a write, completed or inflight, on any file group.
   */
  default Map<String, String> clusteringGivesWay() {
    return Map.of("hoodie.write.lock.conflict.resolution.strategy",
        "org.apache.hudi.client.transaction.PreferWriterConflictResolutionStrategy");
  }

  /**
   * The rows the plugin read with one scan of a plan's base files ({@link BaseFileScan}) and placed,
   * as this line's row writer must get them. Hudi 1.x writes the files with the table's schema,
   * so the rows go as they are.
   *
   * @param tableSchema the table's schema with its meta columns
   * @param fileSchema  the columns the plan's base files hold, merged over all of them
   */
  default Dataset<Row> scannedRowsToWrite(Dataset<Row> rows, StructType tableSchema, StructType fileSchema) {
    return rows;
  }

  /** An instant's time: the time it was requested at, which names it on the timeline. */
  String instantTime(HoodieInstant instant);

  /**
   * When a completed instant completed, as an instant time (Hudi 0.15 records none: there, the
   * time its completed file was last modified).
   */
  String completionTime(HoodieInstant instant);

  /**
   * A completed commit's metadata, read from {@code timeline}: a replacecommit's (a clustering's
   * among them) as {@link HoodieReplaceCommitMetadata}, any other commit's as written.
   */
  HoodieCommitMetadata commitMetadata(HoodieTimeline timeline, HoodieInstant instant) throws IOException;

  /** The pending replacecommits of {@code timeline}, clusterings among them. */
  HoodieTimeline pendingReplaces(HoodieTimeline timeline);

  /**
   * A view of the table's file slices as of {@code timeline}, its files listed from storage (not
   * the metadata table), for the caller to close.
   */
  HoodieTableFileSystemView listedView(HoodieEngineContext context, HoodieTableMetaClient meta, HoodieTimeline timeline);

  /**
   * Schedules the building of the column-stats index on the timeline; the indexing instant, empty
   * when Hudi scheduled none.
   */
  Optional<String> scheduleColumnStatsIndexing(SparkRDDWriteClient<?> client);

  /**
   * An instant's action as the plugin reports it: {@code clustering} for a clustering that has
   * not completed on every line (Hudi before 1.0 writes its plan as a replacecommit), else Hudi's
   * own action.
   */
  String action(HoodieTimeline timeline, HoodieInstant instant);

  /** The implementation this jar was built with. */
  static HudiLine get() {
    return ThisLine.INSTANCE;
  }

  /** The Hudi lines the plugin is built for, each with its jar. */
  String SUPPORTED = "0.15.x (hudi-layout-hudi0.15.jar), 1.0.x (hudi-layout-hudi1.0.jar), 1.2.x (hudi-layout.jar)";

  /** The version of the Hudi bundle this JVM runs (from its jar's manifest), or null where unknown. */
  static String running() {
    return HoodieTableMetaClient.class.getPackage().getImplementationVersion();
  }

  /**
   * The refusal of a plugin built for {@code line} on Hudi {@code running}, or null where they
   * match (or the running version is unknown).
   */
  static String mismatch(String line, String running) {
    if (running == null || running.equals(line) || running.startsWith(line + ".") || running.startsWith(line + "-")) {
      return null;
    }
    return String.format("hudi-layout: this plugin jar is built for Hudi %s.x, but Hudi %s is on the classpath; "
        + "supported Hudi lines: %s", line, running, SUPPORTED);
  }

  /**
   * Refuses, before anything is written, to run on another Hudi line than the one this jar is
   * built for: Hudi's classes differ between lines, and the first call that differs would fail
   * later with a NoSuchMethodError that names no version.
   */
  static void check() {
    String refusal = mismatch(get().line(), running());
    if (refusal != null) {
      throw new IllegalStateException(refusal);
    }
  }
}
