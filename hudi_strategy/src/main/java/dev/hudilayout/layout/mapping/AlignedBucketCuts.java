package dev.hudilayout.layout.mapping;

import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Bucket cuts aligned with a coarser column's values: a column cut as {@link BucketCuts} cuts it,
 * but with its buckets' ends put first where the most common value of a partner column changes (a
 * city's nation, along the cities in order). The grid search aligns a column this way with the
 * column it found to depend on it ({@code layout/grid/GridSearch}), so that a point query on the coarser
 * column reads exactly its value's buckets.
 */
public final class AlignedBucketCuts {
  private AlignedBucketCuts() {
  }

  /**
   * {@link BucketCuts#lowerBounds}, cut as {@link #alignedStarts} cuts: column {@code column} of the sampled
   * rows with its buckets' ends put where column {@code partner}'s most common value per value of
   * {@code column} changes.
   */
  public static byte[][] alignedLowerBounds(List<SampleRow> sample, int column, int partner, long maxBuckets) {
    List<byte[]> values = new ArrayList<>();
    int[] ranks = valueIds(sample, column, values);
    int[] partnerRanks = valueIds(sample, partner, new ArrayList<>());
    int[] runSizes = new int[values.size()];
    for (int rank : ranks) {
      runSizes[rank]++;
    }
    int partners = 0;
    for (int rank : partnerRanks) {
      partners = Math.max(partners, rank + 1);
    }
    int[] starts = alignedStarts(runSizes, partnerChanges(ranks, values.size(), partnerRanks, partners), maxBuckets);
    byte[][] lowers = new byte[starts.length][];
    for (int bucket = 0; bucket < starts.length; bucket++) {
      lowers[bucket] = values.get(starts[bucket]);
    }
    return lowers;
  }

  /**
   * Per sampled row, the rank of its value of column {@code column} among the column's distinct
   * values (unsigned byte order); the distinct values, in that order, are added to {@code distinct}.
   */
  public static int[] valueIds(List<SampleRow> rows, int column, List<byte[]> distinct) {
    int count = rows.size();
    Integer[] order = new Integer[count];
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(rows.get(a).values[column], rows.get(b).values[column]));
    int[] ids = new int[count];
    for (int i = 0; i < count; i++) {
      byte[] value = rows.get(order[i]).values[column];
      if (distinct.isEmpty() || !Arrays.equals(distinct.get(distinct.size() - 1), value)) {
        distinct.add(value);
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
    int rows = ids.length;
    long[] pairs = new long[rows];
    for (int i = 0; i < rows; i++) {
      pairs[i] = (long) ids[i] * partners + partnerIds[i];
    }
    Arrays.sort(pairs);
    int[] rowsOf = new int[distinct];
    int[] mostCommon = new int[distinct];
    int i = 0;
    while (i < rows) {
      int j = i;
      while (j < rows && pairs[j] == pairs[i]) {
        j++;
      }
      int value = (int) (pairs[i] / partners);
      if (j - i > rowsOf[value]) {
        rowsOf[value] = j - i;
        mostCommon[value] = (int) (pairs[i] % partners);
      }
      i = j;
    }
    boolean[] changes = new boolean[distinct];
    for (int j = 1; j < distinct; j++) {
      changes[j] = mostCommon[j] != mostCommon[j - 1];
    }
    return changes;
  }

  /**
   * {@link BucketCuts#bucketStarts}, with cuts first where a coarser column's value changes: {@code groupStart[r]}
   * is true where run r begins a new value of that column (a city's nation, along the cities in
   * order). With fewer buckets than groups each bucket holds whole groups; with more, every group
   * boundary is a cut and the groups share the buckets in proportion to their rows (at least one
   * each, at most one per run), each cut inside as {@link BucketCuts#bucketStarts} cuts. A point query on
   * the coarser column then reads exactly its value's buckets, where cuts of equal counts would
   * straddle the groups' ends and put two groups in one bucket.
   */
  public static int[] alignedStarts(int[] runSizes, boolean[] groupStart, long maxBuckets) {
    int runs = runSizes.length;
    List<RunRange> groups = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      if (run == 0 || groupStart[run]) {
        groups.add(new RunRange(run, run + 1));
      } else {
        int last = groups.size() - 1;
        groups.set(last, groups.get(last).endingAt(run + 1));
      }
    }
    int groupCount = groups.size();
    long buckets = Math.max(1, maxBuckets);
    if (runs <= buckets || groupCount <= 1) {
      return BucketCuts.bucketStarts(runSizes, buckets);
    }
    int[] groupRows = new int[groupCount];
    long rows = 0;
    for (int i = 0; i < groupCount; i++) {
      for (int run = groups.get(i).first; run < groups.get(i).end; run++) {
        groupRows[i] += runSizes[run];
      }
      rows += groupRows[i];
    }
    if (groupCount >= buckets) {
      int[] starts = BucketCuts.bucketStarts(groupRows, buckets);
      int[] out = new int[starts.length];
      for (int bucket = 0; bucket < starts.length; bucket++) {
        out[bucket] = groups.get(starts[bucket]).first;
      }
      return out;
    }
    long[] allotted = BucketCuts.shareOut(groups, runSizes, buckets, rows);
    atMostOnePerRun(groups, groupRows, allotted);
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < groupCount; i++) {
      int from = groups.get(i).first;
      for (int start : BucketCuts.bucketStarts(Arrays.copyOfRange(runSizes, from, groups.get(i).end), allotted[i])) {
        starts.add(from + start);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * At most one bucket per run, in place: what a group's runs cannot use goes, one bucket at a
   * time, to the group whose buckets are then the largest (rows per bucket) and still has room.
   */
  private static void atMostOnePerRun(List<RunRange> groups, int[] groupRows, long[] allotted) {
    int groupCount = groups.size();
    long spare = 0;
    for (int i = 0; i < groupCount; i++) {
      int room = groups.get(i).runs();
      if (allotted[i] > room) {
        spare += allotted[i] - room;
        allotted[i] = room;
      }
    }
    for (; spare > 0; spare--) {
      int widest = -1;
      for (int i = 0; i < groupCount; i++) {
        if (allotted[i] < groups.get(i).runs()
            && (widest < 0 || (double) groupRows[i] / allotted[i] > (double) groupRows[widest] / allotted[widest])) {
          widest = i;
        }
      }
      if (widest < 0) {
        break;
      }
      allotted[widest]++;
    }
  }
}
