package dev.hudilayout.spark;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.placement.TupleCuts;
import dev.hudilayout.layout.sample.SampleRow;
import dev.hudilayout.plan.AppliedLayouts;
import dev.hudilayout.plan.GroupPlacement;
import dev.hudilayout.plan.PlannedGroup;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;
import java.util.List;

/**
 * Row-writer path of one clustering group: sample ({@link RowEncoder#sample}, only when the
 * instant's sample does not cover the group) -&gt; choose the placement ({@link GroupPlacement})
 * -&gt; assign rows to files ({@link HelperColumns}). Every row goes by its curve key into one of
 * the requested output files, and each file is sorted by the key, so row groups inside a file
 * skip too. The schema, including the {@code _hoodie_*} columns, is returned unchanged.
 */
public final class CurveRowPartitioner implements BulkInsertPartitioner<Dataset<Row>> {
  private static final long serialVersionUID = 1L;
  private final LayoutSpec spec;
  private final transient CurveSpace space;
  private final transient List<SampleRow> groupSample;
  private final transient AppliedLayouts applied;
  private final boolean writerNamesFiles;
  private final transient PlannedGroup planned;
  private final transient double[] reach;

  /**
   * @param space            the instant's curve space, or null if the instant could not be sampled
   * @param groupSample      this group's rows in the instant's sample; when empty, the group samples
   *                         its own input to place its file cuts
   * @param writerNamesFiles whether the table populates its meta fields; Hudi's row writer then
   *                         sets {@code _hoodie_file_name} of every row to the file it writes and
   *                         never reads the row's old value, so the shuffle need not carry it
   * @param planned          the group as the continuous plan planned it, or null
   * @param reach            the reach of the group's partition ({@link dev.hudilayout.layout.grid.PartitionReach}),
   *                         or null
   */
  public CurveRowPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                             AppliedLayouts applied, boolean writerNamesFiles, PlannedGroup planned, double[] reach) {
    this.planned = planned;
    this.reach = reach;
    this.spec = spec;
    this.space = space;
    this.groupSample = groupSample;
    this.applied = applied;
    this.writerNamesFiles = writerNamesFiles;
  }

  @Override
  public Dataset<Row> repartitionRecords(Dataset<Row> rows, int outputPartitions) {
    StructType schema = rows.schema();
    RowEncoder encoder = RowEncoder.of(spec, schema);
    int blank = blanked(schema);
    if (spec.curve() == Curve.LINEAR) {
      int files = Math.max(1, outputPartitions);
      TupleCuts cuts = TupleCuts.fromSample(encoder.sample(rows, spec), files);
      if (applied != null) {
        applied.record(spec, files, false, null);
      }
      return placeByColumns(rows, encoder, cuts, files, blank);
    }
    GroupPlacement chosen = GroupPlacement.choose(spec, space, groupSample, () -> encoder.sample(rows, spec),
        outputPartitions, planned, reach, applied);
    return place(rows, encoder, chosen.placement, chosen.files, blank);
  }

  /** The ordinal of the old file name the shuffle can leave null, or -1 (see the constructor). */
  private int blanked(StructType schema) {
    return writerNamesFiles ? Arrays.asList(schema.fieldNames()).indexOf(HoodieRecord.FILENAME_METADATA_FIELD) : -1;
  }

  /** Each row to its file by {@link Placement#placement}, each file sorted by the rows' curve order. */
  private static Dataset<Row> place(Dataset<Row> rows, RowEncoder encoder, Placement placement, int files,
                                    int blank) {
    Broadcast<Placement> shared = JavaSparkContext.fromSparkContext(rows.sparkSession().sparkContext())
        .broadcast(placement);
    int[] tokens = PartitionTokens.forPartitions(files);
    int orderBits = 63 - PartitionTokens.bits(tokens);
    return HelperColumns.byPlacement(rows, files, orderBits, blank, () -> {
      Placement p = shared.value();
      return row -> p.placement(encoder.encode(row), encoder.recordKeyHash(row, CurveSpace.ROW_HASH_SEED), tokens,
          orderBits);
    });
  }

  /**
   * Linear layout: each row to the file whose cuts enclose its sort values, each file sorted by
   * the sort columns themselves.
   */
  private Dataset<Row> placeByColumns(Dataset<Row> rows, RowEncoder encoder, TupleCuts cuts, int files, int blank) {
    int[] tokens = PartitionTokens.forPartitions(files);
    Column[] cols = spec.columns().stream().map(functions::col).toArray(Column[]::new);
    return HelperColumns.byToken(rows, files, cols, blank, () -> row -> tokens[cuts.file(encoder.encode(row))]);
  }

  @Override
  public boolean arePartitionRecordsSorted() {
    return true;
  }
}
