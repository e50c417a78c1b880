package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.mapping.BucketMapping;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Stage "grid", the choice: the aligned grid's buckets per column, from the sample itself instead
 * of from a formula that assumes independent, evenly spread columns.
 *
 * <p><b>The estimate.</b> For a candidate k (buckets per column) the sample rows are put in their
 * cells exactly as {@link AlignedCells} will put the table's rows (same bucket cuts, so the same
 * buckets), and files are cut from the cells in curve order as the layout will cut them (see "Two
 * cut rules" below): a large cell is split into several files. Each cell has a [min, max] per
 * column, as its files will in the column-stats index. A point query on value
 * v of column i reads the files of every cell whose [min, max] on i holds v; the estimate for
 * column i is that count averaged over the column's distinct sampled values (queries pick a value,
 * not a row). This one rule sees what a formula cannot: a column with fewer values than buckets,
 * a value holding half the rows, and columns that depend on one another, whose cross cells stay
 * empty (only the diagonal holds rows) so that cutting both pays in cells and gains nothing.
 *
 * <p><b>The search.</b> Starting from one cell, the column whose next step (about +25% buckets)
 * lowers the (weighted) estimate most is cut further, until no step lowers it: small cells cost a
 * file each, so the estimate bottoms out near N non-empty cells of near-target size. Then single
 * steps up and down on each column (that size, or one bucket) are tried until none helps.
 *
 * <p><b>Two cut rules.</b> The aligned layout lets small neighbouring cells share a file; the
 * continuous layout keeps every file inside one cell (its regions), so each non-empty cell costs at
 * least one file and a grid with more non-empty cells than files asked for makes more, smaller
 * files. The estimate follows the rule the layout will use; under the second it counts the files
 * a query reads as they are, so such a grid pays for its extra files.
 *
 * <p><b>Dependent columns.</b> Column b depends on column a when the sample shows (nearly) one b
 * value for each a value, with a's values repeated enough to tell (a city and its nation, a brand
 * and its category, a column derived from another). Such a b is not cut at all: a's cuts already
 * order it, and a point query on b reads the files of a's values that map to it whatever b's
 * buckets are. The two share one axis, whose weight is the larger of theirs (a query on either is
 * served by the same cuts; adding the weights would count that axis twice).
 */
public final class GridSearch {
  /** Share of rows whose dependent value must follow from the determinant's value. */
  static final double DEPENDENCE_AGREEMENT = 0.99;
  /** A determinant's values must repeat this often on average for the agreement to mean anything. */
  static final int MIN_ROWS_PER_VALUE = 4;
  /** The search reads at most this many sampled rows per output file (and at least 20,000 rows). */
  private static final int ROWS_PER_FILE = 50;
  private static final int MIN_SEARCH_ROWS = 20_000;
  private static final int MAX_STEPS = 10_000;

  private GridSearch() {
  }

  /** What the search chose, and what it estimates a point query on each column reads. */
  public static final class Choice implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int[] buckets;
    private final int[] determinant;
    private final int[] alignedTo;
    private final double[] estimatedFiles;

    Choice(int[] buckets, int[] determinant, int[] alignedTo, double[] estimatedFiles) {
      this.buckets = buckets;
      this.determinant = determinant;
      this.alignedTo = alignedTo;
      this.estimatedFiles = estimatedFiles;
    }

    /** Buckets per column (1: the column is not cut). */
    public int[] buckets() {
      return buckets.clone();
    }

    /** Per column, the index of the column it was found to depend on, or -1. */
    public int[] determinants() {
      return determinant.clone();
    }

    /**
     * Per column, the dependent column whose value boundaries its cuts follow
     * ({@link BucketMapping#alignedStarts}), or -1: cut into buckets of equal counts.
     */
    public int[] alignedTo() {
      return alignedTo.clone();
    }

    /** Per column, the estimated files a point query reads. */
    public double[] estimatedFiles() {
      return estimatedFiles.clone();
    }
  }

  /**
   * The grid for {@code files} output files over the sampled rows, estimated for files cut as
   * {@code filesInCells} says:
   * false, as the aligned layout cuts them ({@link AlignedCells#cutCells}: small cells share a
   * file); true, as the continuous layout does ({@link AlignedCells#fileCutsInCells}: every file
   * inside one cell, so every cell with rows is at least one file). In the second case the
   * estimate counts the files a query reads as they are, not as a share of {@code files}, so a
   * grid whose many small cells would make more files than asked for costs what it reads.
   *
   * @param shares each column's share of the queries (summing to 1), or null for columns alike; a
   *               column with share 0 is never cut
   */
  public static Choice choose(List<SampleRow> sample, int files, double[] shares, Curve curve, double tolerance,
                              boolean filesInCells) {
    return choose(sample, files, shares, curve, tolerance, filesInCells, true);
  }

  /** {@link #choose}; with {@code mayAlign} false, every column cut by equal counts. */
  static Choice choose(List<SampleRow> sample, int files, double[] shares, Curve curve, double tolerance,
                       boolean filesInCells, boolean mayAlign) {
    int d = sample.isEmpty() ? (shares == null ? 1 : shares.length) : sample.get(0).values.length;
    int n = Math.max(1, files);
    if (sample.isEmpty() || n == 1) {
      int[] ones = new int[d];
      Arrays.fill(ones, 1);
      return evaluate(sample, n, ones, curve, tolerance, filesInCells);
    }
    Ranks ranks = ranks(sample, n);
    int[] det = dependencies(ranks);
    double[] p = new double[d];
    for (int c = 0; c < d; c++) {
      p[c] = shares == null ? 1.0 / d : shares[c];
    }
    double[] weight = p.clone();
    for (int c = 0; c < d; c++) {
      if (det[c] >= 0) {
        int root = root(det, c);
        weight[root] = Math.max(weight[root], p[c]);
        weight[c] = 0;
      }
    }
    int[] none = new int[d];
    Arrays.fill(none, -1);
    Estimate plain = new Estimate(ranks, n, curve, tolerance, filesInCells, none);
    int[] k = search(plain, ranks, weight, weight, n);
    int[] alignTo = alignments(det, ranks);
    if (!mayAlign || Arrays.stream(alignTo).allMatch(a -> a < 0)) {
      return new Choice(k, det, none, plain.filesPerColumn(k));
    }
    // cuts aligned with the dependents' values: the dependents' point queries now turn on where
    // the cuts fall, so each axis's weight is shared among its columns (by their own weights) and
    // the aligned grid is kept if that estimate is lower than the equal-count cuts'
    double[] axisShare = axisShares(det, p, weight);
    Estimate aligned = new Estimate(ranks, n, curve, tolerance, filesInCells, alignTo);
    int[] ka = search(aligned, ranks, weight, axisShare, n);
    if (aligned.cost(ka, axisShare) < plain.cost(k, axisShare) * (1 - 1e-9)) {
      return new Choice(ka, det, alignTo, aligned.filesPerColumn(ka));
    }
    return new Choice(k, det, none, plain.filesPerColumn(k));
  }

  /**
   * The climb and the settling (see the class comment) for one estimate: columns with a positive
   * {@code cutWeight} may be cut, and grids are compared by the estimate weighed by {@code costWeight}.
   */
  private static int[] search(Estimate est, Ranks ranks, double[] cutWeight, double[] costWeight, int n) {
    int d = cutWeight.length;
    int[] k = new int[d];
    Arrays.fill(k, 1);
    double best = est.cost(k, costWeight);
    // climb: the most useful step each time
    for (int step = 0; step < MAX_STEPS; step++) {
      List<int[]> steps = new ArrayList<>();
      for (int c = 0; c < d; c++) {
        steps.add(stepUp(k, c, ranks, cutWeight, n));
      }
      Better next = better(steps, best, false, est, costWeight);
      if (next == null) {
        break;
      }
      k = next.buckets;
      best = next.cost;
    }
    // settle the climb's grid, and the formula's grid over the columns the search may cut, and
    // keep the better: a climb can stop one move short of an even grid (11 x 10 x 9 for 1000)
    int[] climbed = settle(k, best, est, ranks, cutWeight, costWeight, n);
    int[] fromFormula = settle(formula(cutWeight, ranks, n), Double.NaN, est, ranks, cutWeight, costWeight, n);
    return est.cost(fromFormula, costWeight) < est.cost(climbed, costWeight) * (1 - 1e-9) ? fromFormula : climbed;
  }

  /**
   * Each axis's weight (its root's {@code weight}) shared among the axis's columns in proportion to
   * their own weights {@code p} (alike if those are all 0): a query on a city or on its nation is
   * served by the same cuts, so the axis weighs what one column would, and inside it each column
   * counts as often as it is queried.
   */
  private static double[] axisShares(int[] det, double[] p, double[] weight) {
    int d = p.length;
    double[] members = new double[d];
    int[] count = new int[d];
    for (int c = 0; c < d; c++) {
      int r = root(det, c);
      members[r] += p[c];
      count[r]++;
    }
    double[] out = new double[d];
    for (int c = 0; c < d; c++) {
      int r = root(det, c);
      out[c] = members[r] > 0 ? weight[r] * p[c] / members[r] : weight[r] / count[r];
    }
    return out;
  }

  /**
   * Per column, the dependent whose values its cuts may follow: of the columns that depend on it,
   * the one with most values (a city's nation rather than its region, whose ends the nations'
   * ends include when the nations of a region lie together); -1 for a column nothing depends on.
   */
  private static int[] alignments(int[] det, Ranks ranks) {
    int[] out = new int[det.length];
    Arrays.fill(out, -1);
    for (int b = 0; b < det.length; b++) {
      int a = det[b];
      if (a >= 0 && (out[a] < 0 || ranks.distinct[b] > ranks.distinct[out[a]])) {
        out[a] = b;
      }
    }
    return out;
  }

  /**
   * The given buckets, with the dependent columns and estimates the search would report for them,
   * for files cut as {@code filesInCells} says (see {@link #choose}).
   */
  public static Choice evaluate(List<SampleRow> sample, int files, int[] buckets, Curve curve, double tolerance,
                                boolean filesInCells) {
    int d = buckets.length;
    int[] none = new int[d];
    Arrays.fill(none, -1);
    if (sample.isEmpty()) {
      return new Choice(buckets.clone(), none, none, new double[d]);
    }
    int n = Math.max(1, files);
    Ranks ranks = ranks(sample, n);
    double product = 1;
    for (int ki : buckets) {
      product *= ki;
    }
    double[] estimate = new double[d];
    if (product * ranks.m < 0x1p62) {
      estimate = new Estimate(ranks, n, curve, tolerance, filesInCells, none).filesPerColumn(buckets);
    } else {
      Arrays.fill(estimate, Double.NaN);  // more cells than can be counted this way
    }
    return new Choice(buckets.clone(), dependencies(ranks), none, estimate);
  }

  private static Ranks ranks(List<SampleRow> sample, int files) {
    return new Ranks(thin(sample, Math.max(MIN_SEARCH_ROWS, ROWS_PER_FILE * files)), sample.get(0).values.length);
  }

  /**
   * Moves from {@code start} while one lowers the estimate: a column up or down by a step or by one
   * bucket, or one bucket handed from a column to another. {@code cost} is start's, or NaN.
   */
  private static int[] settle(int[] start, double cost, Estimate est, Ranks ranks, double[] weight,
                              double[] costWeight, int files) {
    int[] k = start.clone();
    double best = Double.isNaN(cost) ? est.cost(k, costWeight) : cost;
    int d = k.length;
    for (int step = 0; step < MAX_STEPS; step++) {
      List<int[]> moves = new ArrayList<>();
      for (int c = 0; c < d; c++) {
        moves.add(stepUp(k, c, ranks, weight, files));
        moves.add(stepDown(k, c));
        moves.add(plusOne(k, c, ranks, weight, files));
        moves.add(minusOne(k, c));
        for (int to = 0; to < d; to++) {
          int[] up = to == c || k[c] <= 1 ? null : stepUp(k, to, ranks, weight, files);
          if (up != null) {
            up[to] = k[to] + 1;
            up[c] = k[c] - 1;
          }
          moves.add(up);
        }
      }
      Better next = better(moves, best, true, est, costWeight);
      if (next == null) {
        break;
      }
      k = next.buckets;
      best = next.cost;
    }
    return k;
  }

  /** A grid and its estimated cost. */
  private static final class Better {
    final int[] buckets;
    final double cost;

    Better(int[] buckets, double cost) {
      this.buckets = buckets;
      this.cost = cost;
    }
  }

  /**
   * Of the candidate grids (null entries skipped), the one with the lowest estimate below
   * {@code current}, or with {@code first} the first one below it; null if none is.
   */
  private static Better better(List<int[]> candidates, double current, boolean first, Estimate est,
                               double[] weight) {
    Better found = null;
    for (int[] cand : candidates) {
      if (cand == null) {
        continue;
      }
      double cost = est.cost(cand, weight);
      if (cost < (found == null ? current : found.cost) * (1 - 1e-9)) {
        found = new Better(cand, cost);
        if (first) {
          break;
        }
      }
    }
    return found;
  }

  /**
   * The formula's grid for the columns the search may cut (positive weight, more than one value):
   * whole buckets in proportion to the weights ({@link ColumnWeights#integerBuckets}), at most the
   * column's distinct values; 1 for the others.
   */
  private static int[] formula(double[] weight, Ranks ranks, int files) {
    int d = weight.length;
    double[] w = new double[d];
    for (int c = 0; c < d; c++) {
      w[c] = ranks.distinct[c] > 1 ? weight[c] : 0;
    }
    int[] k = new int[d];
    Arrays.fill(k, 1);
    double sum = Arrays.stream(w).sum();
    if (sum <= 0) {
      return k;
    }
    int[] whole = ColumnWeights.integerBuckets(ColumnWeights.shares(w), files);
    for (int c = 0; c < d; c++) {
      k[c] = w[c] > 0 ? Math.max(1, Math.min(whole[c], ranks.distinct[c])) : 1;
    }
    return k;
  }

  /**
   * At most {@code limit} of the rows, drawn by a seeded shuffle: a stride would follow any order
   * the rows came in (every other row of a sorted or alternating list), a draw does not, and the
   * same rows always give the same draw.
   */
  private static List<SampleRow> thin(List<SampleRow> sample, int limit) {
    if (sample.size() <= limit) {
      return sample;
    }
    List<SampleRow> copy = new ArrayList<>(sample);
    java.util.Collections.shuffle(copy, new java.util.Random(0x6121D5EEDL));
    return new ArrayList<>(copy.subList(0, limit));
  }

  private static int root(int[] det, int c) {
    int r = c;
    for (int hops = 0; det[r] >= 0 && hops < det.length; hops++) {
      r = det[r];
    }
    return r;
  }

  private static int[] stepUp(int[] k, int c, Ranks ranks, double[] weight, int files) {
    if (weight[c] <= 0 || k[c] >= Math.min(ranks.distinct[c], files)) {
      return null;
    }
    int[] out = k.clone();
    out[c] = Math.min(Math.min(ranks.distinct[c], files), k[c] + Math.max(1, k[c] / 4));
    double product = 1;
    for (int ki : out) {
      product *= ki;
    }
    // cell ids must stay packable with a row index into one long
    return product * ranks.m < 0x1p62 ? out : null;
  }

  private static int[] plusOne(int[] k, int c, Ranks ranks, double[] weight, int files) {
    int[] up = stepUp(k, c, ranks, weight, files);
    if (up == null || up[c] == k[c] + 1) {
      return null;  // no step, or the step is already +1
    }
    up[c] = k[c] + 1;
    return up;
  }

  private static int[] minusOne(int[] k, int c) {
    if (k[c] <= 2) {
      return null;  // covered by stepDown
    }
    int[] out = k.clone();
    out[c] = k[c] - 1;
    return out;
  }

  private static int[] stepDown(int[] k, int c) {
    if (k[c] <= 1) {
      return null;
    }
    int[] out = k.clone();
    out[c] = Math.max(1, k[c] - Math.max(1, (k[c] - 1) / 4));
    return out;
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
  static int[] dependencies(Ranks r) {
    int d = r.d;
    int[] det = new int[d];
    Arrays.fill(det, -1);
    for (int b = 0; b < d; b++) {
      if (r.distinct[b] <= 1) {
        continue;  // a constant column is cut by nothing and costs nothing
      }
      for (int a = 0; a < d; a++) {
        if (a == b || r.distinct[b] > r.distinct[a] || (long) r.distinct[a] * MIN_ROWS_PER_VALUE > r.m) {
          continue;
        }
        if (r.distinct[a] == r.distinct[b] && a > b) {
          continue;  // equal partners: only the earlier determines the later
        }
        if (agreement(r, a, b) >= DEPENDENCE_AGREEMENT
            && (det[b] < 0 || r.distinct[a] > r.distinct[det[b]])) {
          det[b] = a;
        }
      }
    }
    // a column that something depends on is a determinant, not itself cut away: break chains
    // whose determinant depends on a third column by pointing at that column's root instead
    for (int b = 0; b < d; b++) {
      if (det[b] >= 0) {
        det[b] = root(det, b);
        if (det[b] == b) {
          det[b] = -1;
        }
      }
    }
    return det;
  }

  /** Share of rows holding the b value most common for their a value. */
  private static double agreement(Ranks r, int a, int b) {
    long[] pairs = new long[r.m];
    for (int i = 0; i < r.m; i++) {
      pairs[i] = (long) r.low[a][i] * r.m + r.low[b][i];
    }
    Arrays.sort(pairs);
    long agreeing = 0;
    int i = 0;
    while (i < r.m) {
      long aValue = pairs[i] / r.m;
      int most = 0;
      while (i < r.m && pairs[i] / r.m == aValue) {
        int j = i;
        while (j < r.m && pairs[j] == pairs[i]) {
          j++;
        }
        most = Math.max(most, j - i);
        i = j;
      }
      agreeing += most;
    }
    return (double) agreeing / r.m;
  }

  /** Per column and row: how many sampled values are below the row's value, and at or below it. */
  static final class Ranks {
    final int m;
    final int d;
    final int[][] low;
    final int[][] high;
    final int[] distinct;
    /** Per column, the low rank of each distinct value. */
    final int[][] values;
    /** Per column and row: the index of the row's value among the column's distinct values. */
    final int[][] valueIndex;
    /** Per column and bucket count: the bucket of each distinct value. */
    private final java.util.Map<Long, int[]> bucketsOfValues = new java.util.HashMap<>();

    Ranks(List<SampleRow> rows, int d) {
      this.m = rows.size();
      this.d = d;
      low = new int[d][m];
      high = new int[d][m];
      distinct = new int[d];
      values = new int[d][];
      valueIndex = new int[d][m];
      Integer[] order = new Integer[m];
      for (int c = 0; c < d; c++) {
        final int col = c;
        for (int i = 0; i < m; i++) {
          order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing((Integer i) -> rows.get(i).values[col], Arrays::compareUnsigned));
        List<Integer> starts = new ArrayList<>();
        int i = 0;
        while (i < m) {
          int j = i;
          byte[] v = rows.get(order[i]).values[c];
          while (j < m && Arrays.equals(rows.get(order[j]).values[c], v)) {
            j++;
          }
          for (int t = i; t < j; t++) {
            low[c][order[t]] = i;
            high[c][order[t]] = j;
            valueIndex[c][order[t]] = starts.size();
          }
          starts.add(i);
          i = j;
        }
        distinct[c] = starts.size();
        values[c] = starts.stream().mapToInt(Integer::intValue).toArray();
      }
    }

    /**
     * The bucket of each of column c's distinct values when the column is cut into k buckets as
     * {@link AlignedCells#fromSample} cuts it: whole values, about equal counts; with a
     * {@code partner} column (not -1), cut where the partner's most common value changes first
     * ({@link BucketMapping#alignedStarts}).
     */
    int[] bucketOfValue(int c, int k, int partner) {
      return bucketsOfValues.computeIfAbsent(((long) c << 48) | ((long) (partner + 1) << 32) | k, key -> {
        int[] v = values[c];
        int[] runSizes = new int[v.length];
        for (int j = 0; j < v.length; j++) {
          runSizes[j] = (j + 1 < v.length ? v[j + 1] : m) - v[j];
        }
        int[] starts = partner < 0 ? BucketMapping.bucketStarts(runSizes, k)
            : BucketMapping.alignedStarts(runSizes, partnerChanges(c, partner), k);
        int[] out = new int[v.length];
        for (int b = 0, j = 0; j < v.length; j++) {
          while (b + 1 < starts.length && starts[b + 1] <= j) {
            b++;
          }
          out[j] = b;
        }
        return out;
      });
    }

    /**
     * Per distinct value of column c in order: whether its most common {@code partner} value
     * differs from the previous value's (the partner's groups along c).
     */
    boolean[] partnerChanges(int c, int partner) {
      return BucketMapping.partnerChanges(valueIndex[c], distinct[c], valueIndex[partner], distinct[partner]);
    }
  }

  /** Estimated files per point query for a candidate grid (see the class comment). */
  static final class Estimate {
    private final Ranks r;
    private final int files;
    private final Curve curve;
    private final double tolerance;
    private final boolean filesInCells;
    /** Per column, the dependent its cuts follow ({@link Ranks#bucketOfValue}), or -1. */
    private final int[] alignTo;
    private final long[] packed;
    private final int[] diff;

    Estimate(Ranks ranks, int files, Curve curve, double tolerance, boolean filesInCells, int[] alignTo) {
      this.r = ranks;
      this.alignTo = alignTo;
      this.files = files;
      this.curve = curve;
      this.tolerance = tolerance;
      this.filesInCells = filesInCells;
      this.packed = new long[ranks.m];
      this.diff = new int[ranks.m + 1];
    }

    double cost(int[] k, double[] weight) {
      double[] f = filesPerColumn(k, weight);
      double sum = 0;
      for (int c = 0; c < f.length; c++) {
        sum += weight[c] * f[c];
      }
      return sum;
    }

    double[] filesPerColumn(int[] k) {
      double[] all = new double[k.length];
      Arrays.fill(all, 1);
      return filesPerColumn(k, all);
    }

    /**
     * Per column with a positive weight (0 for the others): the share of the files a point query
     * reads, times the files asked for. The sampled rows are put in cells, the cells in curve
     * order, and files cut from them as {@link AlignedCells#cutCells} cuts the table's; a file's
     * [min, max] on a column is that of the cells it holds rows of.
     */
    private double[] filesPerColumn(int[] k, double[] weight) {
      int m = r.m;
      int d = r.d;
      int[][] bucketOf = new int[d][];
      for (int c = 0; c < d; c++) {
        bucketOf[c] = r.bucketOfValue(c, k[c], alignTo[c]);
      }
      for (int i = 0; i < m; i++) {
        long cell = 0;
        for (int c = 0; c < d; c++) {
          cell = cell * k[c] + bucketOf[c][r.valueIndex[c][i]];
        }
        packed[i] = cell * m + i;
      }
      Arrays.sort(packed);
      // the non-empty cells: size and, per column, the lowest and highest value rank
      int cells = 0;
      int[] first = new int[m + 1];
      for (int i = 0; i < m; i++) {
        if (i == 0 || packed[i] / m != packed[i - 1] / m) {
          first[cells++] = i;
        }
      }
      first[cells] = m;
      long[] order = new long[cells];
      long[] coords = new long[d];
      int bits = AlignedCells.cellBits(k);
      for (int ci = 0; ci < cells; ci++) {
        long id = packed[first[ci]] / m;
        for (int c = d - 1; c >= 0; c--) {
          coords[c] = id % k[c];
          id /= k[c];
        }
        order[ci] = curve.index(coords, bits);
      }
      Integer[] byCurve = new Integer[cells];
      for (int ci = 0; ci < cells; ci++) {
        byCurve[ci] = ci;
      }
      Arrays.sort(byCurve, Comparator.comparingLong(ci -> order[ci]));
      int[] sizes = new int[cells];
      for (int j = 0; j < cells; j++) {
        sizes[j] = first[byCurve[j] + 1] - first[byCurve[j]];
      }
      // files each cell (in curve order) lies in: [fileFrom[j], fileTo[j]]
      int[] fileFrom = new int[cells];
      int[] fileTo = new int[cells];
      int file = 0;
      int next = 0;
      List<int[]> cuts = filesInCells ? Collections.emptyList() : AlignedCells.cutCells(sizes, files, tolerance);
      int[] parts = filesInCells ? AlignedCells.filesPerCell(sizes, files) : null;
      for (int j = 0; filesInCells && j < cells; j++) {
        fileFrom[j] = file;
        file += parts[j];
        fileTo[j] = file - 1;
      }
      for (int j = 0; !filesInCells && j < cells; j++) {
        fileFrom[j] = file;
        boolean after = false;
        while (next < cuts.size() && cuts.get(next)[0] == j) {
          if (cuts.get(next)[1] < sizes[j]) {
            file++;
          } else {
            after = true;
          }
          next++;
        }
        fileTo[j] = file;
        if (after) {
          file++;
        }
      }
      int fileCount = filesInCells ? file : file + 1;
      double[] out = new double[d];
      int[] lo = new int[fileCount];
      int[] hi = new int[fileCount];
      for (int c = 0; c < d; c++) {
        if (weight[c] <= 0) {
          continue;
        }
        Arrays.fill(lo, Integer.MAX_VALUE);
        Arrays.fill(hi, -1);
        for (int j = 0; j < cells; j++) {
          int cellLo = Integer.MAX_VALUE;
          int cellHi = -1;
          for (int i = first[byCurve[j]]; i < first[byCurve[j] + 1]; i++) {
            int rank = r.low[c][(int) (packed[i] % m)];
            cellLo = Math.min(cellLo, rank);
            cellHi = Math.max(cellHi, rank);
          }
          for (int f = fileFrom[j]; f <= fileTo[j]; f++) {
            lo[f] = Math.min(lo[f], cellLo);
            hi[f] = Math.max(hi[f], cellHi);
          }
        }
        Arrays.fill(diff, 0);
        for (int f = 0; f < fileCount; f++) {
          diff[lo[f]]++;
          diff[hi[f] + 1]--;
        }
        // files covering each rank position, read at each distinct value's position
        long running = 0;
        long total = 0;
        int v = 0;
        int[] vals = r.values[c];
        for (int pos = 0; pos < m && v < vals.length; pos++) {
          running += diff[pos];
          if (vals[v] == pos) {
            total += running;
            v++;
          }
        }
        // as a share of the files asked for, except where the cut rule decides the file count
        out[c] = filesInCells ? (double) total / vals.length : (double) total / vals.length / fileCount * files;
      }
      return out;
    }
  }
}
