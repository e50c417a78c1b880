package dev.hudilayout;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.curve.Curve;
import dev.hudilayout.hudi.BaseFileScan;
import dev.hudilayout.hudi.BucketTables;
import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.hudi.IndexKeeping;
import dev.hudilayout.hudi.InstantLayout;
import dev.hudilayout.hudi.LayoutWriteMetadata;
import dev.hudilayout.hudi.LineStrategy;
import dev.hudilayout.hudi.PaidPlans;
import dev.hudilayout.hudi.PlanPlacement;
import dev.hudilayout.hudi.RecordedWorkload;
import dev.hudilayout.hudi.TableSchema;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.sample.SampleRow;
import dev.hudilayout.plan.AppliedLayouts;
import dev.hudilayout.plan.PlannedGroup;
import dev.hudilayout.spark.CurveRecordPartitioner;
import dev.hudilayout.spark.CurveRowPartitioner;
import dev.hudilayout.spark.SortColumns;
import dev.hudilayout.workload.AutoColumns;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.client.common.HoodieSparkEngineContext;
import org.apache.hudi.common.data.HoodieData;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.config.HoodieClusteringConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.hudi.table.HoodieTable;
import org.apache.hudi.table.action.HoodieWriteMetadata;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * hudi-layout's clustering execution strategy. Hudi loads it by name from
 * {@code hoodie.clustering.execution.strategy.class=dev.hudilayout.SpaceCurveExecutionStrategy}
 * and it honours Hudi's own layout keys: sort columns, {@code hoodie.layout.optimize.strategy}
 * (linear, z-order, hilbert), {@code hoodie.layout.optimize.curve.build.method} (direct, sample)
 * and the sample size. Hudi's sort-and-size machinery reads the groups and writes the files; this
 * class decides where each row goes, and records that on the replacecommit.
 *
 * <p>Per clustering instant: the options are validated against the table schema before any group
 * runs; one sample of the whole input (sort columns only) builds the curve space all groups share;
 * each group's file cuts come from its part of that sample. The stages, in order:
 * <ol>
 *   <li><b>spec</b>: the options, read once ({@link LayoutSpec}) and checked against the table's
 *       schema ({@link SortColumns#validate}), in {@link #cluster};</li>
 *   <li><b>sample</b>: one bottom-k sample of the sort columns of every base file in the plan
 *       ({@link InstantLayout#build}); a group it does not cover samples its own input
 *       ({@code spark.RowEncoder#sample}, {@code spark.RecordEncoder#sample});</li>
 *   <li><b>curve / grid</b>: the curve space all groups share, built from that sample
 *       ({@link CurveSpace}); on the aligned or continuous layout a group also cuts each column into
 *       buckets ({@link dev.hudilayout.layout.grid.AlignedCells}, chosen by
 *       {@link dev.hudilayout.layout.grid.GridSearch});</li>
 *   <li><b>placement</b>: per group, once, the file of each row and its order in it
 *       ({@link dev.hudilayout.layout.placement.Placement}: {@link dev.hudilayout.layout.placement.CurvePlacement} or
 *       {@link dev.hudilayout.layout.placement.GridPlacement}), chosen in the partitioner Hudi asks for
 *       ({@link #rowPartitioner}, {@link #recordPartitioner}; {@code plan.GroupPlacement});</li>
 *   <li><b>write</b>: rows shuffled into their files and sorted ({@code spark.HelperColumns} on the
 *       row-writer path, {@code spark.FilePartitioner} on the RDD path), then written by Hudi's
 *       sort-and-size strategy;</li>
 *   <li><b>record</b>: what each group did ({@link AppliedLayouts}), on the replacecommit's extra
 *       metadata ({@link LayoutWriteMetadata}).</li>
 * </ol>
 */
public class SpaceCurveExecutionStrategy<T> extends LineStrategy<T> {
  private static final Logger LOG = LoggerFactory.getLogger(SpaceCurveExecutionStrategy.class);

  private final transient AppliedLayouts applied = new AppliedLayouts();
  private final transient ThreadLocal<List<HoodieFileGroupId>> currentGroup = new ThreadLocal<>();
  private final transient ThreadLocal<PlannedGroup> currentPlan = new ThreadLocal<>();
  /** Set while the rows of a whole plan, already placed ({@link PlanPlacement}), are written. */
  private final transient ThreadLocal<Boolean> prePlaced = new ThreadLocal<>();
  private transient volatile InstantLayout instantLayout;
  /** Per partition of the plan, the share of its rows each sort column's queries reach there (empty: all). */
  private transient volatile Map<String, double[]> reachByPartition = Collections.emptyMap();
  private transient HoodieWriteConfig writerConfig;
  /** With the layout option auto, the spec chosen from the query log for this instant. */
  private transient volatile LayoutSpec autoSpec;

  public SpaceCurveExecutionStrategy(HoodieTable table, HoodieEngineContext engineContext,
                                     HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected HoodieWriteMetadata<HoodieData<WriteStatus>> cluster(
      HoodieClusteringPlan plan, TableSchema schema, String instantTime) {
    BucketTables.refuse(getEngineContext(), getWriteConfig(), plan);
    IndexKeeping.refuse(getWriteConfig(), getHoodieTable().getMetaClient());
    paidFor(plan);
    // spec (with auto: columns and weights from the query log)
    LayoutSpec spec = specFor(strategyParams(plan));
    String chosen = strategyParams(plan).get(RecordedWorkload.CHOSEN);
    if (chosen != null) {
      applied.auto(chosen); // the plan chose the columns (continuous plan), and its params carry them
    } else if (LayoutSpecParser.auto(getWriteConfig().getProps())) {
      spec = chooseColumns(plan, spec, schema);
    }
    SortColumns.validate(spec, schema.kinds());
    // sample, curve
    if (spec.curve() != Curve.LINEAR) {
      instantLayout = InstantLayout.build(sparkSession(), getHoodieTable().getMetaClient(),
          () -> HudiLine.get().tableMetadata(getHoodieTable()), plan, spec, getWriteConfig().getBasePath());
      if (instantLayout != null) {
        reachByPartition = instantLayout.reachByPartition(plan.getInputGroups().stream()
            .map(BaseFileScan::fileGroupsOf).collect(Collectors.toList()));
        applied.sampled(instantLayout.sampledRows(), instantLayout.rowsFromCommits());
        applied.taken(instantLayout.sampleTaken(), instantLayout.fewestSampled());
      }
    }
    // grid, placement and write: all groups in one job where they can be, else per group
    // (rowPartitioner / recordPartitioner)
    HoodieWriteMetadata<HoodieData<WriteStatus>> result = inOneJob(plan, spec, schema, instantTime);
    if (result == null) {
      result = hudiCluster(plan, schema, instantTime);
    }
    // record
    return LayoutWriteMetadata.wrap(result, applied.summary(getClass().getName()));
  }

  /**
   * Every group of the plan placed on its own and written by one Spark job ({@link PlanPlacement}):
   * one scan of all their base files, one shuffle, one write. Null, for the per-group path, when
   * the plan has one group on a line whose Hudi lets the plugin read a group
   * ({@link LineStrategy#scansGroups}), the layout is linear, the row writer is off, a group has no rows in
   * the instant's sample or Hudi must read a group (log files, see {@link BaseFileScan}).
   */
  private HoodieWriteMetadata<HoodieData<WriteStatus>> inOneJob(HoodieClusteringPlan plan, LayoutSpec spec,
                                                                TableSchema schema, String instantTime) {
    List<HoodieClusteringGroup> groups = plan.getInputGroups();
    InstantLayout layout = instantLayout;
    // One group goes this way too where the line lets Hudi alone read a group (scansGroups false):
    // there this scan of its base files is the only way the plugin reads them.
    boolean oneGroupHere = groups.size() == 1 && !LineStrategy.scansGroups();
    if (layout == null || spec.curve() == Curve.LINEAR || (groups.size() < 2 && !oneGroupHere)
        || !getWriteConfig().getBooleanOrDefault("hoodie.datasource.write.row.writer.enable", true)) {
      return null;
    }
    List<List<HoodieFileGroupId>> fileGroups = groups.stream().map(BaseFileScan::fileGroupsOf)
        .collect(Collectors.toList());
    List<List<SampleRow>> samples = layout.samplesOf(fileGroups);
    if (samples.stream().anyMatch(List::isEmpty)) {
      return null;
    }
    TableSchema tableSchema = groupSchema();
    // the file each row came from tells its group, which one group does not need: its rows then skip
    // carrying the file's path and the copy that drops it again
    boolean withFile = groups.size() > 1;
    Dataset<Row> rows = scan(groups, tableSchema, withFile);
    if (rows == null) {
      return null;
    }
    List<List<String>> fileNames = groups.stream().map(BaseFileScan::fileNames).collect(Collectors.toList());
    List<Integer> requested = groups.stream().map(HoodieClusteringGroup::getNumOutputFileGroups)
        .collect(Collectors.toList());
    List<PlannedGroup> planned = new java.util.ArrayList<>();
    List<double[]> reach = new java.util.ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      List<HoodieFileGroupId> ids = fileGroups.get(g);
      String partition = ids.isEmpty() ? "" : ids.get(0).getPartitionPath();
      planned.add(PlannedGroup.of(groups.get(g).getExtraMetadata(), partition));
      reach.add(reachByPartition.get(partition));
      applied.partition(partition);
    }
    PlanPlacement placed = PlanPlacement.place(spec, space(), rows, withFile, fileNames, samples, requested, planned,
        reach, applied);
    boolean preserve = Boolean.TRUE.equals(plan.getPreserveHoodieMetadata());
    List<HoodieFileGroupId> all = fileGroups.stream().flatMap(List::stream).collect(Collectors.toList());
    prePlaced.set(Boolean.TRUE);
    HoodieData<WriteStatus> statuses;
    try {
      statuses = hudiWriteRows(HudiLine.get().scannedRowsToWrite(placed.rows, tableSchema.struct(),
          layout.fileSchema()), placed.files, instantTime,
          strategyParams(plan), tableSchema, all, preserve, Collections.emptyMap());
    } finally {
      prePlaced.remove();
    }
    HoodieWriteMetadata<HoodieData<WriteStatus>> out = new HoodieWriteMetadata<>();
    out.setWriteStatuses(statuses);
    return out;
  }

  /**
   * A group made only of Parquet base files is read by one Spark scan of them ({@link BaseFileScan})
   * and then clustered as Hudi would; any other group is read by Hudi (on lines where Hudi lets a
   * strategy read a group at all, {@link LineStrategy#scansGroups}).
   */
  @Override
  protected Dataset<Row> scanGroup(HoodieClusteringGroup group, TableSchema schema) {
    Dataset<Row> rows = scan(Collections.singletonList(group), schema, false);
    applied.read(rows != null);
    return rows;
  }

  /** The groups' rows by one scan of their base files ({@link BaseFileScan#rowsOf}), or null. */
  private Dataset<Row> scan(List<HoodieClusteringGroup> groups, TableSchema schema, boolean withInputFile) {
    return BaseFileScan.rowsOf(sparkSession(), groups, getWriteConfig().getBasePath(),
        schema.struct(), instantLayout,
        getWriteConfig().getSchemaEvolutionEnable(),
        getHoodieTable().getMetaClient().getTableConfig().shouldDropPartitionColumns(),
        getWriteConfig().populateMetaFields(), withInputFile);
  }

  private SparkSession sparkSession() {
    return ((HoodieSparkEngineContext) getEngineContext()).getSqlContext().sparkSession();
  }

  // Hudi runs each group through one of these two, on the thread that then asks for the
  // partitioner; they are where the group's file groups are known.

  @Override
  protected HoodieData<WriteStatus> writeRows(
      Dataset<Row> rows, int numOutputGroups, String instantTime, Map<String, String> strategyParams,
      TableSchema schema, List<HoodieFileGroupId> fileGroupIdList, boolean shouldPreserveHoodieMetadata,
      Map<String, String> extraMetadata) {
    return inGroup(fileGroupIdList, extraMetadata, () -> hudiWriteRows(rows, numOutputGroups,
        instantTime, strategyParams, schema, fileGroupIdList, shouldPreserveHoodieMetadata, extraMetadata));
  }

  @Override
  protected HoodieData<WriteStatus> writeRecords(
      HoodieData<HoodieRecord<T>> records, int numOutputGroups, String instantTime,
      Map<String, String> strategyParams, TableSchema schema, List<HoodieFileGroupId> fileGroupIdList,
      boolean shouldPreserveHoodieMetadata, Map<String, String> extraMetadata) {
    return inGroup(fileGroupIdList, extraMetadata, () -> hudiWriteRecords(records, numOutputGroups,
        instantTime, strategyParams, schema, fileGroupIdList, shouldPreserveHoodieMetadata, extraMetadata));
  }

  /**
   * Runs one group's clustering with its file groups and its continuous plan (from the
   * group's extra metadata, see {@link PlannedGroup}) known to the partitioner factories.
   */
  private <R> R inGroup(List<HoodieFileGroupId> fileGroups, Map<String, String> groupMetadata, Supplier<R> run) {
    String partition = fileGroups.isEmpty() ? "" : fileGroups.get(0).getPartitionPath();
    currentGroup.set(fileGroups);
    currentPlan.set(PlannedGroup.of(groupMetadata, partition));
    applied.partition(partition);
    try {
      return run.get();
    } finally {
      currentGroup.remove();
      currentPlan.remove();
    }
  }

  @Override
  protected BulkInsertPartitioner<Dataset<Row>> rowPartitioner(Map<String, String> strategyParams) {
    if (Boolean.TRUE.equals(prePlaced.get())) {
      return PlanPlacement.PLACED;
    }
    return new CurveRowPartitioner(specFor(strategyParams), space(), groupSample(), applied,
        getWriteConfig().populateMetaFields(), currentPlan.get(), groupReach());
  }

  @Override
  protected BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> recordPartitioner(Map<String, String> strategyParams,
                                                                              TableSchema schema) {
    LayoutSpec spec = specFor(strategyParams);
    SortColumns.validate(spec, schema.kinds());
    String[] columns = spec.columns().toArray(new String[0]);
    boolean consistent = getWriteConfig().isConsistentLogicalTimestampEnabled();
    return new CurveRecordPartitioner<>(spec, space(), groupSample(),
        r -> HudiLine.get().columnValues(r, schema, columns, consistent), applied, currentPlan.get(), groupReach());
  }

  private CurveSpace space() {
    InstantLayout layout = instantLayout;
    return layout == null ? null : layout.space();
  }

  /** The reach of the current group's partition, or null (see {@link #reachByPartition}). */
  private double[] groupReach() {
    List<HoodieFileGroupId> ids = currentGroup.get();
    return ids == null || ids.isEmpty() ? null : reachByPartition.get(ids.get(0).getPartitionPath());
  }

  private List<SampleRow> groupSample() {
    InstantLayout layout = instantLayout;
    return layout == null ? Collections.emptyList() : layout.sampleOf(currentGroup.get());
  }

  /**
   * Hudi's sort-and-size strategy caps each output file at {@code getWriteConfig()
   * .getClusteringTargetFileMaxBytes()}; the plan has already fixed how many files each group
   * gets, so execution reads that value only for the cap. This returns the write config with the
   * target scaled by {@link LayoutOptions#WRITER_SIZE_FACTOR}, so a laid-out file is written whole.
   */
  @Override
  protected HoodieWriteConfig getWriteConfig() {
    HoodieWriteConfig base = super.getWriteConfig();
    if (writerConfig == null) {
      double factor = LayoutSpecParser.writerSizeFactor(base.getProps());
      if (factor == 1.0) {
        writerConfig = base;
      } else {
        HoodieWriteConfig copy = HoodieWriteConfig.newBuilder().withProps(base.getProps()).build();
        long target = base.getClusteringTargetFileMaxBytes();
        copy.setValue(HoodieClusteringConfig.PLAN_STRATEGY_TARGET_FILE_MAX_BYTES,
            String.valueOf((long) Math.min(Long.MAX_VALUE / 2.0, target * factor)));
        writerConfig = copy;
      }
    }
    return writerConfig;
  }

  private LayoutSpec specFor(Map<String, String> strategyParams) {
    LayoutSpec chosen = autoSpec;
    return chosen != null ? chosen : LayoutSpecParser.parse(strategyParams, getWriteConfig().getProps());
  }

  /**
   * The layout option auto: the sort columns and weights the table's query log asks for
   * ({@link RecordedWorkload}), for the files the plan writes in a partition (each partition is
   * laid out on its own grid); {@code given} when the log has nothing a cut narrows. The choice
   * holds for every group of the plan, and is recorded.
   */
  private LayoutSpec chooseColumns(HoodieClusteringPlan plan, LayoutSpec given, TableSchema schema) {
    int outputFiles = RecordedWorkload.outputFilesPerPartition(plan);
    AutoColumns.Choice choice = RecordedWorkload.choose(sparkSession().sparkContext().hadoopConfiguration(),
        getWriteConfig().getBasePath(), schema.kinds(), () -> HudiLine.get().tableMetadata(getHoodieTable()),
        ColumnStatsBounds.baseFiles(plan), getWriteConfig().populateMetaFields(), given.columns(), outputFiles,
        LayoutSpecParser.autoMaxColumns(getWriteConfig().getProps()));
    applied.auto(choice.reason);
    if (!choice.fromLog) {
      return given;
    }
    autoSpec = given.withColumns(choice.columns, given.curve() == Curve.LINEAR ? null : choice.weights());
    return autoSpec;
  }

  /**
   * Records why a plan made under {@code when=pays} pays; warns when the option is set and the plan
   * strategy did not weigh it (one not of ours).
   */
  private void paidFor(HoodieClusteringPlan plan) {
    String reason = plan.getExtraMetadata() == null ? null : plan.getExtraMetadata().get(PaidPlans.KEY);
    if (reason != null) {
      applied.pays(reason);
    } else if (LayoutSpecParser.paysOnly(getWriteConfig().getProps())) {
      LOG.warn("hudi-layout: hoodie.hudilayout.when=pays, but the plan strategy {} does not weigh it; set "
          + "hoodie.clustering.plan.strategy.class to dev.hudilayout.SizeBasedPlanStrategy or another plan of ours",
          getWriteConfig().getString("hoodie.clustering.plan.strategy.class"));
    }
  }

  private static Map<String, String> strategyParams(HoodieClusteringPlan plan) {
    if (plan.getStrategy() == null || plan.getStrategy().getStrategyParams() == null) {
      return Collections.emptyMap();
    }
    return plan.getStrategy().getStrategyParams();
  }
}
