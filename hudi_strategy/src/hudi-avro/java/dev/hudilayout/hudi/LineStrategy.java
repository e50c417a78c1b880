package dev.hudilayout.hudi;

import org.apache.avro.Schema;
import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.client.clustering.run.strategy.SparkSortAndSizeExecutionStrategy;
import org.apache.hudi.common.data.HoodieData;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.hudi.table.HoodieTable;
import org.apache.hudi.table.action.HoodieWriteMetadata;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import java.util.List;
import java.util.Map;

/**
 * The sort-and-size strategy of Hudi 0.15 and 1.0, whose schema type is Avro's {@code Schema}, turned into
 * the shared {@link TableSchema} at every method Hudi calls, so the plugin's strategy is one
 * source on every line. These lines read every clustering group themselves (the step that reads a group is
 * private there), so {@link #scanGroup} is never asked.
 */
public abstract class LineStrategy<T> extends SparkSortAndSizeExecutionStrategy<T> {

  protected LineStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
    HudiLine.check();
  }

  /** Whether this line lets the plugin read a clustering group itself ({@link #scanGroup}). */
  public static boolean scansGroups() {
    return false;
  }

  // What the plugin's strategy implements.

  protected abstract HoodieWriteMetadata<HoodieData<WriteStatus>> cluster(HoodieClusteringPlan plan,
                                                                          TableSchema schema, String instantTime);

  protected abstract HoodieData<WriteStatus> writeRows(Dataset<Row> rows, int numOutputGroups, String instantTime,
      Map<String, String> strategyParams, TableSchema schema, List<HoodieFileGroupId> fileGroupIds,
      boolean preserveHoodieMetadata, Map<String, String> extraMetadata);

  protected abstract HoodieData<WriteStatus> writeRecords(HoodieData<HoodieRecord<T>> records, int numOutputGroups,
      String instantTime, Map<String, String> strategyParams, TableSchema schema,
      List<HoodieFileGroupId> fileGroupIds, boolean preserveHoodieMetadata, Map<String, String> extraMetadata);

  protected abstract BulkInsertPartitioner<Dataset<Row>> rowPartitioner(Map<String, String> strategyParams);

  protected abstract BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> recordPartitioner(
      Map<String, String> strategyParams, TableSchema schema);

  /** A group's rows read by the plugin, or null for Hudi to read it. */
  protected abstract Dataset<Row> scanGroup(HoodieClusteringGroup group, TableSchema schema);

  /** The schema clustering groups are read and written with: the table's, with meta columns. */
  protected TableSchema groupSchema() {
    return ThisLine.INSTANCE.tableSchema(getHoodieTable().getMetaClient(),
        getWriteConfig().allowOperationMetadataField());
  }

  // Hudi's own steps, for the plugin's strategy to fall back on.

  protected final HoodieWriteMetadata<HoodieData<WriteStatus>> hudiCluster(HoodieClusteringPlan plan,
                                                                           TableSchema schema, String instantTime) {
    return super.performClustering(plan, (Schema) schema.hudi(), instantTime);
  }

  protected final HoodieData<WriteStatus> hudiWriteRows(Dataset<Row> rows, int numOutputGroups, String instantTime,
      Map<String, String> strategyParams, TableSchema schema, List<HoodieFileGroupId> fileGroupIds,
      boolean preserveHoodieMetadata, Map<String, String> extraMetadata) {
    return super.performClusteringWithRecordsAsRow(rows, numOutputGroups, instantTime, strategyParams,
        (Schema) schema.hudi(), fileGroupIds, preserveHoodieMetadata, extraMetadata);
  }

  protected final HoodieData<WriteStatus> hudiWriteRecords(HoodieData<HoodieRecord<T>> records, int numOutputGroups,
      String instantTime, Map<String, String> strategyParams, TableSchema schema,
      List<HoodieFileGroupId> fileGroupIds, boolean preserveHoodieMetadata, Map<String, String> extraMetadata) {
    return super.performClusteringWithRecordsRDD(records, numOutputGroups, instantTime, strategyParams,
        (Schema) schema.hudi(), fileGroupIds, preserveHoodieMetadata, extraMetadata);
  }

  // Hudi's calls, in the line's types.

  @Override
  public final HoodieWriteMetadata<HoodieData<WriteStatus>> performClustering(HoodieClusteringPlan plan,
                                                                              Schema schema,
                                                                              String instantTime) {
    return cluster(plan, ThisLine.wrap(schema), instantTime);
  }

  @Override
  public final HoodieData<WriteStatus> performClusteringWithRecordsAsRow(Dataset<Row> rows, int numOutputGroups,
      String instantTime, Map<String, String> strategyParams, Schema schema,
      List<HoodieFileGroupId> fileGroupIds, boolean preserveHoodieMetadata, Map<String, String> extraMetadata) {
    return writeRows(rows, numOutputGroups, instantTime, strategyParams, ThisLine.wrap(schema), fileGroupIds,
        preserveHoodieMetadata, extraMetadata);
  }

  @Override
  public final HoodieData<WriteStatus> performClusteringWithRecordsRDD(HoodieData<HoodieRecord<T>> records,
      int numOutputGroups, String instantTime, Map<String, String> strategyParams, Schema schema,
      List<HoodieFileGroupId> fileGroupIds, boolean preserveHoodieMetadata, Map<String, String> extraMetadata) {
    return writeRecords(records, numOutputGroups, instantTime, strategyParams, ThisLine.wrap(schema), fileGroupIds,
        preserveHoodieMetadata, extraMetadata);
  }

  @Override
  protected final BulkInsertPartitioner<Dataset<Row>> getRowPartitioner(Map<String, String> strategyParams,
                                                                        Schema schema) {
    return rowPartitioner(strategyParams);
  }

  @Override
  protected final BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> getRDDPartitioner(
      Map<String, String> strategyParams, Schema schema) {
    return recordPartitioner(strategyParams, ThisLine.wrap(schema));
  }
}
