package dev.hudilayout.hudi;

import org.apache.avro.Schema;
import org.apache.hudi.AvroConversionUtils;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.util.ClusteringUtils;
import org.apache.hudi.common.table.timeline.TimelineUtils;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.exception.HoodieException;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.metadata.MetadataPartitionType;
import org.apache.hudi.table.HoodieSparkTable;
import org.apache.hudi.table.HoodieTable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hudi 0.15: schemas are Avro's; clusterings are replacecommits, instants have no completion time. */
final class ThisLine implements HudiLine {
  static final ThisLine INSTANCE = new ThisLine();

  private ThisLine() {
  }

  @Override
  public boolean recordIndexKept(HoodieWriteConfig config) {
    return config.isRecordIndexEnabled();
  }

  @Override
  public Optional<Boolean> partitionStatsKept(HoodieWriteConfig config) {
    return Optional.empty();
  }

  @Override
  public String line() {
    return "0.15";
  }

  /** The shared view of one of this line's schemas. */
  static TableSchema wrap(Schema schema) {
    Map<String, String> kinds = new LinkedHashMap<>();
    for (Schema.Field f : schema.getFields()) {
      kinds.put(f.name(), nonNull(f.schema()).getType().name());
    }
    return new TableSchema(schema, AvroConversionUtils.convertAvroSchemaToStructType(schema), kinds,
        schema.toString());
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema s : schema.getTypes()) {
      if (s.getType() != Schema.Type.NULL) {
        return s;
      }
    }
    return schema;
  }

  @Override
  public TableSchema tableSchema(HoodieTableMetaClient meta, boolean withOperationField) {
    try {
      return wrap(HoodieAvroUtils.addMetadataFields(new TableSchemaResolver(meta).getTableAvroSchema(false),
          withOperationField));
    } catch (Exception e) {
      throw new HoodieException("hudi-layout: could not read the table schema for clustering", e);
    }
  }

  @Override
  public Optional<TableSchema> writtenSchema(HoodieTableMetaClient meta) {
    if (!meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().lastInstant().isPresent()) {
      return Optional.empty();
    }
    try {
      return Optional.of(wrap(new TableSchemaResolver(meta).getTableAvroSchema(false)));
    } catch (Exception e) {
      throw new IllegalStateException("Cannot read the schema of the table at " + meta.getBasePath(), e);
    }
  }

  @Override
  public Object[] columnValues(HoodieRecord<?> record, TableSchema schema, String[] columns,
                               boolean consistentTimestamp) {
    return record.getColumnValues((Schema) schema.hudi(), columns, consistentTimestamp);
  }

  @Override
  public Object statsValue(Object wrapped) {
    return HoodieAvroUtils.unwrapAvroValueWrapper(wrapped);
  }

  @Override
  public HoodieTableMetadata tableMetadata(HoodieTable<?, ?, ?, ?> table) {
    return table.getMetadataTable();
  }

  @Override
  public HoodieTableMetadata metadataReader(HoodieTableMetaClient meta, HoodieWriteConfig config) {
    return HoodieTableMetadata.create(new HoodieLocalEngineContext(meta.getStorageConf()), meta.getStorage(),
        config.getMetadataConfig(), meta.getBasePath());
  }

  @Override
  public List<String> partitions(HoodieEngineContext context, HoodieTableMetaClient meta) {
    return FSUtils.getAllPartitionPaths(context, meta.getStorage(),
        HoodieMetadataConfig.newBuilder().enable(false).build(), meta.getBasePath());
  }

  @Override
  public void purgeClustering(SparkRDDWriteClient<?> client, String instantTime) {
    HoodieSparkTable<?> table = HoodieSparkTable.create(client.getConfig(), client.getEngineContext());
    HoodieTableMetaClient meta = table.getMetaClient();
    // clusterings are replacecommits on 0.15
    HoodieInstant inflight = HoodieTimeline.getReplaceCommitInflightInstant(instantTime);
    if (meta.getActiveTimeline().containsInstant(inflight)) {
      table.rollbackInflightClustering(inflight,
          commit -> client.getTableServiceClient().getPendingRollbackInfo(meta, commit, false));
    }
    meta.reloadActiveTimeline().deleteInstantFileIfExists(
        HoodieTimeline.getReplaceCommitRequestedInstant(instantTime));
  }

  /**
   * Hudi 0.15's row writer writes the rows' own schema into the files, and the plugin's scan reads
   * every column as nullable: the rows get the table's nullability back. Else a column the table
   * holds as non-null (a non-null DataFrame column, as Hudi wrote it) would be optional in the
   * clustered files, and Hudi 0.15 could not cluster such a file again once an upsert gave it log
   * files: its record reader reads the base file with the table's schema and fails
   * ("incompatible types: required binary k (STRING) != optional binary k (STRING)").
   */
  @Override
  public Dataset<Row> scannedRowsToWrite(Dataset<Row> rows, StructType tableSchema, StructType fileSchema) {
    StructType schema = BaseFileScan.withTableNullability(rows.schema(), tableSchema, fileSchema);
    return schema.equals(rows.schema()) ? rows
        : rows.sparkSession().internalCreateDataFrame(rows.queryExecution().toRdd(), schema, false);
  }

  @Override
  public String instantTime(HoodieInstant instant) {
    return instant.getTimestamp();
  }

  @Override
  public String completionTime(HoodieInstant instant) {
    return instant.getStateTransitionTime();
  }

  @Override
  public HoodieCommitMetadata commitMetadata(HoodieTimeline timeline, HoodieInstant instant) throws IOException {
    // clusterings are replacecommits on 0.15
    return TimelineUtils.getCommitMetadata(instant, timeline);
  }

  @Override
  public HoodieTimeline pendingReplaces(HoodieTimeline timeline) {
    return timeline.filterPendingReplaceTimeline();
  }

  @Override
  public HoodieTableFileSystemView listedView(HoodieEngineContext context, HoodieTableMetaClient meta,
                                              HoodieTimeline timeline) {
    // 0.15's plain view lists each partition's files from storage when first asked
    return new HoodieTableFileSystemView(meta, timeline);
  }

  @Override
  public Optional<String> scheduleColumnStatsIndexing(SparkRDDWriteClient<?> client) {
    Option<String> instant = client.scheduleIndexing(Collections.singletonList(MetadataPartitionType.COLUMN_STATS));
    return instant.isPresent() ? Optional.of(instant.get()) : Optional.empty();
  }

  @Override
  public String action(HoodieTimeline timeline, HoodieInstant instant) {
    return !instant.isCompleted() && HoodieTimeline.REPLACE_COMMIT_ACTION.equals(instant.getAction())
        && ClusteringUtils.isClusteringInstant(timeline, instant) ? "clustering" : instant.getAction();
  }
}
