package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which columns determine which, from a sample of rows: {@code s_city} determines {@code s_nation}
 * when the rows of each city hold one nation. A filter on a column then narrows every column it
 * determines as well: {@code s_city = 'GERMANY  2'} keeps {@code s_nation = 'GERMANY'}, so a
 * layout cut along the nation skips files for the city ({@link WorkloadModel}).
 *
 * <p>X determines Y when at least {@link #AGREEMENT} of the rows hold the Y value most common among
 * the rows of their X value, Y has from 2 to as many values as X, and X's values repeat at least
 * {@link #MIN_ROWS_PER_VALUE} times on average (a unique key determines everything and says
 * nothing).
 *
 * <p>Where a finer X determines a coarser Y, the X values of one Y value form runs in X's order
 * ({@link #runs}): a layout cut along X reads one stretch of X for each run. Example: cities
 * named after their nation ("GERMANY  0" to "GERMANY  9") form one run per nation; the nations of
 * a region ("ALGERIA", "ETHIOPIA", "KENYA", ...) form several runs among the other regions'.
 * The other way, a layout cut along Y skips a file for a filter on X only where the X values of
 * the file's Y values, from least to greatest, leave the filter's value out ({@link #cover}):
 * ASIA's cities run from "CHINA  0" to "VIETNAM  9", so a file of ASIA rows may hold
 * "UNITED KI1" as far as its statistics tell.
 */
public final class Dependence {
  /** Share of rows whose Y value must follow from their X value. */
  static final double AGREEMENT = 0.99;
  /** X's values must repeat this often on average for the agreement to mean anything. */
  static final int MIN_ROWS_PER_VALUE = 4;

  private Dependence() {
  }

  /**
   * Per column of {@code columns}, the others it determines over {@code rows} (each row the
   * columns' values in order; null counts as a value). Columns that determine none are left out.
   */
  public static Map<String, Set<String>> of(List<String> columns, List<Object[]> rows) {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    if (rows.isEmpty()) {
      return out;
    }
    int[] distinct = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      Set<Object> seen = new HashSet<>();
      for (Object[] row : rows) {
        seen.add(row[c]);
      }
      distinct[c] = seen.size();
    }
    for (int x = 0; x < columns.size(); x++) {
      if ((long) distinct[x] * MIN_ROWS_PER_VALUE > rows.size()) {
        continue;
      }
      for (int y = 0; y < columns.size(); y++) {
        if (y != x && distinct[y] >= 2 && distinct[y] <= distinct[x] && agreement(rows, x, y) >= AGREEMENT) {
          out.computeIfAbsent(columns.get(x), k -> new LinkedHashSet<>()).add(columns.get(y));
        }
      }
    }
    return out;
  }

  /** How the values of a finer column X lie among those of a coarser Y that X determines. */
  public static final class Spread {
    /** The runs the X values of one Y value form in X's order, on average ({@link #runs}). */
    public final double runs;
    /** The Y values whose X values, least to greatest, span an X value, on average ({@link #cover}). */
    public final double cover;

    public Spread(double runs, double cover) {
      this.runs = runs;
      this.cover = cover;
    }
  }

  /**
   * Per X of {@code determines} and per Y it determines, how X's values lie among Y's over
   * {@code rows} (as in {@link #of}). Each X value counts for the Y value most of its rows hold.
   * Values are ordered as the layout orders them: nulls first, numbers and dates by value, text by
   * its characters.
   */
  public static Map<String, Map<String, Spread>> spread(List<String> columns, List<Object[]> rows,
                                                        Map<String, Set<String>> determines) {
    Map<String, Map<String, Spread>> out = new LinkedHashMap<>();
    determines.forEach((finer, coarse) -> {
      int x = columns.indexOf(finer);
      for (String each : coarse) {
        int y = columns.indexOf(each);
        if (x >= 0 && y >= 0) {
          out.computeIfAbsent(finer, k -> new LinkedHashMap<>()).put(each,
              new Spread(runs(rows, x, y), cover(rows, x, y)));
        }
      }
    });
    return out;
  }

  /**
   * How many y values have x values, from their least to their greatest, that span an x value,
   * on average over the x values: 1 where each y value's x values form one run.
   */
  static double cover(List<Object[]> rows, int x, int y) {
    Map<Object, Object[]> spans = new HashMap<>();
    Set<Object> values = new HashSet<>();
    for (Object[] row : rows) {
      values.add(row[x]);
      spans.merge(row[y], new Object[] {row[x], row[x]}, (a, b) -> new Object[] {
          LAYOUT_ORDER.compare(a[0], b[0]) <= 0 ? a[0] : b[0], LAYOUT_ORDER.compare(a[1], b[1]) >= 0 ? a[1] : b[1]});
    }
    if (values.isEmpty()) {
      return 0;
    }
    long covering = 0;
    for (Object value : values) {
      for (Object[] span : spans.values()) {
        if (LAYOUT_ORDER.compare(span[0], value) <= 0 && LAYOUT_ORDER.compare(value, span[1]) <= 0) {
          covering++;
        }
      }
    }
    return (double) covering / values.size();
  }

  /** The runs the x values of one y value form on average in x's order. */
  static double runs(List<Object[]> rows, int x, int y) {
    Map<Object, Map<Object, Integer>> counts = new HashMap<>();
    for (Object[] row : rows) {
      counts.computeIfAbsent(row[x], k -> new HashMap<>()).merge(row[y], 1, Integer::sum);
    }
    List<Object> ordered = new ArrayList<>(counts.keySet());
    ordered.sort(LAYOUT_ORDER);
    Set<Object> coarse = new HashSet<>();
    int runs = 0;
    Object previous = new Object();
    for (Object value : ordered) {
      Object owner = counts.get(value).entrySet().stream().max(Map.Entry.comparingByValue()).get().getKey();
      coarse.add(owner);
      if (!Objects.equals(owner, previous)) {
        runs++;
      }
      previous = owner;
    }
    return coarse.isEmpty() ? 0 : (double) runs / coarse.size();
  }

  /** Nulls first, then values of one comparable kind by their order, others by their text. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> LAYOUT_ORDER = (a, b) -> {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a instanceof Number && b instanceof Number) {
      return Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
    }
    if (a instanceof Comparable && a.getClass() == b.getClass()) {
      return ((Comparable) a).compareTo(b);
    }
    return String.valueOf(a).compareTo(String.valueOf(b));
  };

  /** The share of rows holding the y value most common among the rows of their x value. */
  static double agreement(List<Object[]> rows, int x, int y) {
    Map<Object, Map<Object, Integer>> counts = new HashMap<>();
    for (Object[] row : rows) {
      counts.computeIfAbsent(row[x], k -> new HashMap<>()).merge(row[y], 1, Integer::sum);
    }
    long agreeing = 0;
    for (Map<Object, Integer> ys : counts.values()) {
      agreeing += ys.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }
    return (double) agreeing / rows.size();
  }

  /** Describes {@code determines} as "s_city -> [s_nation, s_region]; ...". */
  public static String describe(Map<String, Set<String>> determines) {
    List<String> parts = new ArrayList<>();
    determines.forEach((x, ys) -> parts.add(x + " -> " + ys));
    return String.join("; ", parts);
  }
}
