package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.mapping.AlignedBucketCuts;
import dev.hudilayout.layout.mapping.BucketCuts;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The sampled rows the grid search reads, as ranks: per column and row, how many sampled values
 * are below the row's value ({@link #low}) and at or below it ({@link #high}). Over a column's
 * values (10, 20, 20, 30) the rows rank low 0, 1, 1, 3 and high 1, 3, 3, 4. The search compares
 * grids on these ranks alone, never on the values.
 */
final class Ranks {
  /** The sampled rows. */
  final int rows;
  /** The sort columns. */
  final int columns;
  final int[][] low;
  final int[][] high;
  /** Per column, its distinct values. */
  final int[] distinct;
  /** Per column, the low rank of each distinct value. */
  final int[][] valueLows;
  /** Per column and row: the index of the row's value among the column's distinct values. */
  final int[][] valueIndex;
  /** Per column and bucket count: the bucket of each distinct value. */
  private final Map<Long, int[]> bucketsOfValues = new HashMap<>();

  Ranks(List<SampleRow> sample, int columns) {
    this.rows = sample.size();
    this.columns = columns;
    low = new int[columns][rows];
    high = new int[columns][rows];
    distinct = new int[columns];
    valueLows = new int[columns][];
    valueIndex = new int[columns][rows];
    Integer[] order = new Integer[rows];
    for (int column = 0; column < columns; column++) {
      final int sortColumn = column;
      for (int i = 0; i < rows; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.comparing((Integer i) -> sample.get(i).values[sortColumn], Arrays::compareUnsigned));
      List<Integer> starts = new ArrayList<>();
      int i = 0;
      while (i < rows) {
        int j = i;
        byte[] value = sample.get(order[i]).values[column];
        while (j < rows && Arrays.equals(sample.get(order[j]).values[column], value)) {
          j++;
        }
        for (int sorted = i; sorted < j; sorted++) {
          low[column][order[sorted]] = i;
          high[column][order[sorted]] = j;
          valueIndex[column][order[sorted]] = starts.size();
        }
        starts.add(i);
        i = j;
      }
      distinct[column] = starts.size();
      valueLows[column] = starts.stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /**
   * The bucket of each of {@code column}'s distinct values when the column is cut into {@code buckets}
   * buckets as {@link AlignedCells#fromSample} cuts it: whole values, about equal counts; with a
   * {@code partner} column (not -1), cut where the partner's most common value changes first
   * ({@link AlignedBucketCuts#alignedStarts}).
   */
  int[] bucketOfValue(int column, int buckets, int partner) {
    return bucketsOfValues.computeIfAbsent(((long) column << 48) | ((long) (partner + 1) << 32) | buckets, key -> {
      int[] lows = valueLows[column];
      int[] runSizes = new int[lows.length];
      for (int j = 0; j < lows.length; j++) {
        runSizes[j] = (j + 1 < lows.length ? lows[j + 1] : rows) - lows[j];
      }
      int[] starts = partner < 0 ? BucketCuts.bucketStarts(runSizes, buckets)
          : AlignedBucketCuts.alignedStarts(runSizes, partnerChanges(column, partner), buckets);
      int[] out = new int[lows.length];
      for (int bucket = 0, j = 0; j < lows.length; j++) {
        while (bucket + 1 < starts.length && starts[bucket + 1] <= j) {
          bucket++;
        }
        out[j] = bucket;
      }
      return out;
    });
  }

  /**
   * Per distinct value of {@code column} in order: whether its most common {@code partner} value
   * differs from the previous value's (the partner's groups along {@code column}).
   */
  boolean[] partnerChanges(int column, int partner) {
    return AlignedBucketCuts.partnerChanges(valueIndex[column], distinct[column], valueIndex[partner], distinct[partner]);
  }
}
