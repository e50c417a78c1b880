package dev.hudilayout.hudi;

import org.apache.hudi.avro.model.HoodieIndexCommitMetadata;
import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.model.WriteConcurrencyMode;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieLockConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.MetadataPartitionType;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the column-stats index of an existing table through Hudi's asynchronous indexer: an
 * {@code indexing} instant is scheduled on the timeline, then the index is built from the table's
 * current files and the instant completes. Skipping after clustering needs this index on the sort
 * columns; a table written without it gets it here without rewriting any data.
 */
public final class ColumnStatsIndexer {
  private ColumnStatsIndexer() {
  }

  /** True when the table's metadata has a completed column-stats partition. */
  public static boolean exists(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = TableClients.meta(jsc, basePath);
    return meta.getTableConfig().isMetadataPartitionAvailable(MetadataPartitionType.COLUMN_STATS);
  }

  /**
   * Builds the index for {@code columns} (comma-separated) and returns the indexing instant, or
   * null when the table already has a column-stats index (Hudi builds one index partition once;
   * drop it first to index other columns).
   */
  public static String build(JavaSparkContext jsc, String basePath, String columns, Map<String, String> options) {
    if (columns == null || columns.trim().isEmpty()) {
      throw new IllegalArgumentException(HoodieMetadataConfig.COLUMN_STATS_INDEX_FOR_COLUMNS.key()
          + " is empty: name at least one column to index");
    }
    if (exists(jsc, basePath)) {
      return null;
    }
    Map<String, String> props = new HashMap<>(options);
    props.put(HoodieMetadataConfig.ENABLE.key(), "true");
    props.put(HoodieMetadataConfig.ENABLE_METADATA_INDEX_COLUMN_STATS.key(), "true");
    props.put(HoodieMetadataConfig.COLUMN_STATS_INDEX_FOR_COLUMNS.key(), columns);
    props.put(HoodieMetadataConfig.ASYNC_INDEX_ENABLE.key(), "true");
    // Hudi schedules indexing only under optimistic concurrency with a lock. Unless the caller
    // brings its own, the file-system lock is used: it needs no service and works for every
    // writer of the table that uses it too.
    if (!props.containsKey(HoodieWriteConfig.WRITE_CONCURRENCY_MODE.key())) {
      props.put(HoodieWriteConfig.WRITE_CONCURRENCY_MODE.key(), WriteConcurrencyMode.OPTIMISTIC_CONCURRENCY_CONTROL.name());
      props.putIfAbsent(HoodieLockConfig.LOCK_PROVIDER_CLASS_NAME.key(), FileSystemBasedLockProvider.class.getName());
    }
    try (SparkRDDWriteClient<?> client = TableClients.open(jsc, basePath, props, schema -> { })) {
      Optional<String> instant = HudiLine.get().scheduleColumnStatsIndexing(client);
      if (!instant.isPresent()) {
        throw new IllegalStateException("Hudi scheduled no indexing of column stats for " + basePath);
      }
      Option<HoodieIndexCommitMetadata> done = client.index(instant.get());
      if (!done.isPresent()) {
        throw new IllegalStateException("Hudi's indexer did not complete instant " + instant.get()
            + " on " + basePath);
      }
      return instant.get();
    }
  }
}
