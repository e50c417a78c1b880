package dev.hudilayout.hudi;

import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The least and greatest value of columns over Parquet column chunks, from the statistics each
 * chunk's footer entry keeps: no pass over the rows. Values are compared in Parquet's own order for
 * the type (text by its bytes, unsigned), then given as a range over the column places them:
 * numbers as they are, dates as {@link LocalDate}, timestamps as microseconds since 1970, decimals
 * as {@link BigDecimal}, text as a string. A column with a chunk whose statistics are missing or
 * of another type (booleans, INT96) is left out: its ends are not known.
 */
final class ColumnEnds {
  private final Map<String, Object[]> raw = new LinkedHashMap<>();
  private final Map<String, PrimitiveType> types = new LinkedHashMap<>();
  private final Set<String> unknown = new HashSet<>();

  /** Takes {@code column}'s chunk statistics into its ends; a chunk of nulls alone changes nothing. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  void add(String column, PrimitiveType type, Statistics<?> stats) {
    if (unknown.contains(column)) {
      return;
    }
    if (stats == null || stats.isEmpty() || !placeable(type)) {
      unknown.add(column);
      return;
    }
    if (!stats.hasNonNullValue()) {
      return;
    }
    PrimitiveType known = types.putIfAbsent(column, type);
    if (known != null && !known.equals(type)) {
      unknown.add(column);  // the column's type changed between files
      return;
    }
    Comparable least = stats.genericGetMin();
    Comparable greatest = stats.genericGetMax();
    Object[] ends = raw.get(column);
    if (ends == null) {
      raw.put(column, new Object[] {least, greatest});
      return;
    }
    if (((Statistics) stats).comparator().compare(least, ends[0]) < 0) {
      ends[0] = least;
    }
    if (((Statistics) stats).comparator().compare(greatest, ends[1]) > 0) {
      ends[1] = greatest;
    }
  }

  /** Per column with known ends, its least and greatest value, as a range places them. */
  Map<String, Object[]> values() {
    Map<String, Object[]> out = new LinkedHashMap<>();
    raw.forEach((column, ends) -> {
      if (!unknown.contains(column)) {
        PrimitiveType type = types.get(column);
        out.put(column, new Object[] {value(type, ends[0]), value(type, ends[1])});
      }
    });
    return out;
  }

  private static boolean placeable(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case INT32:
        return logical == null || logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
      case INT64:
        return logical == null || logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
      case FLOAT:
      case DOUBLE:
        return true;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
      default:
        return false;
    }
  }

  /** A statistics value of {@code type} as a range places it (see the class comment). */
  private static Object value(PrimitiveType type, Object stat) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
      int scale = ((LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) logical).getScale();
      BigInteger unscaled = stat instanceof Binary ? new BigInteger(((Binary) stat).getBytes())
          : BigInteger.valueOf(((Number) stat).longValue());
      return new BigDecimal(unscaled, scale);
    }
    if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return LocalDate.ofEpochDay(((Number) stat).longValue());
    }
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) {
      long time = ((Number) stat).longValue();
      switch (((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) logical).getUnit()) {
        case MILLIS:
          return time * 1000;
        case NANOS:
          return time / 1000;
        default:
          return time;
      }
    }
    return stat instanceof Binary ? ((Binary) stat).toStringUsingUTF8() : stat;
  }
}
