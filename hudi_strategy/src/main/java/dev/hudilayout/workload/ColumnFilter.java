package dev.hudilayout.workload;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One column's part of a scan's filter. It holds no row values, only a range's bounds: an
 * equality records its shape, an IN list its count, a prefix its length.
 *
 * <p>For example, {@code lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25} gives two filters:
 * {@code RANGE} on lo_discount from 1 to 3, and {@code RANGE} on lo_quantity below 25.
 */
public final class ColumnFilter {
  public final String column;
  public final Shape shape;
  /** Values an IN list names, 1 for an equality, the prefix length for a prefix, else 0. */
  public final int count;
  /** A range's lower bound as text (null when open). */
  public final String lower;
  /** A range's upper bound as text (null when open). */
  public final String upper;

  public ColumnFilter(String column, Shape shape, int count, String lower, String upper) {
    this.column = Objects.requireNonNull(column, "column");
    this.shape = Objects.requireNonNull(shape, "shape");
    this.count = count;
    this.lower = lower;
    this.upper = upper;
  }

  public static ColumnFilter of(String column, Shape shape, int count) {
    return new ColumnFilter(column, shape, count, null, null);
  }

  public static ColumnFilter range(String column, String lower, String upper) {
    return new ColumnFilter(column, Shape.RANGE, 0, lower, upper);
  }

  /** This range narrowed by {@code other}'s bounds on the same column (both ranges). */
  public ColumnFilter and(ColumnFilter other) {
    return range(column, lower != null ? lower : other.lower, upper != null ? upper : other.upper);
  }

  /** The filter a log line's JSON object holds ({@link #toJson}'s form). */
  static ColumnFilter fromJson(Map<?, ?> object) {
    Object column = object.get("column");
    Object shape = object.get("shape");
    if (column == null || shape == null) {
      throw new IllegalArgumentException("not a query-log filter: " + object + " (needs column and shape)");
    }
    Shape parsed;
    try {
      parsed = Shape.valueOf(shape.toString().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      parsed = Shape.OTHER;  // a shape a later version records
    }
    Object count = object.get("count");
    Object lower = object.get("lower");
    Object upper = object.get("upper");
    return new ColumnFilter(column.toString(), parsed, count instanceof Number ? ((Number) count).intValue() : 0,
        lower == null ? null : lower.toString(), upper == null ? null : upper.toString());
  }

  static Map<?, ?> object(Object parsed, String line) {
    if (!(parsed instanceof Map)) {
      throw new IllegalArgumentException("not a query-log line: " + line);
    }
    return (Map<?, ?>) parsed;
  }

  /** The filter as a JSON object. */
  public String toJson() {
    StringBuilder out = new StringBuilder("{\"column\":").append(JsonText.quote(column))
        .append(",\"shape\":\"").append(shape.logName()).append('"');
    if (count > 0) {
      out.append(",\"count\":").append(count);
    }
    if (lower != null) {
      out.append(",\"lower\":").append(JsonText.quote(lower));
    }
    if (upper != null) {
      out.append(",\"upper\":").append(JsonText.quote(upper));
    }
    return out.append('}').toString();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ColumnFilter)) {
      return false;
    }
    ColumnFilter f = (ColumnFilter) o;
    return column.equals(f.column) && shape == f.shape && count == f.count
        && Objects.equals(lower, f.lower) && Objects.equals(upper, f.upper);
  }

  @Override
  public int hashCode() {
    return Objects.hash(column, shape, count, lower, upper);
  }

  @Override
  public String toString() {
    return toJson();
  }
}
