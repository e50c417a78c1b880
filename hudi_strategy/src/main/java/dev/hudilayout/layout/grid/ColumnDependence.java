package dev.hudilayout.layout.grid;

import java.util.Arrays;

/**
 * Dependent columns, for the grid search ({@link GridSearch}'s class comment): column b depends on
 * column a when the sample shows (nearly) one b value for each a value, with a's values repeated
 * enough to tell (a city and its nation, a brand and its category, a column derived from another).
 * Such a b is not cut at all, and the two share one axis. Columns as indices: with
 * columns (city, nation, brand) where nation follows city, the determinants are (-1, 0, -1).
 */
final class ColumnDependence {
  /** Share of rows whose dependent value must follow from the determinant's value. */
  static final double DEPENDENCE_AGREEMENT = 0.99;
  /** A determinant's values must repeat this often on average for the agreement to mean anything. */
  static final int MIN_ROWS_PER_VALUE = 4;

  private ColumnDependence() {
  }

  /**
   * For each column, the column it depends on or -1: {@code dependent} depends on {@code finer} when, over the sample, at
   * least {@link #DEPENDENCE_AGREEMENT} of rows hold the dependent value most common among rows with
   * their finer value, the dependent has at most as many values as the finer, and the finer's values repeat at least
   * {@link #MIN_ROWS_PER_VALUE} times on average (a unique key "determines" everything and says
   * nothing). Of two columns that determine each other the later depends on the earlier. Among
   * several determinants the finest (most values) is kept, and a determinant that itself depends
   * on a third column hands its dependents to that column.
   */
  static int[] dependencies(Ranks ranks) {
    int columns = ranks.columns;
    int[] determinant = new int[columns];
    Arrays.fill(determinant, -1);
    for (int dependent = 0; dependent < columns; dependent++) {
      if (ranks.distinct[dependent] <= 1) {
        continue;  // a constant column is cut by nothing and costs nothing
      }
      for (int finer = 0; finer < columns; finer++) {
        if (finer == dependent || ranks.distinct[dependent] > ranks.distinct[finer]
            || (long) ranks.distinct[finer] * MIN_ROWS_PER_VALUE > ranks.rows) {
          continue;
        }
        if (ranks.distinct[finer] == ranks.distinct[dependent] && finer > dependent) {
          continue;  // equal partners: only the earlier determines the later
        }
        if (agreement(ranks, finer, dependent) >= DEPENDENCE_AGREEMENT
            && (determinant[dependent] < 0 || ranks.distinct[finer] > ranks.distinct[determinant[dependent]])) {
          determinant[dependent] = finer;
        }
      }
    }
    // a column that something depends on is a determinant, not itself cut away: break chains
    // whose determinant depends on a third column by pointing at that column's root instead
    for (int dependent = 0; dependent < columns; dependent++) {
      if (determinant[dependent] >= 0) {
        determinant[dependent] = root(determinant, dependent);
        if (determinant[dependent] == dependent) {
          determinant[dependent] = -1;
        }
      }
    }
    return determinant;
  }

  /** Share of rows holding the value of {@code dependentColumn} most common for their value of {@code determinantColumn}. */
  private static double agreement(Ranks ranks, int determinantColumn, int dependentColumn) {
    int rows = ranks.rows;
    long[] pairs = new long[rows];
    for (int i = 0; i < rows; i++) {
      pairs[i] = (long) ranks.low[determinantColumn][i] * rows + ranks.low[dependentColumn][i];
    }
    Arrays.sort(pairs);
    long agreeing = 0;
    int i = 0;
    while (i < rows) {
      long aValue = pairs[i] / rows;
      int most = 0;
      while (i < rows && pairs[i] / rows == aValue) {
        int j = i;
        while (j < rows && pairs[j] == pairs[i]) {
          j++;
        }
        most = Math.max(most, j - i);
        i = j;
      }
      agreeing += most;
    }
    return (double) agreeing / rows;
  }

  /** The column at the end of {@code column}'s chain of determinants: the axis it lies on. */
  static int root(int[] determinant, int column) {
    int root = column;
    for (int hops = 0; determinant[root] >= 0 && hops < determinant.length; hops++) {
      root = determinant[root];
    }
    return root;
  }

  /**
   * Per column, the dependent whose values its cuts may follow: of the columns that depend on it,
   * the one with most values (a city's nation rather than its region, whose ends the nations'
   * ends include when the nations of a region lie together); -1 for a column nothing depends on.
   */
  static int[] alignments(int[] determinant, Ranks ranks) {
    int[] out = new int[determinant.length];
    Arrays.fill(out, -1);
    for (int dependent = 0; dependent < determinant.length; dependent++) {
      int determinantColumn = determinant[dependent];
      if (determinantColumn >= 0 && (out[determinantColumn] < 0 || ranks.distinct[dependent] > ranks.distinct[out[determinantColumn]])) {
        out[determinantColumn] = dependent;
      }
    }
    return out;
  }

  /**
   * Each axis's weight (its root's {@code weight}) shared among the axis's columns in proportion to
   * their own weights {@code shares} (alike if those are all 0): a query on a city or on its nation
   * is served by the same cuts, so the axis weighs what one column would, and inside it each column
   * counts as often as it is queried.
   */
  static double[] axisShares(int[] determinant, double[] shares, double[] weight) {
    int columns = shares.length;
    double[] members = new double[columns];
    int[] count = new int[columns];
    for (int column = 0; column < columns; column++) {
      int root = root(determinant, column);
      members[root] += shares[column];
      count[root]++;
    }
    double[] out = new double[columns];
    for (int column = 0; column < columns; column++) {
      int root = root(determinant, column);
      out[column] = members[root] > 0 ? weight[root] * shares[column] / members[root] : weight[root] / count[root];
    }
    return out;
  }
}
