package dev.hudilayout.spark;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.io.Serializable;
import java.util.Iterator;
import java.util.function.UnaryOperator;

/**
 * Stage "write" of the row-writer path, before Hudi's writer: a helper value beside every row says
 * where it goes, Spark SQL shuffles and sorts on it, and the helper is dropped again, so the output
 * has the input's schema (the {@code _hoodie_*} columns included) and one Spark partition per file.
 */
public final class HelperColumns {
  private static final String TOKEN_COLUMN = "_hudilayout_file_token";

  private HelperColumns() {
  }

  /** A row's helper value; one is made per Spark partition, on the executor. */
  public interface Value extends Serializable {
    long of(InternalRow row);
  }

  /** Makes the {@link Value} of one Spark partition. */
  public interface ValueFactory extends Serializable {
    Value create();
  }

  /**
   * Rows placed by a {@code long}: the token of the row's file (a number that Spark's hash
   * partitioning sends to that file's partition, see {@link PartitionTokens}) in the bits above
   * {@code orderBits} and the row's order inside the file in the low bits. Spark SQL shuffles on
   * the high bits and sorts each file by the whole long. Each row crosses the shuffle packed
   * ({@link PackedRows}) beside its long, and is unpacked after the sort.
   *
   * @param blank ordinal of a string column the shuffle may leave null, or -1
   */
  public static Dataset<Row> byPlacement(Dataset<Row> rows, int files, int orderBits, int blank, ValueFactory placement) {
    return byPlacement(rows, files, orderBits, blank, placement, false);
  }

  /**
   * {@link #byPlacement}; with {@code lastIsHelper}, the input's last column is read by the
   * placement only (where the row came from) and left out of the output.
   */
  public static Dataset<Row> byPlacement(Dataset<Row> rows, int files, int orderBits, int blank, ValueFactory placement,
                                  boolean lastIsHelper) {
    Dataset<Row> input = blanked(rows, blank);
    StructType schema = input.schema();
    StructType kept = lastIsHelper ? new StructType(java.util.Arrays.copyOf(schema.fields(), schema.size() - 1))
        : schema;
    JavaRDD<InternalRow> packed = eachRow(readTasks(input), () -> {
      Value value = placement.create();
      ToUnsafe toUnsafe = new ToUnsafe(schema);
      UnsafeProjection withoutHelper = lastIsHelper ? withoutLast(schema) : null;
      PackedRows.Packer packer = new PackedRows.Packer();
      return in -> {
        UnsafeRow row = toUnsafe.apply(in);
        long where = value.of(row);
        return packer.pack(where, withoutHelper == null ? row : withoutHelper.apply(row));
      };
    });
    SparkSession session = rows.sparkSession();
    Dataset<Row> sorted = session.internalCreateDataFrame(packed.rdd(), PackedRows.SCHEMA, false)
        .repartition(files, functions.shiftRight(functions.col(PackedRows.KEY), orderBits).cast(DataTypes.IntegerType))
        .sortWithinPartitions(functions.col(PackedRows.KEY));
    int fields = kept.size();
    JavaRDD<InternalRow> unpacked = eachRow(sorted.queryExecution().toRdd().toJavaRDD(), () -> {
      PackedRows.Unpacker unpacker = new PackedRows.Unpacker(fields);
      return unpacker::unpack;
    });
    return session.internalCreateDataFrame(unpacked.rdd(), kept, false);
  }

  /** A projection of a row of {@code schema} onto all its columns but the last. */
  private static UnsafeProjection withoutLast(StructType schema) {
    java.util.List<org.apache.spark.sql.catalyst.expressions.Expression> refs = new java.util.ArrayList<>();
    for (int i = 0; i < schema.size() - 1; i++) {
      refs.add(new org.apache.spark.sql.catalyst.expressions.BoundReference(i, schema.fields()[i].dataType(),
          schema.fields()[i].nullable()));
    }
    return UnsafeProjection.create(scala.collection.JavaConverters.asScalaBuffer(refs).toSeq());
  }

  /**
   * Rows sent by an {@code int} file token ({@link PartitionTokens}) to their file, each file
   * sorted by {@code sortColumns}.
   *
   * @param blank ordinal of a string column the shuffle may leave null, or -1
   */
  public static Dataset<Row> byToken(Dataset<Row> rows, int files, Column[] sortColumns, int blank, ValueFactory token) {
    return withToken(blanked(rows, blank), token)
        .repartition(files, functions.col(TOKEN_COLUMN))
        .sortWithinPartitions(sortColumns)
        .drop(TOKEN_COLUMN);
  }

  /**
   * The rows with the string column at {@code blank} (if not -1) emptied (null), as a literal of
   * the query, so Spark's generated code writes each row once without it.
   */
  private static Dataset<Row> blanked(Dataset<Row> rows, int blank) {
    if (blank < 0) {
      return rows;
    }
    // null, not "": the column keeps its type and nullability, and Hudi's writer sets it anyway
    return rows.withColumn(rows.schema().fields()[blank].name(), functions.lit(null).cast(DataTypes.StringType));
  }

  /**
   * The rows with the token column appended. It is added to the query as a literal, so Spark's
   * generated code writes each row with a slot for it once; the row's token is then set in that
   * slot in place, without copying the row again (a row that is not in Spark's binary format is
   * copied once).
   */
  private static Dataset<Row> withToken(Dataset<Row> rows, ValueFactory values) {
    Dataset<Row> slotted = rows.withColumn(TOKEN_COLUMN, functions.lit(0));
    StructType placed = slotted.schema();
    int slot = placed.fields().length - 1;
    JavaRDD<InternalRow> tagged = eachRow(readTasks(slotted), () -> {
      Value value = values.create();
      ToUnsafe toUnsafe = new ToUnsafe(placed);
      return in -> {
        UnsafeRow out = toUnsafe.apply(in);
        out.setInt(slot, (int) value.of(out));
        return out;
      };
    });
    return rows.sparkSession().internalCreateDataFrame(tagged.rdd(), placed, false);
  }

  /** Makes, on the executor, what one Spark partition does to each of its rows. */
  private interface RowMap extends Serializable {
    UnaryOperator<InternalRow> create();
  }

  /** Each row of each partition through the partition's own {@link RowMap}. */
  private static JavaRDD<InternalRow> eachRow(JavaRDD<InternalRow> rdd, RowMap map) {
    return rdd.mapPartitions(it -> {
      UnaryOperator<InternalRow> each = map.create();
      return new Iterator<InternalRow>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public InternalRow next() {
          return each.apply(it.next());
        }
      };
    });
  }

  /** A row as it is, when it is in Spark's binary format, or copied into it. */
  private static final class ToUnsafe {
    private final StructType schema;
    private UnsafeProjection projection;

    ToUnsafe(StructType schema) {
      this.schema = schema;
    }

    UnsafeRow apply(InternalRow row) {
      if (row instanceof UnsafeRow) {
        return (UnsafeRow) row;
      }
      if (projection == null) {
        projection = UnsafeProjection.create(schema);
      }
      return projection.apply(row);
    }
  }

  /**
   * The group's rows as an RDD with fewer, larger read tasks where Hudi read them: Hudi reads a
   * clustering group one base file per Spark partition, and for the small files clustering exists
   * for, starting a task per file costs more than reading it (250 files of 1 MB: 250 tasks). Up to
   * 8 files share a task, and there are still at least two tasks per core. A Spark file scan
   * ({@code BaseFileScan}) has already packed small files into tasks of its own size and is kept.
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
