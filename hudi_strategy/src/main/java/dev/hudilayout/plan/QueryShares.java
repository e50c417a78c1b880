package dev.hudilayout.plan;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.grid.Box;
import dev.hudilayout.layout.grid.RegionTree;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much each sort column's point queries weigh inside one region, for the grid a region is
 * cut into when it is laid out again: the share of the partition's rows whose value on that
 * column lies in the region's range on it.
 *
 * <p>Why. A point query on column i with value v reads, in every region whose range on i holds v,
 * the files of that region's inner grid that hold v: with k_i buckets on i, 1/k_i of them. Over
 * the queries, a region is met by a share q_i of the values of column i (the rows whose value on
 * i lies in its range), so its files cost sum_i q_i * files / k_i, which for a given number of
 * files is least with k_i in proportion to q_i. A region of a grid that cut column a in two and
 * never cut column b is met by half the queries on a and by every query on b: its own grid should
 * cut b about twice as finely as a, so that the partition as a whole is cut about alike on both
 * (otherwise a point query on b reads every region's b-stretch: twice as many files as on a). A
 * region at the edge of a column that drifts (a growing timestamp) holds most of that column's
 * values, and so weighs that column most.
 *
 * <p>Shares are estimated from the partition's files (their [min, max] per column and rows in the
 * column-stats index): a file whose range on i lies inside the region's counts whole, one that
 * overlaps it in part counts half, one outside not at all.
 */
public final class QueryShares {
  private QueryShares() {
  }

  /** One file of the partition: its encoded min and max per sort column (null: unknown) and its rows. */
  public static final class FileBox {
    final byte[][] min;
    final byte[][] max;
    final long rows;

    public FileBox(byte[][] min, byte[][] max, long rows) {
      this.min = min;
      this.max = max;
      this.rows = rows;
    }
  }

  /**
   * Per sort column, the share of the queries a region meets, normalised to sum to 1; null when
   * the files hold no rows. {@code region.lower(c)} and {@code region.upper(c)} are where the region's
   * range on column c starts (inclusive) and ends (exclusive), null for an open end.
   */
  static double[] of(Box region, List<FileBox> files) {
    int d = region.columns();
    double[] met = new double[d];
    long total = 0;
    for (FileBox f : files) {
      total += f.rows;
      for (int c = 0; c < d; c++) {
        met[c] += f.rows * overlap(region.lower(c), region.upper(c), f.min == null ? null : f.min[c],
            f.max == null ? null : f.max[c]);
      }
    }
    return total == 0 || Arrays.stream(met).sum() <= 0 ? null : ColumnWeights.shares(met);
  }

  /** {@link #of} for each of the {@code regions} (paths) of {@code tree}; a region whose files hold no rows is left out. */
  public static Map<String, double[]> byRegion(RegionTree tree, Collection<String> regions,
                                                   List<FileBox> files) {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (String region : regions) {
      int number = tree.number(region);
      double[] q = number < 0 ? null : of(tree.box(number), files);
      if (q != null) {
        out.put(region, q);
      }
    }
    return out;
  }

  /** The shares of the {@code regions} among {@code shares} (those a group without new rows lays out). */
  public static Map<String, double[]> restrictedTo(Map<String, double[]> shares, Collection<String> regions) {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (String region : regions) {
      double[] q = shares.get(region);
      if (q != null) {
        out.put(region, q);
      }
    }
    return out;
  }

  /** 1 when [min, max] lies in [lo, hi), 0 when it lies outside, 1/2 when it overlaps in part or is unknown. */
  static double overlap(byte[] lo, byte[] hi, byte[] min, byte[] max) {
    if (min == null || max == null) {
      return 0.5;
    }
    boolean fromLo = lo == null || Arrays.compareUnsigned(min, lo) >= 0;
    boolean toHi = hi == null || Arrays.compareUnsigned(max, hi) < 0;
    if (fromLo && toHi) {
      return 1;
    }
    boolean below = lo != null && Arrays.compareUnsigned(max, lo) < 0;
    boolean above = hi != null && Arrays.compareUnsigned(min, hi) >= 0;
    return below || above ? 0 : 0.5;
  }

  /** Shares as group metadata text: {@code path:q,q,...} per region, ';' between regions. */
  public static String format(Map<String, double[]> shares) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, double[]> e : shares.entrySet()) {
      sb.append(sb.length() == 0 ? "" : ";").append(e.getKey()).append(':');
      double[] q = e.getValue();
      for (int c = 0; c < q.length; c++) {
        sb.append(c == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4g", q[c]));
      }
    }
    return sb.toString();
  }

  /** The shares {@link #format} wrote, by region path; empty for null or empty text. */
  static Map<String, double[]> parse(String text) {
    Map<String, double[]> out = new LinkedHashMap<>();
    if (text == null || text.isEmpty()) {
      return out;
    }
    for (String region : text.split(";")) {
      String[] parts = region.split(":");
      out.put(parts[0], Arrays.stream(parts[1].split(",")).mapToDouble(Double::parseDouble).toArray());
    }
    return out;
  }
}
