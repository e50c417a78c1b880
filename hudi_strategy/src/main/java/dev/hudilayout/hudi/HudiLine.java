package dev.hudilayout.hudi;

import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.table.HoodieTable;

import java.util.List;
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

  /** The implementation this jar was built with. */
  static HudiLine get() {
    return ThisLine.INSTANCE;
  }
}
