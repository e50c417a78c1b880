package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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

  /** What {@link #find} found: which columns determine which, and how (finer X, coarser Y, spread). */
  public static final class Found {
    public final Map<String, Set<String>> determines;
    public final Map<String, Map<String, Spread>> spreads;

    Found(Map<String, Set<String>> determines, Map<String, Map<String, Spread>> spreads) {
      this.determines = determines;
      this.spreads = spreads;
    }
  }

  /**
   * Per column of {@code columns}, the others it determines over {@code rows} (each row the
   * columns' values in order; null counts as a value), and how its values lie among theirs. One
   * pass over the pairs of columns: each pair's rows are counted once, for its agreement, runs and
   * cover. Columns that determine none are left out.
   */
  public static Found find(List<String> columns, List<Object[]> rows) {
    Map<String, Set<String>> determines = new LinkedHashMap<>();
    Map<String, Map<String, Spread>> spreads = new LinkedHashMap<>();
    if (rows.isEmpty()) {
      return new Found(determines, spreads);
    }
    Ranked ranked = new Ranked(columns, rows);
    for (int x = 0; x < columns.size(); x++) {
      if ((long) ranked.distinct[x] * MIN_ROWS_PER_VALUE > rows.size()) {
        continue;
      }
      for (int y = 0; y < columns.size(); y++) {
        if (y == x || ranked.distinct[y] < 2 || ranked.distinct[y] > ranked.distinct[x]) {
          continue;
        }
        Pair pair = ranked.pair(x, y);
        if (pair.agreement() >= AGREEMENT) {
          determines.computeIfAbsent(columns.get(x), k -> new LinkedHashSet<>()).add(columns.get(y));
          spreads.computeIfAbsent(columns.get(x), k -> new LinkedHashMap<>()).put(columns.get(y), pair.spread());
        }
      }
    }
    return new Found(determines, spreads);
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
   * The sampled rows column by column, each value replaced by its rank among the column's values
   * in the order the layout sorts them: nulls first, numbers and dates by value, text by its
   * characters. Ranks make a pair's counts plain arrays, and X's order their index.
   */
  private static final class Ranked {
    final int[][] ranks;
    final int[] distinct;
    final int rows;

    Ranked(List<String> columns, List<Object[]> rows) {
      this.rows = rows.size();
      ranks = new int[columns.size()][rows.size()];
      distinct = new int[columns.size()];
      for (int c = 0; c < columns.size(); c++) {
        Set<Object> seen = new HashSet<>();
        for (Object[] row : rows) {
          seen.add(row[c]);
        }
        List<Object> ordered = new ArrayList<>(seen);
        ordered.sort(LAYOUT_ORDER);
        Map<Object, Integer> rank = new HashMap<>();
        for (Object value : ordered) {
          rank.put(value, rank.size());
        }
        for (int r = 0; r < rows.size(); r++) {
          ranks[c][r] = rank.get(rows.get(r)[c]);
        }
        distinct[c] = ordered.size();
      }
    }

    /** The rows of x and y counted: each (x, y) pair once, in x's order. */
    Pair pair(int x, int y) {
      long[] keys = new long[rows];
      for (int r = 0; r < rows; r++) {
        keys[r] = (long) ranks[x][r] * distinct[y] + ranks[y][r];
      }
      Arrays.sort(keys);
      return new Pair(keys, distinct[x], distinct[y], rows);
    }
  }

  /**
   * One pair of columns X and Y counted from their sorted (x, y) keys: per x value, the y value
   * most of its rows hold (on a tie the first in Y's order); per y value, its least and greatest x.
   */
  private static final class Pair {
    final int[] owner;
    final long agreeing;
    final int[] leastX;
    final int[] greatestX;
    final int rows;

    Pair(long[] sortedKeys, int distinctX, int distinctY, int rows) {
      this.rows = rows;
      owner = new int[distinctX];
      leastX = new int[distinctY];
      greatestX = new int[distinctY];
      Arrays.fill(leastX, Integer.MAX_VALUE);
      Arrays.fill(greatestX, -1);
      int[] best = new int[distinctX];
      long agreed = 0;
      for (int start = 0; start < sortedKeys.length; ) {
        int end = start;
        while (end < sortedKeys.length && sortedKeys[end] == sortedKeys[start]) {
          end++;
        }
        int x = (int) (sortedKeys[start] / distinctY);
        int y = (int) (sortedKeys[start] % distinctY);
        if (end - start > best[x]) {
          agreed += end - start - best[x];
          best[x] = end - start;
          owner[x] = y;
        }
        leastX[y] = Math.min(leastX[y], x);
        greatestX[y] = Math.max(greatestX[y], x);
        start = end;
      }
      agreeing = agreed;
    }

    /** The share of rows holding the y value most common among the rows of their x value. */
    double agreement() {
      return (double) agreeing / rows;
    }

    Spread spread() {
      return new Spread(runs(), cover());
    }

    /** The runs the x values of one y value form on average in x's order. */
    double runs() {
      Set<Integer> coarse = new HashSet<>();
      int runs = 0;
      for (int x = 0; x < owner.length; x++) {
        coarse.add(owner[x]);
        if (x == 0 || owner[x] != owner[x - 1]) {
          runs++;
        }
      }
      return coarse.isEmpty() ? 0 : (double) runs / coarse.size();
    }

    /**
     * How many y values have x values, from their least to their greatest, that span an x value,
     * on average over the x values: 1 where each y value's x values form one run. The x values a
     * y value spans are counted at once, by its span's length.
     */
    double cover() {
      long covering = 0;
      for (int y = 0; y < leastX.length; y++) {
        if (greatestX[y] >= 0) {
          covering += greatestX[y] - leastX[y] + 1;
        }
      }
      return owner.length == 0 ? 0 : (double) covering / owner.length;
    }
  }

  /** The runs the x values of one y value form on average in x's order, over {@code rows}. */
  static double runs(List<Object[]> rows, int x, int y) {
    return pairOf(rows, x, y).runs();
  }

  private static Pair pairOf(List<Object[]> rows, int x, int y) {
    List<Object[]> two = new ArrayList<>(rows.size());
    rows.forEach(row -> two.add(new Object[] {row[x], row[y]}));
    return new Ranked(List.of("x", "y"), two).pair(0, 1);
  }

  /** Nulls first, then values of one comparable kind by their order, others by their text. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Comparator<Object> LAYOUT_ORDER = (a, b) -> {
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

  /** Describes {@code determines} as "s_city -> [s_nation, s_region]; ...". */
  public static String describe(Map<String, Set<String>> determines) {
    List<String> parts = new ArrayList<>();
    determines.forEach((x, ys) -> parts.add(x + " -> " + ys));
    return String.join("; ", parts);
  }
}
