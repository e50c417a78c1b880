package dev.hudilayout.workload;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A recorded range's width: where its bounds fall between the column's least and greatest value,
 * each placed on a line ({@link #column}). A bound left open is the column's end. And a column's
 * distinct values, where they are known ({@link #distinct(String, double)}).
 *
 * <p>Numbers and dates are placed by value. Other values are placed by their order-preserving
 * bytes past the bytes the least and greatest value share, read as base-256 digits: between
 * "MFGR#1" and "MFGR#5", "MFGR#2" falls a quarter of the way.
 */
public final class RangeWidths implements WorkloadModel.Widths {
  /** A column's places: its least and greatest, and how to place a bound's text (NaN: cannot). */
  private static final class Line {
    final double least;
    final double greatest;
    final ToDoubleFunction<String> place;

    Line(double least, double greatest, ToDoubleFunction<String> place) {
      this.least = least;
      this.greatest = greatest;
      this.place = place;
    }
  }

  private final Map<String, Line> lines = new HashMap<>();
  private final Map<String, Double> distinct = new HashMap<>();
  private final Map<String, Dependence.Spread> spreads = new HashMap<>();
  private final Set<String> grown = new LinkedHashSet<>();

  /** Adds that {@code name} holds {@code values} distinct values. */
  public RangeWidths distinct(String name, double values) {
    distinct.put(name, values);
    return this;
  }

  /**
   * Adds that the table grows along {@code name} ({@link Arrival}): its distinct values and its
   * span, past its greatest value, are taken {@link Arrival#GROWTH} times what they are.
   */
  public RangeWidths growing(String name) {
    grown.add(name);
    return this;
  }

  /** The columns added as growing, in the order added. */
  public Set<String> growing() {
    return Collections.unmodifiableSet(grown);
  }

  @Override
  public boolean grows(String column) {
    return grown.contains(column);
  }

  @Override
  public double distinct(String column) {
    return distinct.getOrDefault(column, Double.POSITIVE_INFINITY) * (grows(column) ? Arrival.GROWTH : 1);
  }

  /** Adds how the {@code finer} column's values lie among the {@code coarse} column's. */
  public RangeWidths spread(String finer, String coarse, Dependence.Spread spread) {
    spreads.put(finer + "\u0000" + coarse, spread);
    return this;
  }

  @Override
  public Dependence.Spread spread(String finer, String coarse) {
    return spreads.get(finer + "\u0000" + coarse);
  }

  /** Adds a column whose values span [{@code least}, {@code greatest}] as {@code place} puts them. */
  public RangeWidths column(String name, double least, double greatest, ToDoubleFunction<String> place) {
    lines.put(name, new Line(least, greatest, place));
    return this;
  }

  /** Adds a column placed by its values' bytes, from {@code least} to {@code greatest}, encoded by {@code encode}. */
  public RangeWidths bytesColumn(String name, byte[] least, byte[] greatest,
                                 Function<String, byte[]> encode) {
    int shared = shared(least, greatest);
    return column(name, position(least, shared), position(greatest, shared), text -> {
      byte[] bytes = encode.apply(text);
      if (bytes == null) {
        return Double.NaN;
      }
      // a bound that does not start with the shared bytes lies before or after every value
      int order = Arrays.compareUnsigned(bytes, 0, Math.min(shared, bytes.length), least, 0, shared);
      return order < 0 ? Double.NEGATIVE_INFINITY : order > 0 ? Double.POSITIVE_INFINITY : position(bytes, shared);
    });
  }

  @Override
  public double of(String column, String lower, String upper) {
    Line line = lines.get(column);
    if (line == null || !(line.greatest > line.least)) {
      return Double.NaN;
    }
    double greatest = line.least + (line.greatest - line.least) * (grows(column) ? Arrival.GROWTH : 1);
    double from = lower == null ? line.least : place(line, lower);
    double to = upper == null ? greatest : place(line, upper);
    if (Double.isNaN(from) || Double.isNaN(to)) {
      return Double.NaN;
    }
    double width = (Math.min(to, greatest) - Math.max(from, line.least)) / (greatest - line.least);
    return Math.max(0, Math.min(1, width));
  }

  private static double place(Line line, String text) {
    try {
      return line.place.applyAsDouble(text);
    } catch (RuntimeException e) {  // a bound the column's type cannot read
      return Double.NaN;
    }
  }

  /** The bytes {@code a} and {@code b} start with alike. */
  static int shared(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    int i = 0;
    while (i < n && a[i] == b[i]) {
      i++;
    }
    return i;
  }

  /** {@code bytes} past the first {@code skip}, as a fraction in base 256 (7 digits: a double's precision). */
  static double position(byte[] bytes, int skip) {
    double out = 0;
    double scale = 1;
    for (int i = skip; i < Math.min(bytes.length, skip + 7); i++) {
      scale /= 256;
      out += (bytes[i] & 0xff) * scale;
    }
    return out;
  }
}
