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
   * For each column, the column it depends on or -1: b depends on a when, over the sample, at
   * least {@link #DEPENDENCE_AGREEMENT} of rows hold the b value most common among rows with their
   * a value, b has at most as many values as a (a is the finer), and a's values repeat at least
   * {@link #MIN_ROWS_PER_VALUE} times on average (a unique key "determines" everything and says
   * nothing). Of two columns that determine each other the later depends on the earlier. Among
   * several determinants the finest (most values) is kept, and a determinant that itself depends
   * on a third column hands its dependents to that column.
   */
  static int[] dependencies(Ranks ranks) {
    int columns = ranks.columns;
    int[] determinant = new int[columns];
    Arrays.fill(determinant, -1);
    for (int b = 0; b < columns; b++) {
      if (ranks.distinct[b] <= 1) {
        continue;  // a constant column is cut by nothing and costs nothing
      }
      for (int a = 0; a < columns; a++) {
        if (a == b || ranks.distinct[b] > ranks.distinct[a]
            || (long) ranks.distinct[a] * MIN_ROWS_PER_VALUE > ranks.rows) {
          continue;
        }
        if (ranks.distinct[a] == ranks.distinct[b] && a > b) {
          continue;  // equal partners: only the earlier determines the later
        }
        if (agreement(ranks, a, b) >= DEPENDENCE_AGREEMENT
            && (determinant[b] < 0 || ranks.distinct[a] > ranks.distinct[determinant[b]])) {
          determinant[b] = a;
        }
      }
    }
    // a column that something depends on is a determinant, not itself cut away: break chains
    // whose determinant depends on a third column by pointing at that column's root instead
    for (int b = 0; b < columns; b++) {
      if (determinant[b] >= 0) {
        determinant[b] = root(determinant, b);
        if (determinant[b] == b) {
          determinant[b] = -1;
        }
      }
    }
    return determinant;
  }

  /** Share of rows holding the b value most common for their a value. */
  private static double agreement(Ranks ranks, int a, int b) {
    int rows = ranks.rows;
    long[] pairs = new long[rows];
    for (int i = 0; i < rows; i++) {
      pairs[i] = (long) ranks.low[a][i] * rows + ranks.low[b][i];
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

  /** The column at the end of column c's chain of determinants: the axis it lies on. */
  static int root(int[] determinant, int c) {
    int root = c;
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
    for (int b = 0; b < determinant.length; b++) {
      int a = determinant[b];
      if (a >= 0 && (out[a] < 0 || ranks.distinct[b] > ranks.distinct[out[a]])) {
        out[a] = b;
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
    for (int c = 0; c < columns; c++) {
      int root = root(determinant, c);
      members[root] += shares[c];
      count[root]++;
    }
    double[] out = new double[columns];
    for (int c = 0; c < columns; c++) {
      int root = root(determinant, c);
      out[c] = members[root] > 0 ? weight[root] * shares[c] / members[root] : weight[root] / count[root];
    }
    return out;
  }
}
