package dev.hudilayout.spark;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.BottomKSample;
import dev.hudilayout.layout.CurveModel;
import dev.hudilayout.layout.ValueEncoding;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;
import java.util.List;

import scala.Tuple2;

/**
 * Row-writer path: places every row by its curve key into one of the requested output files and
 * sorts each file by the key, so row groups inside a file skip too. The schema, including the
 * {@code _hoodie_*} columns, is returned unchanged and no helper column is added.
 */
public final class CurveRowPartitioner implements BulkInsertPartitioner<Dataset<Row>> {
  private static final long serialVersionUID = 1L;
  private final LayoutSpec spec;
  private final transient AppliedLayouts applied;

  public CurveRowPartitioner(LayoutSpec spec, AppliedLayouts applied) {
    this.spec = spec;
    this.applied = applied;
  }

  @Override
  public Dataset<Row> repartitionRecords(Dataset<Row> rows, int outputPartitions) {
    int files = Math.max(1, outputPartitions);
    StructType schema = rows.schema();
    int[] ordinals = SortColumns.resolve(spec, schema);
    if (spec.curve() == Curve.LINEAR) {
      Column[] cols = spec.columns().stream().map(functions::col).toArray(Column[]::new);
      record(files, 0);
      return rows.repartitionByRange(files, cols).sortWithinPartitions(cols);
    }
    CurveModel model = CurveModel.build(spec, sample(rows, schema, ordinals), files);
    record(files, model.bitsPerColumn());
    return placeOnCurve(rows, schema, ordinals, model, files);
  }

  private void record(int files, int bits) {
    if (applied != null) {
      applied.record(spec, files, bits);
    }
  }

  private Dataset<Row> placeOnCurve(Dataset<Row> rows, StructType schema, int[] ordinals, CurveModel model,
                                    int files) {
    SparkSession spark = rows.sparkSession();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Broadcast<CurveModel> bModel = jsc.broadcast(model);
    DataType[] types = typesOf(schema, ordinals);
    JavaRDD<InternalRow> in = rows.queryExecution().toRdd().toJavaRDD();
    JavaRDD<InternalRow> placed = in
        .mapToPair(row -> new Tuple2<>(bModel.value().key(encode(row, ordinals, types)), row.copy()))
        .repartitionAndSortWithinPartitions(new FilePartitioner(bModel, files))
        .values();
    return spark.internalCreateDataFrame(placed.rdd(), schema, false);
  }

  /** One pass over the sort columns (and the record key) only: Spark prunes the rest. */
  private List<byte[][]> sample(Dataset<Row> rows, StructType schema, int[] ordinals) {
    List<String> names = Arrays.asList(schema.fieldNames());
    boolean hasKey = names.contains(HoodieRecord.RECORD_KEY_METADATA_FIELD);
    Column[] projection = new Column[ordinals.length + (hasKey ? 1 : 0)];
    for (int i = 0; i < ordinals.length; i++) {
      projection[i] = functions.col(spec.columns().get(i));
    }
    if (hasKey) {
      projection[ordinals.length] = functions.col(HoodieRecord.RECORD_KEY_METADATA_FIELD);
    }
    Dataset<Row> projected = rows.select(projection);
    StructType pSchema = projected.schema();
    int d = ordinals.length;
    int[] pOrdinals = new int[d];
    for (int i = 0; i < d; i++) {
      pOrdinals[i] = i;
    }
    DataType[] types = typesOf(pSchema, pOrdinals);
    long seed = spec.seed();
    int k = spec.sampleSize();
    return projected.queryExecution().toRdd().toJavaRDD()
        .treeAggregate(new BottomKSample(k),
            (s, row) -> s.add(BottomKSample.priority(
                hasKey && !row.isNullAt(d) ? row.getUTF8String(d).toString() : String.valueOf(row.hashCode()), seed),
                encode(row, pOrdinals, types)),
            BottomKSample::merge, 2)
        .rows();
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
