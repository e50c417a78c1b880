package dev.hudilayout.layout.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a column's buckets begin: the sorted sample cut into buckets of about equal count that
 * never split a value. The sample mapping's coordinates ({@link BucketMapping}), the aligned grid's
 * cells ({@code layout/grid/AlignedCells}) and the grid search's estimate ({@code layout/grid/Ranks}) all cut a
 * column here, so all three cut it alike; {@link AlignedBucketCuts} cuts a column along a coarser
 * one.
 *
 * <p>The sorted values are read as runs of equal values: sample (10, 10, 20, 30, 30, 30) is runs
 * of 2, 1 and 3 rows, and 2 buckets start at runs 0 and 2 (values 10 and 30).
 */
public final class BucketCuts {
  private BucketCuts() {
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
    for (int bucket = 0; bucket < starts.length; bucket++) {
      lowers[bucket] = sorted.get(runStarts.get(starts[bucket]));
    }
    return lowers;
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
   * all its files). Runs of 1, 1, 8, 1, 1 rows in 3 buckets: the 8 is a bucket of its own, and the
   * stretches before and after it one each.
   */
  public static int[] bucketStarts(int[] runSizes, long maxBuckets) {
    int runs = runSizes.length;
    long buckets = Math.max(1, maxBuckets);
    if (runs <= buckets) {
      int[] each = new int[runs];
      for (int run = 0; run < runs; run++) {
        each[run] = run;
      }
      return each;
    }
    long rows = 0;
    for (int size : runSizes) {
      rows += size;
    }
    boolean[] heavy = heavyRuns(runSizes, rows, buckets);
    long heavyRows = 0;
    int heavyCount = 0;
    for (int run = 0; run < runs; run++) {
      if (heavy[run]) {
        heavyRows += runSizes[run];
        heavyCount++;
      }
    }
    List<RunRange> stretches = lightStretches(heavy);
    long[] allotted = shareOut(stretches, runSizes, buckets - heavyCount, rows - heavyRows);
    return firstRuns(runSizes, heavy, stretches, allotted);
  }

  /**
   * The runs at least as heavy as a bucket's share, found pass after pass: each pass recomputes the
   * share over the rows and buckets the heavy runs found so far leave, and one bucket always stays
   * for the light runs.
   */
  private static boolean[] heavyRuns(int[] runSizes, long rows, long buckets) {
    int runs = runSizes.length;
    boolean[] heavy = new boolean[runs];
    long heavyRows = 0;
    int heavyCount = 0;
    boolean found = true;
    while (found && buckets - heavyCount > 1) {
      found = false;
      double share = (double) (rows - heavyRows) / (buckets - heavyCount);
      for (int run = 0; run < runs && buckets - heavyCount > 1; run++) {
        if (!heavy[run] && runSizes[run] >= share) {
          heavy[run] = true;
          heavyRows += runSizes[run];
          heavyCount++;
          found = true;
        }
      }
    }
    return heavy;
  }

  /** The stretches of light runs between the heavy ones, in order. */
  private static List<RunRange> lightStretches(boolean[] heavy) {
    List<RunRange> stretches = new ArrayList<>();
    for (int run = 0; run < heavy.length; run++) {
      if (!heavy[run] && (run == 0 || heavy[run - 1])) {
        stretches.add(new RunRange(run, run + 1));
      } else if (!heavy[run]) {
        int last = stretches.size() - 1;
        stretches.set(last, stretches.get(last).endingAt(run + 1));
      }
    }
    return stretches;
  }

  /**
   * The first run of each bucket: every heavy run, and each stretch cut into its
   * {@code allotted} buckets at equal counts. A stretch allotted none (too few buckets for every
   * stretch) joins the bucket before it, or, the first, the heavy run after it.
   */
  private static int[] firstRuns(int[] runSizes, boolean[] heavy, List<RunRange> stretches, long[] allotted) {
    int runs = runSizes.length;
    List<Integer> starts = new ArrayList<>();
    int stretch = 0;
    for (int run = 0; run < runs; ) {
      if (heavy[run]) {
        starts.add(run);
        run++;
        continue;
      }
      RunRange range = stretches.get(stretch);
      long buckets = allotted[stretch++];
      if (buckets == 0) {
        if (starts.isEmpty()) {
          starts.add(run);
          run = range.end;
          if (run < runs) {
            run++;  // the heavy run after it is in the same bucket
          }
        } else {
          run = range.end;
        }
        continue;
      }
      equalCounts(runSizes, range.first, range.end, buckets, starts);
      run = range.end;
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
  static long[] shareOut(List<RunRange> stretches, int[] runSizes, long buckets, long rows) {
    int count = stretches.size();
    long[] stretchRows = new long[count];
    for (int i = 0; i < count; i++) {
      for (int run = stretches.get(i).first; run < stretches.get(i).end; run++) {
        stretchRows[i] += runSizes[run];
      }
    }
    // stretches whose share is under one bucket get one, and the others share what is left
    boolean[] justOne = new boolean[count];
    long freeBuckets = buckets;
    long freeRows = rows;
    boolean fixed = buckets >= count;
    while (fixed) {
      fixed = false;
      for (int i = 0; i < count; i++) {
        if (!justOne[i] && (freeRows == 0 || (double) freeBuckets * stretchRows[i] / freeRows < 1)) {
          justOne[i] = true;
          freeBuckets--;
          freeRows -= stretchRows[i];
          fixed = true;
        }
      }
    }
    long[] out = new long[count];
    double[] remainder = new double[count];
    long given = 0;
    for (int i = 0; i < count; i++) {
      if (justOne[i]) {
        out[i] = 1;
        remainder[i] = -1;
      } else {
        double exact = freeRows == 0 ? 0 : (double) freeBuckets * stretchRows[i] / freeRows;
        out[i] = (long) Math.floor(exact);
        remainder[i] = exact - out[i];
      }
      given += out[i];
    }
    Integer[] byRemainder = new Integer[count];
    for (int i = 0; i < count; i++) {
      byRemainder[i] = i;
    }
    Arrays.sort(byRemainder, (a, b) -> Double.compare(remainder[b], remainder[a]));
    for (int i = 0; given < buckets && i < count; i++) {
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
    for (int run = from; run < to; run++) {
      rows += runSizes[run];
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
}
