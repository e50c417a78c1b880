package dev.hudilayout.spark;

import dev.hudilayout.layout.LayoutSpec;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Finds the sort columns in a schema and refuses, with a clear message, what cannot be ordered. */
public final class SortColumns {
  private static final String ACCEPTED = "boolean, tinyint, smallint, int, bigint, float, double, "
      + "decimal, date, timestamp, timestamp_ntz, string, binary";
  private static final List<String> NESTED_KINDS = Arrays.asList("RECORD", "ARRAY", "MAP");

  private SortColumns() {
  }

  /** Ordinals of the spec's columns in a Spark schema, in the spec's order. */
  public static int[] resolve(LayoutSpec spec, StructType schema) {
    List<String> names = Arrays.asList(schema.fieldNames());
    int[] ordinals = new int[spec.columns().size()];
    for (int i = 0; i < ordinals.length; i++) {
      String c = spec.columns().get(i);
      int idx = names.indexOf(c);
      if (idx < 0) {
        throw missing(c, names);
      }
      StructField f = schema.fields()[idx];
      if (!orderable(f.dataType())) {
        throw new IllegalArgumentException(String.format(
            "Invalid value for %s: column '%s' has type %s, which hudi-layout cannot order. Accepted types: %s",
            LayoutSpec.SORT_COLUMNS_KEY, c, f.dataType().simpleString(), ACCEPTED));
      }
      ordinals[i] = idx;
    }
    return ordinals;
  }

  /**
   * The same checks against the table's Hudi schema, before any clustering job starts.
   *
   * @param kinds each column of the table, in order, with its non-null kind as Hudi's schema names
   *              it (upper case: INT, STRING, RECORD, ARRAY, MAP, ...)
   */
  public static void validate(LayoutSpec spec, Map<String, String> kinds) {
    List<String> names = new ArrayList<>(kinds.keySet());
    for (String c : spec.columns()) {
      String kind = kinds.get(c);
      if (kind == null) {
        throw missing(c, names);
      }
      if (NESTED_KINDS.contains(kind)) {
        throw new IllegalArgumentException(String.format(
            "Invalid value for %s: column '%s' has type %s, which hudi-layout cannot order. Accepted types: %s",
            LayoutSpec.SORT_COLUMNS_KEY, c, kind.toLowerCase(Locale.ROOT), ACCEPTED));
      }
    }
  }

  private static IllegalArgumentException missing(String column, List<String> names) {
    List<String> data = new ArrayList<>();
    for (String n : names) {
      if (!HoodieRecord.HOODIE_META_COLUMNS.contains(n)) {
        data.add(n);
      }
    }
    return new IllegalArgumentException(String.format(
        "Invalid value for %s: column '%s' does not exist in the table. The table's columns: %s",
        LayoutSpec.SORT_COLUMNS_KEY, column, String.join(", ", data)));
  }

  static boolean orderable(DataType t) {
    return t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType
        || t instanceof IntegerType || t instanceof LongType || t instanceof FloatType
        || t instanceof DoubleType || t instanceof DecimalType || t instanceof DateType
        || t instanceof TimestampType || t instanceof TimestampNTZType || t instanceof StringType
        || t instanceof BinaryType;
  }
}
