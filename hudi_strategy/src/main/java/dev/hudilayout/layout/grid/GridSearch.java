package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.mapping.AlignedBucketCuts;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
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
 * served by the same cuts; adding the weights would count that axis twice): {@link ColumnDependence}.
 */
public final class GridSearch {
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
     * ({@link AlignedBucketCuts#alignedStarts}), or -1: cut into buckets of equal counts.
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
   * false, as the aligned layout cuts them ({@link CellCuts#cutCells}: small cells share a
   * file); true, as the continuous layout does ({@link CellCuts#filesPerCell}: every file
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
    int columns = sample.isEmpty() ? (shares == null ? 1 : shares.length) : sample.get(0).values.length;
    int fileCount = Math.max(1, files);
    if (sample.isEmpty() || fileCount == 1) {
      int[] ones = new int[columns];
      Arrays.fill(ones, 1);
      return evaluate(sample, fileCount, ones, curve, tolerance, filesInCells);
    }
    Ranks ranks = ranks(sample, fileCount);
    int[] determinant = ColumnDependence.dependencies(ranks);
    double[] queryShares = new double[columns];
    for (int column = 0; column < columns; column++) {
      queryShares[column] = shares == null ? 1.0 / columns : shares[column];
    }
    double[] weight = queryShares.clone();
    for (int column = 0; column < columns; column++) {
      if (determinant[column] >= 0) {
        int root = ColumnDependence.root(determinant, column);
        weight[root] = Math.max(weight[root], queryShares[column]);
        weight[column] = 0;
      }
    }
    int[] none = new int[columns];
    Arrays.fill(none, -1);
    Estimate plain = new Estimate(ranks, fileCount, curve, tolerance, filesInCells, none);
    int[] buckets = search(plain, ranks, weight, weight, fileCount);
    int[] alignTo = ColumnDependence.alignments(determinant, ranks);
    if (!mayAlign || Arrays.stream(alignTo).allMatch(target -> target < 0)) {
      return new Choice(buckets, determinant, none, plain.filesPerColumn(buckets));
    }
    // cuts aligned with the dependents' values: the dependents' point queries now turn on where
    // the cuts fall, so each axis's weight is shared among its columns (by their own weights) and
    // the aligned grid is kept if that estimate is lower than the equal-count cuts'
    double[] axisShare = ColumnDependence.axisShares(determinant, queryShares, weight);
    Estimate aligned = new Estimate(ranks, fileCount, curve, tolerance, filesInCells, alignTo);
    int[] alignedBuckets = search(aligned, ranks, weight, axisShare, fileCount);
    if (aligned.cost(alignedBuckets, axisShare) < plain.cost(buckets, axisShare) * (1 - 1e-9)) {
      return new Choice(alignedBuckets, determinant, alignTo, aligned.filesPerColumn(alignedBuckets));
    }
    return new Choice(buckets, determinant, none, plain.filesPerColumn(buckets));
  }

  /**
   * The climb and the settling (see the class comment) for one estimate: columns with a positive
   * {@code cutWeight} may be cut, and grids are compared by the estimate weighed by {@code costWeight}.
   */
  private static int[] search(Estimate estimate, Ranks ranks, double[] cutWeight, double[] costWeight, int fileCount) {
    int columns = cutWeight.length;
    int[] buckets = new int[columns];
    Arrays.fill(buckets, 1);
    double best = estimate.cost(buckets, costWeight);
    // climb: the most useful step each time
    for (int step = 0; step < MAX_STEPS; step++) {
      List<int[]> steps = new ArrayList<>();
      for (int column = 0; column < columns; column++) {
        steps.add(stepUp(buckets, column, ranks, cutWeight, fileCount));
      }
      Better next = better(steps, best, false, estimate, costWeight);
      if (next == null) {
        break;
      }
      buckets = next.buckets;
      best = next.cost;
    }
    // settle the climb's grid, and the formula's grid over the columns the search may cut, and
    // keep the better: a climb can stop one move short of an even grid (11 x 10 x 9 for 1000)
    int[] climbed = settle(buckets, best, estimate, ranks, cutWeight, costWeight, fileCount);
    int[] fromFormula = settle(formula(cutWeight, ranks, fileCount), Double.NaN, estimate, ranks, cutWeight, costWeight, fileCount);
    return estimate.cost(fromFormula, costWeight) < estimate.cost(climbed, costWeight) * (1 - 1e-9) ? fromFormula : climbed;
  }

  /**
   * The given buckets, with the dependent columns and estimates the search would report for them,
   * for files cut as {@code filesInCells} says (see {@link #choose}).
   */
  public static Choice evaluate(List<SampleRow> sample, int files, int[] buckets, Curve curve, double tolerance,
                                boolean filesInCells) {
    int columns = buckets.length;
    int[] none = new int[columns];
    Arrays.fill(none, -1);
    if (sample.isEmpty()) {
      return new Choice(buckets.clone(), none, none, new double[columns]);
    }
    int fileCount = Math.max(1, files);
    Ranks ranks = ranks(sample, fileCount);
    double product = 1;
    for (int bucketCount : buckets) {
      product *= bucketCount;
    }
    double[] estimate = new double[columns];
    if (product * ranks.rows < 0x1p62) {
      estimate = new Estimate(ranks, fileCount, curve, tolerance, filesInCells, none).filesPerColumn(buckets);
    } else {
      Arrays.fill(estimate, Double.NaN);  // more cells than can be counted this way
    }
    return new Choice(buckets.clone(), ColumnDependence.dependencies(ranks), none, estimate);
  }

  private static Ranks ranks(List<SampleRow> sample, int files) {
    return new Ranks(thin(sample, Math.max(MIN_SEARCH_ROWS, ROWS_PER_FILE * files)), sample.get(0).values.length);
  }

  /**
   * Moves from {@code start} while one lowers the estimate: a column up or down by a step or by one
   * bucket, or one bucket handed from a column to another. {@code cost} is start's, or NaN.
   */
  private static int[] settle(int[] start, double cost, Estimate estimate, Ranks ranks, double[] weight,
                              double[] costWeight, int files) {
    int[] buckets = start.clone();
    double best = Double.isNaN(cost) ? estimate.cost(buckets, costWeight) : cost;
    int columns = buckets.length;
    for (int step = 0; step < MAX_STEPS; step++) {
      List<int[]> moves = new ArrayList<>();
      for (int column = 0; column < columns; column++) {
        moves.add(stepUp(buckets, column, ranks, weight, files));
        moves.add(stepDown(buckets, column));
        moves.add(plusOne(buckets, column, ranks, weight, files));
        moves.add(minusOne(buckets, column));
        for (int to = 0; to < columns; to++) {
          int[] up = to == column || buckets[column] <= 1 ? null : stepUp(buckets, to, ranks, weight, files);
          if (up != null) {
            up[to] = buckets[to] + 1;
            up[column] = buckets[column] - 1;
          }
          moves.add(up);
        }
      }
      Better next = better(moves, best, true, estimate, costWeight);
      if (next == null) {
        break;
      }
      buckets = next.buckets;
      best = next.cost;
    }
    return buckets;
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
  private static Better better(List<int[]> candidates, double current, boolean first, Estimate estimate,
                               double[] weight) {
    Better found = null;
    for (int[] candidate : candidates) {
      if (candidate == null) {
        continue;
      }
      double cost = estimate.cost(candidate, weight);
      if (cost < (found == null ? current : found.cost) * (1 - 1e-9)) {
        found = new Better(candidate, cost);
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
    int columns = weight.length;
    double[] cutShares = new double[columns];
    for (int column = 0; column < columns; column++) {
      cutShares[column] = ranks.distinct[column] > 1 ? weight[column] : 0;
    }
    int[] buckets = new int[columns];
    Arrays.fill(buckets, 1);
    double sum = Arrays.stream(cutShares).sum();
    if (sum <= 0) {
      return buckets;
    }
    int[] whole = ColumnWeights.integerBuckets(ColumnWeights.shares(cutShares), files);
    for (int column = 0; column < columns; column++) {
      buckets[column] = cutShares[column] > 0 ? Math.max(1, Math.min(whole[column], ranks.distinct[column])) : 1;
    }
    return buckets;
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

  private static int[] stepUp(int[] buckets, int column, Ranks ranks, double[] weight, int files) {
    if (weight[column] <= 0 || buckets[column] >= Math.min(ranks.distinct[column], files)) {
      return null;
    }
    int[] out = buckets.clone();
    out[column] = Math.min(Math.min(ranks.distinct[column], files), buckets[column] + Math.max(1, buckets[column] / 4));
    double product = 1;
    for (int bucketCount : out) {
      product *= bucketCount;
    }
    // cell ids must stay packable with a row index into one long
    return product * ranks.rows < 0x1p62 ? out : null;
  }

  private static int[] plusOne(int[] buckets, int column, Ranks ranks, double[] weight, int files) {
    int[] up = stepUp(buckets, column, ranks, weight, files);
    if (up == null || up[column] == buckets[column] + 1) {
      return null;  // no step, or the step is already +1
    }
    up[column] = buckets[column] + 1;
    return up;
  }

  private static int[] minusOne(int[] buckets, int column) {
    if (buckets[column] <= 2) {
      return null;  // covered by stepDown
    }
    int[] out = buckets.clone();
    out[column] = buckets[column] - 1;
    return out;
  }

  private static int[] stepDown(int[] buckets, int column) {
    if (buckets[column] <= 1) {
      return null;
    }
    int[] out = buckets.clone();
    out[column] = Math.max(1, buckets[column] - Math.max(1, (buckets[column] - 1) / 4));
    return out;
  }

}

