package dev.hudilayout.hudi;

import org.apache.hudi.HoodieSchemaConversionUtils;
import org.apache.hudi.avro.HoodieAvroWrapperUtils;
import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.schema.HoodieSchema;
import org.apache.hudi.common.schema.HoodieSchemaField;
import org.apache.hudi.common.schema.HoodieSchemaUtils;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.exception.HoodieException;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.metadata.MetadataPartitionType;
import org.apache.hudi.table.HoodieSparkTable;
import org.apache.hudi.table.HoodieTable;

import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hudi 1.2: schemas are Hudi's own {@code HoodieSchema} (since 1.1). */
final class ThisLine implements HudiLine {
  static final ThisLine INSTANCE = new ThisLine();

  private ThisLine() {
  }

  @Override
  public boolean recordIndexKept(HoodieWriteConfig config) {
    // the global index or the one partitioned by the table's partitions: both live in record_index
    return config.isGlobalRecordLevelIndexEnabled() || config.isRecordLevelIndexEnabled();
  }

  @Override
  public Optional<Boolean> partitionStatsKept(HoodieWriteConfig config) {
    return Optional.of(config.isPartitionStatsIndexEnabled());
  }

  @Override
  public String line() {
    return "1.2";
  }

  /** The shared view of one of this line's schemas. */
  static TableSchema wrap(HoodieSchema schema) {
    Map<String, String> kinds = new LinkedHashMap<>();
    for (HoodieSchemaField f : schema.getFields()) {
      HoodieSchema fs = f.schema();
      HoodieSchema nonNull = fs.isNullable() ? fs.getNonNullType() : fs;
      kinds.put(f.name(), nonNull.getType().name());
    }
    return new TableSchema(schema, HoodieSchemaConversionUtils.convertHoodieSchemaToStructType(schema), kinds,
        schema.toString());
  }

  @Override
  public TableSchema tableSchema(HoodieTableMetaClient meta, boolean withOperationField) {
    try {
      return wrap(HoodieSchemaUtils.addMetadataFields(new TableSchemaResolver(meta).getTableSchema(false),
          withOperationField));
    } catch (Exception e) {
      throw new HoodieException("hudi-layout: could not read the table schema for clustering", e);
    }
  }

  @Override
  public Optional<TableSchema> writtenSchema(HoodieTableMetaClient meta) {
    Option<HoodieSchema> schema;
    try {
      schema = new TableSchemaResolver(meta).getTableSchemaIfPresent(false);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot read the schema of the table at " + meta.getBasePath(), e);
    }
    return schema.isPresent() ? Optional.of(wrap(schema.get())) : Optional.empty();
  }

  @Override
  public Object[] columnValues(HoodieRecord<?> record, TableSchema schema, String[] columns,
                               boolean consistentTimestamp) {
    return record.getColumnValues((HoodieSchema) schema.hudi(), columns, consistentTimestamp);
  }

  @Override
  public Object statsValue(Object wrapped) {
    return HoodieAvroWrapperUtils.unwrapAvroValueWrapper(wrapped);
  }

  @Override
  public HoodieTableMetadata tableMetadata(HoodieTable<?, ?, ?, ?> table) {
    return table.getTableMetadata();
  }

  @Override
  public HoodieTableMetadata metadataReader(HoodieTableMetaClient meta, HoodieWriteConfig config) {
    return meta.getTableFormat().getMetadataFactory().create(
        new HoodieLocalEngineContext(meta.getStorageConf()), meta.getStorage(),
        config.getMetadataConfig(), meta.getBasePath().toString());
  }

  @Override
  public List<String> partitions(HoodieEngineContext context, HoodieTableMetaClient meta) {
    return FSUtils.getAllPartitionPaths(context, meta, false);
  }

  @Override
  public void purgeClustering(SparkRDDWriteClient<?> client, String instantTime) {
    HoodieSparkTable<?> table = HoodieSparkTable.create(client.getConfig(), client.getEngineContext());
    HoodieTableMetaClient meta = table.getMetaClient();
    HoodieInstant inflight = meta.getInstantGenerator().getClusteringCommitInflightInstant(instantTime);
    if (meta.getActiveTimeline().containsInstant(inflight)) {
      table.rollbackInflightClustering(inflight,
          commit -> client.getTableServiceClient().getPendingRollbackInfo(meta, commit, false),
          client.getTransactionManager());
    }
    meta.reloadActiveTimeline().deleteInstantFileIfExists(
        meta.getInstantGenerator().getClusteringCommitRequestedInstant(instantTime));
  }

  /** Hudi 1.2 also lets a clustering lose to a write that is requested and not yet inflight. */
  @Override
  public Map<String, String> clusteringGivesWay() {
    Map<String, String> out = new HashMap<>(HudiLine.super.clusteringGivesWay());
    out.put("hoodie.clustering.fail.on.pending.ingestion.during.conflict.resolution", "true");
    return out;
  }

  @Override
  public String instantTime(HoodieInstant instant) {
    return instant.requestedTime();
  }

  @Override
  public String completionTime(HoodieInstant instant) {
    return instant.getCompletionTime();
  }

  @Override
  public HoodieCommitMetadata commitMetadata(HoodieTimeline timeline, HoodieInstant instant) throws IOException {
    String action = instant.getAction();
    return HoodieTimeline.REPLACE_COMMIT_ACTION.equals(action) || HoodieTimeline.CLUSTERING_ACTION.equals(action)
        ? timeline.readReplaceCommitMetadata(instant) : timeline.readCommitMetadata(instant);
  }

  @Override
  public HoodieTimeline pendingReplaces(HoodieTimeline timeline) {
    return timeline.filterPendingReplaceOrClusteringTimeline();
  }

  @Override
  public HoodieTableFileSystemView listedView(HoodieEngineContext context, HoodieTableMetaClient meta,
                                              HoodieTimeline timeline) {
    return HoodieTableFileSystemView.fileListingBasedFileSystemView(context, meta, timeline);
  }

  @Override
  public Optional<String> scheduleColumnStatsIndexing(SparkRDDWriteClient<?> client) {
    Option<String> instant = client.scheduleIndexing(
        Collections.singletonList(MetadataPartitionType.COLUMN_STATS), Collections.emptyList());
    return instant.isPresent() ? Optional.of(instant.get()) : Optional.empty();
  }

  @Override
  public String action(HoodieTimeline timeline, HoodieInstant instant) {
    return instant.getAction();
  }
}
