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
    for (double w : weights) {
      sum += w;
    }
    double[] p = new double[weights.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = weights[i] / sum;
    }
    return p;
  }

  /**
   * Real-valued buckets per column for {@code files} files; 0 for a dropped column (and for a
   * zero weight). For one file every weighted column gets 1: nothing is cut, nothing dropped.
   */
  public static double[] buckets(double[] shares, int files) {
    int d = shares.length;
    boolean[] active = new boolean[d];
    for (int i = 0; i < d; i++) {
      active[i] = shares[i] > 0;
    }
    double[] k = new double[d];
    if (files <= 1) {
      // one file: no column is cut, none is left out for lack of weight (a zero weight still is)
      for (int i = 0; i < d; i++) {
        k[i] = active[i] ? 1 : 0;
      }
      return k;
    }
    double logN = Math.log(files);
    while (true) {
      int n = 0;
      double logProduct = 0;
      for (int i = 0; i < d; i++) {
        if (active[i]) {
          n++;
          logProduct += Math.log(shares[i]);
        }
      }
      double logScale = (logN - logProduct) / n;
      int smallest = -1;
      for (int i = 0; i < d; i++) {
        k[i] = active[i] ? Math.exp(Math.log(shares[i]) + logScale) : 0;
        if (active[i] && k[i] < 1 - 1e-9 && (smallest < 0 || k[i] < k[smallest])) {
          smallest = i;
        }
      }
      if (smallest < 0 || n == 1) {
        return k;
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
    int n = Math.max(1, files);
    double[] real = buckets(shares, n);
    int d = shares.length;
    int[] k = new int[d];
    for (int i = 0; i < d; i++) {
      k[i] = Math.max(1, (int) Math.floor(real[i] + 1e-9));
    }
    while (true) {
      int best = -1;
      double bestGain = 0;
      for (int i = 0; i < d; i++) {
        if (real[i] == 0 || product(k) / k[i] * (k[i] + 1) > n) {
          continue;
        }
        double gain = shares[i] / k[i] - shares[i] / (k[i] + 1);
        if (gain > bestGain * (1 + 1e-12)) {
          best = i;
          bestGain = gain;
        }
      }
      if (best < 0) {
        return k;
      }
      k[best]++;
    }
  }

  private static long product(int[] k) {
    long p = 1;
    for (int ki : k) {
      p *= ki;
    }
    return p;
  }

  /**
   * Per column, the share of the curve's range its coordinate spans: k_i / max k. A column with
   * fewer buckets is squeezed into the low end of its axis, so the curve's first splits fall on
   * the heavier columns and each column's split count follows its buckets. 0 for a dropped column.
   */
  public static double[] scales(double[] buckets) {
    double max = 0;
    for (double k : buckets) {
      max = Math.max(max, k);
    }
    double[] s = new double[buckets.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = max > 0 ? buckets[i] / max : 1;
    }
    return s;
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
      double k = buckets[i];
      parts[i] = k == Math.rint(k) ? String.valueOf((long) k) : String.format(Locale.ROOT, "%.1f", k);
    }
    return String.join(",", parts);
  }

  /** Whole buckets as doubles. */
  public static double[] asDoubles(int[] k) {
    return Arrays.stream(k).asDoubleStream().toArray();
  }
}
