package dev.hudilayout.workload;

import java.util.ArrayList;
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
