package dev.hudilayout.spark;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.io.Serializable;

/**
 * Stage "write" of the row-writer path, before Hudi's writer: one helper column appended to every row says where
 * it goes, Spark SQL shuffles and sorts on it, and the helper is dropped again, so the output has
 * the input's schema (the {@code _hoodie_*} columns included) and one Spark partition per file.
 */
final class HelperColumns {
  private static final String TOKEN_COLUMN = "_hudilayout_file_token";
  private static final String KEY_COLUMN = "_hudilayout_curve_key";

  private HelperColumns() {
  }

  /** A row's helper value; one is made per Spark partition, on the executor. */
  interface Value extends Serializable {
    long of(InternalRow row);
  }

  /** Makes the {@link Value} of one Spark partition. */
  interface ValueFactory extends Serializable {
    Value create();
  }

  /**
   * Rows placed by a {@code long}: the token of the row's file (a number that Spark's hash
   * partitioning sends to that file's partition, see {@link PartitionTokens}) in the bits above
   * {@code orderBits} and the row's order inside the file in the low bits. Spark SQL shuffles on
   * the high bits and sorts each file by the whole long.
   *
   * @param blank ordinal of a string column the shuffle may leave null, or -1
   */
  static Dataset<Row> byPlacement(Dataset<Row> rows, int files, int orderBits, int blank, ValueFactory placement) {
    return withHelper(rows, KEY_COLUMN, DataTypes.LongType, blank, placement)
        .repartition(files, functions.shiftRight(functions.col(KEY_COLUMN), orderBits).cast(DataTypes.IntegerType))
        .sortWithinPartitions(functions.col(KEY_COLUMN))
        .drop(KEY_COLUMN);
  }

  /**
   * Rows sent by an {@code int} file token ({@link PartitionTokens}) to their file, each file
   * sorted by {@code sortColumns}.
   *
   * @param blank ordinal of a string column the shuffle may leave null, or -1
   */
  static Dataset<Row> byToken(Dataset<Row> rows, int files, Column[] sortColumns, int blank, ValueFactory token) {
    return withHelper(rows, TOKEN_COLUMN, DataTypes.IntegerType, blank, token)
        .repartition(files, functions.col(TOKEN_COLUMN))
        .sortWithinPartitions(sortColumns)
        .drop(TOKEN_COLUMN);
  }

  /**
   * The rows with the helper column appended, and the string column at {@code blank} (if not -1)
   * emptied (null). Both are added to the query as literals, so Spark's generated code writes each row
   * with a slot for the helper once; the row's helper value is then set in that slot in place,
   * without copying the row again (a row that is not in Spark's binary format is copied once).
   */
  private static Dataset<Row> withHelper(Dataset<Row> rows, String name, DataType type, int blank,
                                         ValueFactory values) {
    boolean asLong = type == DataTypes.LongType;
    Dataset<Row> slotted = rows.withColumn(name, asLong ? functions.lit(0L) : functions.lit(0));
    if (blank >= 0) {
      // null, not "": the column keeps its type and nullability, and Hudi's writer sets it anyway
      slotted = slotted.withColumn(rows.schema().fields()[blank].name(),
          functions.lit(null).cast(DataTypes.StringType));
    }
    StructType placed = slotted.schema();
    int slot = placed.fields().length - 1;
    JavaRDD<InternalRow> tagged = readTasks(slotted).mapPartitions(it -> {
      Value value = values.create();
      return new java.util.Iterator<InternalRow>() {
        private UnsafeProjection toUnsafe;

        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public InternalRow next() {
          InternalRow row = it.next();
          UnsafeRow out;
          if (row instanceof UnsafeRow) {
            out = (UnsafeRow) row;
          } else {
            if (toUnsafe == null) {
              toUnsafe = UnsafeProjection.create(placed);
            }
            out = toUnsafe.apply(row);
          }
          long v = value.of(out);
          if (asLong) {
            out.setLong(slot, v);
          } else {
            out.setInt(slot, (int) v);
          }
          return out;
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
}
