package dev.hudilayout.layout.mapping;

import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sample mapping: the sorted sample is cut into buckets of about equal count that never split a
 * value, and bucket i of n is the single coordinate floor(i * span / n), where span is the bucket
 * count of the space's column with most buckets (at most 2^bits): that column's buckets are one
 * coordinate apart and every other column's spread over the same stretch of the axis. With sample
 * (10, 20, 30, 40, 50, 60), 3 buckets and span 6 the buckets start at 10, 30 and 50 and get
 * coordinates 0, 2, 4.
 *
 * <p>Why span and not the whole axis 2^bits: with 1000 brands and 250 cities on 10 bits, the whole
 * axis puts brands 1 or 2 coordinates apart and cities 4 or 5; this spacing puts them 1 and 4
 * apart, every time. Measured with files cut along the Hilbert curve, over every query of each
 * class (docs/benchmarks.md, the runs before and after): two-column conjunctions on skewed data
 * read 14.9 files of 300 where they read 15.8 (0.99x the built-in's, was 1.03x), each class on
 * correlated data 0.5-1.6% fewer, and the other classes and sets within 0.6% of before.
 *
 * <p>Why a value is never split and always gets one point (unlike {@link QuantileMapping}, which
 * gives a heavy value a run of buckets and spreads its rows over them by hash):
 * <ul>
 *   <li>A value whose rows are spread along its own axis lets the curve spend splits on that
 *   spread: every file in the spread holds the same value, so a query on it reads them all anyway,
 *   while the files get narrower on that axis and wider on the others, and queries on the other
 *   columns read more of them. A heavy value kept on one coordinate is a thin slab that the curve
 *   divides along the other columns only. (Simulated at 500k rows, 500 files, Zipf s_city and one
 *   c_city holding half the rows: Hilbert reads 76.3 files per point query spread, against the
 *   built-in's 63.2.)</li>
 *   <li>A point never straddles a cell boundary of the curve, at any level; a value spread over a
 *   range of fine quantile buckets does whenever its range crosses one, and is then in the files on
 *   both sides (uniform SSB-like columns: 77.5 files against 76.6).</li>
 * </ul>
 * Rows that share every coordinate are told apart by the row hash after the curve key
 * ({@link CurveSpace#key}), so files still fill evenly when a value holds many files' worth.
 */
public final class BucketMapping implements ColumnMapping {
  private static final long serialVersionUID = 1L;
  private final SortedValues lowers;
  /** Coordinates the buckets spread over: [0, span), at most 2^bits. */
  private final long span;

  /**
   * @param span the bucket count of the column with most buckets, or 2^bits if that is smaller
   *     (the long key's room ran out: neighbouring buckets then share a coordinate)
   */
  BucketMapping(byte[][] lowers, long span) {
    this.lowers = new SortedValues(lowers);
    this.span = span;
  }

  /**
   * The smallest sampled value of each bucket, at most {@code maxBuckets} buckets of the sorted
   * sample (see {@link #bucketStarts}). A column with no more distinct values than buckets gets
   * one bucket per value.
   */
  public static byte[][] lowerBounds(List<byte[]> sorted, long maxBuckets) {
    List<Integer> runStarts = new ArrayList<>();
    List<Integer> runSizes = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      if (i == 0 || !Arrays.equals(sorted.get(i), sorted.get(i - 1))) {
        runStarts.add(i);
        runSizes.add(0);
      }
      runSizes.set(runSizes.size() - 1, runSizes.get(runSizes.size() - 1) + 1);
    }
    int[] starts = bucketStarts(runSizes.stream().mapToInt(Integer::intValue).toArray(), maxBuckets);
    byte[][] lowers = new byte[starts.length][];
    for (int b = 0; b < starts.length; b++) {
      lowers[b] = sorted.get(runStarts.get(starts[b]));
    }
    return lowers;
  }

  /**
   * {@link #lowerBounds}, cut as {@link #alignedStarts} cuts: column {@code c} of the sampled rows
   * with its buckets' ends put where column {@code partner}'s most common value per c value changes.
   */
  public static byte[][] alignedLowerBounds(List<SampleRow> sample, int c, int partner, long maxBuckets) {
    List<byte[]> values = new ArrayList<>();
    int[] ids = valueIds(sample, c, values);
    int[] partnerIds = valueIds(sample, partner, new ArrayList<>());
    int[] runSizes = new int[values.size()];
    for (int id : ids) {
      runSizes[id]++;
    }
    int partners = 0;
    for (int id : partnerIds) {
      partners = Math.max(partners, id + 1);
    }
    int[] starts = alignedStarts(runSizes, partnerChanges(ids, values.size(), partnerIds, partners), maxBuckets);
    byte[][] lowers = new byte[starts.length][];
    for (int b = 0; b < starts.length; b++) {
      lowers[b] = values.get(starts[b]);
    }
    return lowers;
  }

  /**
   * Per sampled row, the rank of its value of column {@code c} among the column's distinct values
   * (unsigned byte order); the distinct values, in that order, are added to {@code distinct}.
   */
  public static int[] valueIds(List<SampleRow> rows, int c, List<byte[]> distinct) {
    int m = rows.size();
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(rows.get(x).values[c], rows.get(y).values[c]));
    int[] ids = new int[m];
    for (int i = 0; i < m; i++) {
      byte[] v = rows.get(order[i]).values[c];
      if (distinct.isEmpty() || !Arrays.equals(distinct.get(distinct.size() - 1), v)) {
        distinct.add(v);
      }
      ids[order[i]] = distinct.size() - 1;
    }
    return ids;
  }

  /**
   * Where a partner column's groups begin along a column: per distinct value of the column, in
   * order, whether the partner value most common among its rows (the lowest of equally common
   * ones) differs from the previous value's. Row i has the column's value of rank {@code ids[i]}
   * (of {@code distinct}) and the partner's of rank {@code partnerIds[i]} (of {@code partners}).
   */
  public static boolean[] partnerChanges(int[] ids, int distinct, int[] partnerIds, int partners) {
    int m = ids.length;
    long[] pairs = new long[m];
    for (int i = 0; i < m; i++) {
      pairs[i] = (long) ids[i] * partners + partnerIds[i];
    }
    Arrays.sort(pairs);
    int[] rowsOf = new int[distinct];
    int[] most = new int[distinct];
    int i = 0;
    while (i < m) {
      int j = i;
      while (j < m && pairs[j] == pairs[i]) {
        j++;
      }
      int value = (int) (pairs[i] / partners);
      if (j - i > rowsOf[value]) {
        rowsOf[value] = j - i;
        most[value] = (int) (pairs[i] % partners);
      }
      i = j;
    }
    boolean[] changes = new boolean[distinct];
    for (int j = 1; j < distinct; j++) {
      changes[j] = most[j] != most[j - 1];
    }
    return changes;
  }

  /**
   * Buckets of about equal count that never split a value, over the sizes of the runs of equal
   * values in sorted order; returns the first run of each bucket, at most {@code maxBuckets} of
   * them (one per value when there are no more values than that).
   *
   * <p>A value at least as heavy as a bucket's share gets a bucket of its own (repeatedly: the
   * share is recomputed over the rows and buckets that are left), and the other buckets are shared
   * out over the stretches of lighter values between the heavy ones in proportion to their rows,
   * at least one each while there are buckets for every stretch. So one heavy value costs one
   * bucket, wherever it lies, the lighter values on both sides of it are cut equally finely, and
   * a few rare values beside a heavy one do not share its bucket (and every query on them read
   * all its files).
   */
  public static int[] bucketStarts(int[] runSizes, long maxBuckets) {
    int runs = runSizes.length;
    long k = Math.max(1, maxBuckets);
    if (runs <= k) {
      int[] each = new int[runs];
      for (int r = 0; r < runs; r++) {
        each[r] = r;
      }
      return each;
    }
    long m = 0;
    for (int size : runSizes) {
      m += size;
    }
    boolean[] heavy = new boolean[runs];
    long heavyRows = 0;
    int heavyCount = 0;
    boolean found = true;
    while (found && k - heavyCount > 1) {
      found = false;
      double share = (double) (m - heavyRows) / (k - heavyCount);
      for (int r = 0; r < runs && k - heavyCount > 1; r++) {
        if (!heavy[r] && runSizes[r] >= share) {
          heavy[r] = true;
          heavyRows += runSizes[r];
          heavyCount++;
          found = true;
        }
      }
    }
    // stretches of light runs between heavy ones, and their share of the light buckets
    List<int[]> stretches = new ArrayList<>();  // {first run, end run}
    for (int r = 0; r < runs; r++) {
      if (!heavy[r] && (r == 0 || heavy[r - 1])) {
        stretches.add(new int[] {r, r + 1});
      } else if (!heavy[r]) {
        stretches.get(stretches.size() - 1)[1] = r + 1;
      }
    }
    long[] allotted = shareOut(stretches, runSizes, k - heavyCount, m - heavyRows);
    List<Integer> starts = new ArrayList<>();
    int stretch = 0;
    for (int r = 0; r < runs; ) {
      if (heavy[r]) {
        starts.add(r);
        r++;
        continue;
      }
      int[] s = stretches.get(stretch);
      long buckets = allotted[stretch++];
      if (buckets == 0) {
        // too few buckets for every stretch: this one joins the bucket before it (or, first, after it)
        if (starts.isEmpty()) {
          starts.add(r);
          r = s[1];
          if (r < runs) {
            r++;  // the heavy run after it is in the same bucket
          }
        } else {
          r = s[1];
        }
        continue;
      }
      equalCounts(runSizes, s[0], s[1], buckets, starts);
      r = s[1];
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * {@link #bucketStarts}, with cuts first where a coarser column's value changes: {@code groupStart[r]}
   * is true where run r begins a new value of that column (a city's nation, along the cities in
   * order). With fewer buckets than groups each bucket holds whole groups; with more, every group
   * boundary is a cut and the groups share the buckets in proportion to their rows (at least one
   * each, at most one per run), each cut inside as {@link #bucketStarts} cuts. A point query on
   * the coarser column then reads exactly its value's buckets, where cuts of equal counts would
   * straddle the groups' ends and put two groups in one bucket.
   */
  public static int[] alignedStarts(int[] runSizes, boolean[] groupStart, long maxBuckets) {
    int runs = runSizes.length;
    List<int[]> groups = new ArrayList<>();  // {first run, end run}
    for (int r = 0; r < runs; r++) {
      if (r == 0 || groupStart[r]) {
        groups.add(new int[] {r, r + 1});
      } else {
        groups.get(groups.size() - 1)[1] = r + 1;
      }
    }
    int g = groups.size();
    long k = Math.max(1, maxBuckets);
    if (runs <= k || g <= 1) {
      return bucketStarts(runSizes, k);
    }
    int[] groupRows = new int[g];
    long rows = 0;
    for (int i = 0; i < g; i++) {
      for (int r = groups.get(i)[0]; r < groups.get(i)[1]; r++) {
        groupRows[i] += runSizes[r];
      }
      rows += groupRows[i];
    }
    if (g >= k) {
      int[] starts = bucketStarts(groupRows, k);
      int[] out = new int[starts.length];
      for (int b = 0; b < starts.length; b++) {
        out[b] = groups.get(starts[b])[0];
      }
      return out;
    }
    long[] allotted = shareOut(groups, runSizes, k, rows);
    // at most one bucket per run: what a group cannot use goes where buckets are largest
    long spare = 0;
    for (int i = 0; i < g; i++) {
      int room = groups.get(i)[1] - groups.get(i)[0];
      if (allotted[i] > room) {
        spare += allotted[i] - room;
        allotted[i] = room;
      }
    }
    for (; spare > 0; spare--) {
      int widest = -1;
      for (int i = 0; i < g; i++) {
        if (allotted[i] < groups.get(i)[1] - groups.get(i)[0]
            && (widest < 0 || (double) groupRows[i] / allotted[i] > (double) groupRows[widest] / allotted[widest])) {
          widest = i;
        }
      }
      if (widest < 0) {
        break;
      }
      allotted[widest]++;
    }
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < g; i++) {
      int from = groups.get(i)[0];
      for (int s : bucketStarts(Arrays.copyOfRange(runSizes, from, groups.get(i)[1]), allotted[i])) {
        starts.add(from + s);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The light buckets per stretch, in proportion to its rows, largest remainders first; when
   * there are at least as many buckets as stretches, each stretch gets at least one. A stretch
   * with none shares the bucket of the heavy value beside it, and then a query on any of its
   * values reads every file of that value (on a skewed column, the 19 rare values after one that
   * holds half the rows read half the table).
   */
  private static long[] shareOut(List<int[]> stretches, int[] runSizes, long buckets, long rows) {
    int n = stretches.size();
    long[] stretchRows = new long[n];
    for (int i = 0; i < n; i++) {
      for (int r = stretches.get(i)[0]; r < stretches.get(i)[1]; r++) {
        stretchRows[i] += runSizes[r];
      }
    }
    // stretches whose share is under one bucket get one, and the others share what is left
    boolean[] one = new boolean[n];
    long free = buckets;
    long freeRows = rows;
    boolean fixed = buckets >= n;
    while (fixed) {
      fixed = false;
      for (int i = 0; i < n; i++) {
        if (!one[i] && (freeRows == 0 || (double) free * stretchRows[i] / freeRows < 1)) {
          one[i] = true;
          free--;
          freeRows -= stretchRows[i];
          fixed = true;
        }
      }
    }
    long[] out = new long[n];
    double[] remainder = new double[n];
    long given = 0;
    for (int i = 0; i < n; i++) {
      if (one[i]) {
        out[i] = 1;
        remainder[i] = -1;
      } else {
        double exact = freeRows == 0 ? 0 : (double) free * stretchRows[i] / freeRows;
        out[i] = (long) Math.floor(exact);
        remainder[i] = exact - out[i];
      }
      given += out[i];
    }
    Integer[] byRemainder = new Integer[n];
    for (int i = 0; i < n; i++) {
      byRemainder[i] = i;
    }
    Arrays.sort(byRemainder, (a, b) -> Double.compare(remainder[b], remainder[a]));
    for (int i = 0; given < buckets && i < n; i++) {
      out[byRemainder[i]]++;
      given++;
    }
    return out;
  }

  /**
   * Cuts runs [from, to) into at most {@code buckets} buckets, adding each bucket's first run to
   * {@code starts}: a bucket takes whole runs while that brings its count nearer the rows left
   * divided by the buckets left.
   */
  private static void equalCounts(int[] runSizes, int from, int to, long buckets, List<Integer> starts) {
    long rows = 0;
    for (int r = from; r < to; r++) {
      rows += runSizes[r];
    }
    long left = buckets;
    long placed = 0;
    int run = from;
    while (run < to) {
      double target = (double) (rows - placed) / left;
      long count = runSizes[run];
      int end = run + 1;
      while (end < to && left > 1) {
        long next = count + runSizes[end];
        if (Math.abs(next - target) >= Math.abs(count - target)) {
          break;
        }
        count = next;
        end++;
      }
      if (left == 1) {
        end = to;
        count = rows - placed;
      }
      starts.add(run);
      left--;
      placed += count;
      run = end;
    }
  }

  /** Bits that tell {@code buckets} buckets apart: ceil(log2(buckets)), at least 1. */
  static int bitsFor(int buckets) {
    return Math.max(1, 64 - Long.numberOfLeadingZeros(Math.max(1, buckets - 1)));
  }

  int buckets() {
    return lowers.size();
  }

  @Override
  public long coordinate(byte[] encoded, long rowHash) {
    if (lowers.size() <= 1) {
      return 0;
    }
    // bucket i holds [lowers[i], lowers[i + 1]); values below the first sampled one join bucket 0
    long bucket = Math.max(0, lowers.atOrBelow(encoded) - 1);
    // columns with fewer buckets spread over the same span, so every column spans the same cells
    return bucket * span / lowers.size();
  }
}
