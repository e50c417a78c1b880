package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage "grid", across the partitions of one clustering: how much of the table's point queries on
 * each sort column reach a partition at all, so that a partition's grid is weighed by the queries
 * that will read it.
 *
 * <p>Why. A point query on column c with value v reads, in a partition, only files whose range on
 * c holds v; a partition whose values of c span a small stretch of the table's (a date partition
 * and its date or timestamp column, an id that grows with time) is met by few of the queries on c
 * and by every query on a column whose values each partition holds. Cutting such a partition on c
 * serves few queries and costs the cuts the other columns needed: with four files a partition,
 * a cut on the date column leaves one of the others uncut, and every query on it reads all four.
 * So a partition's columns weigh what they reach: the share of the table's rows whose value on c
 * lies within the partition's [min, max] on c, the same measure {@code plan/QueryShares} takes for
 * a region inside its partition.
 *
 * <p>Estimated from the clustering's samples: the table is the instant's uniform sample of all its
 * groups' rows, a partition's range the [min, max] of its sampled rows. A clustering of one
 * partition has nothing to compare with, and reaches everything.
 */
public final class PartitionReach {
  private PartitionReach() {
  }

  /**
   * Per partition, each sort column's reach in (0, 1]: the share of the {@code uniform} rows (the
   * table) whose value on the column lies within the partition's range of it, from its rows in
   * {@code byPartition} (as (hits + 1) / (rows + 1), so a sample never reads a column as
   * unreachable). Empty with fewer than two partitions: nothing to compare with.
   */
  public static Map<String, double[]> of(List<SampleRow> uniform, Map<String, List<SampleRow>> byPartition) {
    if (byPartition.size() < 2 || uniform.isEmpty()) {
      return Collections.emptyMap();
    }
    int columns = uniform.get(0).values.length;
    byte[][][] sorted = new byte[columns][][];
    for (int column = 0; column < columns; column++) {
      final int sortColumn = column;
      sorted[column] = uniform.stream().map(row -> row.values[sortColumn]).filter(value -> value != null)
          .sorted(Arrays::compareUnsigned).toArray(byte[][]::new);
    }
    Map<String, double[]> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<SampleRow>> partition : byPartition.entrySet()) {
      double[] reach = new double[columns];
      for (int column = 0; column < columns; column++) {
        byte[] min = null;
        byte[] max = null;
        for (SampleRow row : partition.getValue()) {
          byte[] value = row.values[column];
          if (value != null) {
            min = min == null || Arrays.compareUnsigned(value, min) < 0 ? value : min;
            max = max == null || Arrays.compareUnsigned(value, max) > 0 ? value : max;
          }
        }
        int hits = min == null ? 0 : count(sorted[column], max, true) - count(sorted[column], min, false);
        reach[column] = (hits + 1.0) / (uniform.size() + 1.0);
      }
      out.put(partition.getKey(), reach);
    }
    return out;
  }

  /**
   * Column weights for a partition's grid: {@code shares} (null: columns alike) times its
   * {@code reach}, as shares again; {@code shares} itself when {@code reach} is null.
   */
  public static double[] weigh(double[] shares, double[] reach) {
    if (reach == null) {
      return shares;
    }
    double[] weights = new double[reach.length];
    for (int column = 0; column < weights.length; column++) {
      weights[column] = (shares == null ? 1.0 : shares[column]) * reach[column];
    }
    return Arrays.stream(weights).sum() > 0 ? ColumnWeights.shares(weights) : shares;
  }

  /** How many of {@code sorted} are below {@code value} (or at most {@code value}, when {@code inclusive}). */
  private static int count(byte[][] sorted, byte[] value, boolean inclusive) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      int cmp = Arrays.compareUnsigned(sorted[mid], value);
      if (cmp < 0 || (inclusive && cmp == 0)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
