package dev.hudilayout.spark;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.continuous.Stage;
import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.BottomKSample;
import dev.hudilayout.layout.CurveModel;
import dev.hudilayout.layout.CurveSpace;
import dev.hudilayout.layout.SampleRow;
import dev.hudilayout.layout.TupleCuts;
import dev.hudilayout.layout.ValueEncoding;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import scala.collection.JavaConverters;


/**
 * Row-writer path: places every row by its curve key into one of the requested output files and
 * sorts each file by the key, so row groups inside a file skip too. The schema, including the
 * {@code _hoodie_*} columns, is returned unchanged and no helper column is added.
 */
public final class CurveRowPartitioner implements BulkInsertPartitioner<Dataset<Row>> {
  private static final long serialVersionUID = 1L;
  private static final String TOKEN_COLUMN = "_hudilayout_file_token";
  private static final String KEY_COLUMN = "_hudilayout_curve_key";
  private final LayoutSpec spec;
  private final transient CurveSpace space;
  private final transient List<SampleRow> groupSample;
  private final transient AppliedLayouts applied;
  private final boolean writerNamesFiles;
  private final transient Stage stage;

  /**
   * @param space            the instant's curve space, or null if the instant could not be sampled
   * @param groupSample      this group's rows in the instant's sample; when empty, the group samples
   *                         its own input to place its file cuts
   * @param writerNamesFiles whether the table populates its meta fields; Hudi's row writer then
   *                         sets {@code _hoodie_file_name} of every row to the file it writes and
   *                         never reads the row's old value, so the shuffle need not carry it
   */
  public CurveRowPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                             AppliedLayouts applied, boolean writerNamesFiles) {
    this(spec, space, groupSample, applied, writerNamesFiles, null);
  }

  /** @param stage the group's continuous-layout stage, or null (see {@link Stage#model}) */
  public CurveRowPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                             AppliedLayouts applied, boolean writerNamesFiles, Stage stage) {
    this.stage = stage;
    this.spec = spec;
    this.space = space;
    this.groupSample = groupSample;
    this.applied = applied;
    this.writerNamesFiles = writerNamesFiles;
  }

  @Override
  public Dataset<Row> repartitionRecords(Dataset<Row> rows, int outputPartitions) {
    int files = Math.max(1, outputPartitions);
    StructType schema = rows.schema();
    int[] ordinals = SortColumns.resolve(spec, schema);
    int keyOrdinal = Arrays.asList(schema.fieldNames()).indexOf(HoodieRecord.RECORD_KEY_METADATA_FIELD);
    DataType[] types = typesOf(schema, ordinals);
    if (spec.curve() == Curve.LINEAR) {
      TupleCuts cuts = TupleCuts.fromSample(sampleOwnInput(rows, ordinals, keyOrdinal, types, spec), files);
      record(files, false, null);
      return placeByColumns(rows, schema, ordinals, types, cuts, files, blanked(schema));
    }
    CurveModel m = Stage.model(stage, spec, space, groupSample,
        () -> sampleOwnInput(rows, ordinals, keyOrdinal, types, spec), files);
    if (stage != null) {
      files = m.files();  // every file inside one cell: a cell with rows has at least one
    }
    record(files, CurveModel.usesInstantSample(space, groupSample), m);
    if (stage != null && applied != null) {
      applied.continuous(stage, stage.gridAfter(m));
    }
    return place(rows, schema, ordinals, keyOrdinal, types, m, files, blanked(schema));
  }

  /** The ordinal of the old file name the shuffle can leave empty, or -1 (see the constructor). */
  private int blanked(StructType schema) {
    return writerNamesFiles ? Arrays.asList(schema.fieldNames()).indexOf(HoodieRecord.FILENAME_METADATA_FIELD) : -1;
  }

  /**
   * Appends one helper column to every row, a long: the token of the row's file (a number that
   * Spark's hash partitioning sends to that file's partition, see {@link PartitionTokens}) in the
   * high bits and the row's order inside the file in the low bits. Spark SQL shuffles on the high
   * bits, sorts each file by the whole long, and the helper is dropped again: the output has the
   * input's schema, one Spark partition per file.
   */
  private static Dataset<Row> place(Dataset<Row> rows, StructType schema, int[] ordinals, int keyOrdinal,
                                    DataType[] types, CurveModel model, int files, int blank) {
    Broadcast<CurveModel> bModel = JavaSparkContext.fromSparkContext(rows.sparkSession().sparkContext())
        .broadcast(model);
    int[] tokens = PartitionTokens.forPartitions(files);
    int orderBits = 63 - PartitionTokens.bits(tokens);
    StructType placed = schema.add(KEY_COLUMN, DataTypes.LongType, false);
    return withHelpers(rows, placed, blank, () -> {
      CurveModel cm = bModel.value();
      return (row, extra) -> {
        extra.update(0, cm.placement(encode(row, ordinals, types), recordKey(row, keyOrdinal), tokens, orderBits));
      };
    }).repartition(files, functions.shiftRight(functions.col(KEY_COLUMN), orderBits).cast(DataTypes.IntegerType))
        .sortWithinPartitions(functions.col(KEY_COLUMN))
        .drop(KEY_COLUMN);
  }

  /**
   * Linear layout: a token column sends each row to the file whose cuts enclose its sort values,
   * Spark SQL shuffles on it, and each file is sorted by the sort columns themselves.
   */
  private Dataset<Row> placeByColumns(Dataset<Row> rows, StructType schema, int[] ordinals, DataType[] types,
                                      TupleCuts cuts, int files, int blank) {
    int[] tokens = PartitionTokens.forPartitions(files);
    Column[] cols = spec.columns().stream().map(functions::col).toArray(Column[]::new);
    StructType placed = schema.add(TOKEN_COLUMN, DataTypes.IntegerType, false);
    return withHelpers(rows, placed, blank, () -> (row, extra) ->
        extra.update(0, tokens[cuts.file(encode(row, ordinals, types))]))
        .repartition(files, functions.col(TOKEN_COLUMN))
        .sortWithinPartitions(cols)
        .drop(TOKEN_COLUMN);
  }

  /** Sets a row's helper values; one is made per Spark partition, on the executor. */
  private interface Helpers extends Serializable {
    void fill(InternalRow row, GenericInternalRow extra);
  }

  private interface HelpersFactory extends Serializable {
    Helpers create();
  }

  /**
   * The rows with the helper columns {@code placed} has beyond their schema appended, and the
   * string column at {@code blank} (if not -1) emptied.
   */
  private static Dataset<Row> withHelpers(Dataset<Row> rows, StructType placed, int blank, HelpersFactory helpers) {
    int extraColumns = placed.fields().length - rows.schema().fields().length;
    StructField[] fields = placed.fields();
    JavaRDD<InternalRow> tagged = readTasks(rows).mapPartitions(it -> {
      Helpers fill = helpers.create();
      List<Expression> columns = new ArrayList<>(fields.length);
      for (int i = 0; i < fields.length; i++) {
        columns.add(i == blank ? Literal.create(UTF8String.EMPTY_UTF8, DataTypes.StringType)
            : new BoundReference(i, fields[i].dataType(), fields[i].nullable()));
      }
      UnsafeProjection project = UnsafeProjection.create(JavaConverters.asScalaBuffer(columns).toSeq());
      JoinedRow joined = new JoinedRow();
      GenericInternalRow extra = new GenericInternalRow(extraColumns);
      return new java.util.Iterator<InternalRow>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public InternalRow next() {
          InternalRow row = it.next();
          fill.fill(row, extra);
          return project.apply(joined.apply(row, extra));
        }
      };
    });
    return rows.sparkSession().internalCreateDataFrame(tagged.rdd(), placed, false);
  }

  /**
   * The group's rows as an RDD with fewer, larger read tasks where Hudi read them: Hudi reads a
   * clustering group one base file per Spark partition, and for the small files clustering exists
   * for, starting a task per file costs more than reading it (250 files of 1 MB: 250 tasks). Up to
   * 8 files share a task, and there are still at least two tasks per core. A Spark file scan
   * ({@link BaseFileScan}) has already packed small files into tasks of its own size and is kept.
   * The shuffle after it is unchanged.
   */
  private static JavaRDD<InternalRow> readTasks(Dataset<Row> rows) {
    JavaRDD<InternalRow> rdd = rows.queryExecution().toRdd().toJavaRDD();
    if (isFileScan(rows)) {
      return rdd;
    }
    int tasks = Math.max(2 * rows.sparkSession().sparkContext().defaultParallelism(),
        (rdd.getNumPartitions() + 7) / 8);
    return tasks < rdd.getNumPartitions() ? rdd.coalesce(tasks, false) : rdd;
  }

  private static boolean isFileScan(Dataset<Row> rows) {
    scala.collection.Iterator<SparkPlan> leaves = rows.queryExecution().executedPlan().collectLeaves().iterator();
    while (leaves.hasNext()) {
      if (!(leaves.next() instanceof FileSourceScanExec)) {
        return false;
      }
    }
    return true;
  }

  private void record(int files, boolean shared, CurveModel model) {
    if (applied != null) {
      applied.record(spec, files, shared, model);
    }
  }

  private static List<SampleRow> sampleOwnInput(Dataset<Row> rows, int[] ordinals, int keyOrdinal,
                                                DataType[] types, LayoutSpec spec) {
    return rows.queryExecution().toRdd().toJavaRDD()
        .treeAggregate(new BottomKSample(spec.sampleSize(), spec.seed()),
            (s, row) -> s.add(new SampleRow(recordKey(row, keyOrdinal), "", encode(row, ordinals, types))),
            BottomKSample::merge, 2)
        .rows();
  }

  static String recordKey(InternalRow row, int keyOrdinal) {
    return keyOrdinal < 0 || row.isNullAt(keyOrdinal) ? null : row.getUTF8String(keyOrdinal).toString();
  }

  static DataType[] typesOf(StructType schema, int[] ordinals) {
    DataType[] types = new DataType[ordinals.length];
    for (int i = 0; i < ordinals.length; i++) {
      types[i] = schema.fields()[ordinals[i]].dataType();
    }
    return types;
  }

  static byte[][] encode(InternalRow row, int[] ordinals, DataType[] types) {
    byte[][] out = new byte[ordinals.length][];
    for (int i = 0; i < ordinals.length; i++) {
      out[i] = ValueEncoding.encode(row.isNullAt(ordinals[i]) ? null : row.get(ordinals[i], types[i]));
    }
    return out;
  }

  @Override
  public boolean arePartitionRecordsSorted() {
    return true;
  }
}
