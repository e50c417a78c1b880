package dev.hudilayout.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How many buckets each sort column earns from its weight (its share of the queries).
 *
 * <p>With N files cut into k_i slices along column i (prod k_i = N), a point query on column i
 * reads about N / k_i files, so a workload with shares p_i reads sum p_i N / k_i on average. That
 * sum is smallest when k_i is proportional to p_i: k_i = p_i (N / prod p_j)^(1/d), giving
 * d * GM(p) * N^((d-1)/d) files. A column whose k_i comes out below 1 cannot be given even one
 * cut: it is dropped (k_i = 0 here) and the others are allotted again without it.
 */
public final class ColumnWeights {

  private ColumnWeights() {
  }

  /** Shares summing to 1 from non-negative weights with a positive sum. */
  public static double[] shares(double[] weights) {
    double sum = 0;
    for (double weight : weights) {
      sum += weight;
    }
    double[] out = new double[weights.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = weights[i] / sum;
    }
    return out;
  }

  /**
   * Real-valued buckets per column for {@code files} files; 0 for a dropped column (and for a
   * zero weight). For one file every weighted column gets 1: nothing is cut, nothing dropped.
   */
  public static double[] buckets(double[] shares, int files) {
    int columns = shares.length;
    boolean[] active = new boolean[columns];
    for (int i = 0; i < columns; i++) {
      active[i] = shares[i] > 0;
    }
    double[] out = new double[columns];
    if (files <= 1) {
      // one file: no column is cut, none is left out for lack of weight (a zero weight still is)
      for (int i = 0; i < columns; i++) {
        out[i] = active[i] ? 1 : 0;
      }
      return out;
    }
    double logFiles = Math.log(files);
    while (true) {
      int activeCount = 0;
      double logProduct = 0;
      for (int i = 0; i < columns; i++) {
        if (active[i]) {
          activeCount++;
          logProduct += Math.log(shares[i]);
        }
      }
      double logScale = (logFiles - logProduct) / activeCount;
      int smallest = -1;
      for (int i = 0; i < columns; i++) {
        out[i] = active[i] ? Math.exp(Math.log(shares[i]) + logScale) : 0;
        if (active[i] && out[i] < 1 - 1e-9 && (smallest < 0 || out[i] < out[smallest])) {
          smallest = i;
        }
      }
      if (smallest < 0 || activeCount == 1) {
        return out;
      }
      active[smallest] = false;
    }
  }

  /**
   * Whole buckets per column for the aligned grid: the real-valued allotment rounded down (at
   * least 1; 1 for a dropped column, which then has no cut), then grown one bucket at a time where
   * it lowers the expected files per query most, while the product stays at most {@code files}.
   */
  public static int[] integerBuckets(double[] shares, int files) {
    int fileCount = Math.max(1, files);
    double[] real = buckets(shares, fileCount);
    int columns = shares.length;
    int[] out = new int[columns];
    for (int i = 0; i < columns; i++) {
      out[i] = Math.max(1, (int) Math.floor(real[i] + 1e-9));
    }
    while (true) {
      int best = -1;
      double bestGain = 0;
      for (int i = 0; i < columns; i++) {
        if (real[i] == 0 || product(out) / out[i] * (out[i] + 1) > fileCount) {
          continue;
        }
        double gain = shares[i] / out[i] - shares[i] / (out[i] + 1);
        if (gain > bestGain * (1 + 1e-12)) {
          best = i;
          bestGain = gain;
        }
      }
      if (best < 0) {
        return out;
      }
      out[best]++;
    }
  }

  private static long product(int[] counts) {
    long out = 1;
    for (int count : counts) {
      out *= count;
    }
    return out;
  }

  /**
   * Per column, the share of the curve's range its coordinate spans: k_i / max k. A column with
   * fewer buckets is squeezed into the low end of its axis, so the curve's first splits fall on
   * the heavier columns and each column's split count follows its buckets. 0 for a dropped column.
   */
  public static double[] scales(double[] buckets) {
    double max = 0;
    for (double bucketCount : buckets) {
      max = Math.max(max, bucketCount);
    }
    double[] out = new double[buckets.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = max > 0 ? buckets[i] / max : 1;
    }
    return out;
  }

  /** Indices of the dropped columns (no bucket earned). */
  public static List<Integer> dropped(double[] buckets) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < buckets.length; i++) {
      if (buckets[i] == 0) {
        out.add(i);
      }
    }
    return out;
  }

  /** Buckets as text for commit metadata: "22,11,4" or "22.9,11.5,3.8". */
  public static String format(double[] buckets) {
    String[] parts = new String[buckets.length];
    for (int i = 0; i < parts.length; i++) {
      double bucketCount = buckets[i];
      parts[i] = bucketCount == Math.rint(bucketCount) ? String.valueOf((long) bucketCount)
          : String.format(Locale.ROOT, "%.1f", bucketCount);
    }
    return String.join(",", parts);
  }

  /** Whole buckets as doubles. */
  public static double[] asDoubles(int[] counts) {
    return Arrays.stream(counts).asDoubleStream().toArray();
  }
}

