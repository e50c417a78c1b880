package dev.hudilayout.hudi;

import org.apache.avro.Schema;
import org.apache.hudi.AvroConversionUtils;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hudi 1.0: schemas are Avro's. */
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
    return Optional.of(config.isPartitionStatsIndexEnabled());
  }

  @Override
  public String line() {
    return "1.0";
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
        config.getMetadataConfig(), meta.getBasePath().toString());
  }

  @Override
  public List<String> partitions(HoodieEngineContext context, HoodieTableMetaClient meta) {
    return FSUtils.getAllPartitionPaths(context, meta.getStorage(), meta.getBasePath().toString(), false);
  }

  @Override
  public void purgeClustering(SparkRDDWriteClient<?> client, String instantTime) {
    HoodieSparkTable<?> table = HoodieSparkTable.create(client.getConfig(), client.getEngineContext());
    HoodieTableMetaClient meta = table.getMetaClient();
    HoodieInstant inflight = meta.getInstantGenerator().getClusteringCommitInflightInstant(instantTime);
    if (meta.getActiveTimeline().containsInstant(inflight)) {
      table.rollbackInflightClustering(inflight,
          commit -> client.getTableServiceClient().getPendingRollbackInfo(meta, commit, false));
    }
    meta.reloadActiveTimeline().deleteInstantFileIfExists(
        meta.getInstantGenerator().getClusteringCommitRequestedInstant(instantTime));
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
