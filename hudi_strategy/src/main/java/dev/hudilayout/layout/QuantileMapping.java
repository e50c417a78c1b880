package dev.hudilayout.layout;

import java.util.Arrays;
import java.util.List;

/**
 * Sample mapping: the coordinate is the quantile bucket the value falls in. With sample values
 * (a, b, c, d, e, f) sorted and 3 buckets the cut points are (c, e); a value below c is bucket 0,
 * from c up to (not including) e bucket 1, from e on bucket 2.
 */
public final class QuantileMapping implements ColumnMapping {
  private static final long serialVersionUID = 1L;
  private final byte[][] cuts;

  QuantileMapping(byte[][] cuts) {
    this.cuts = cuts;
  }

  /** Cut points for {@code buckets} equal-count buckets of the sorted sample. */
  static QuantileMapping fromSorted(List<byte[]> sorted, long buckets) {
    int m = sorted.size();
    int k = (int) Math.max(1, Math.min(buckets, m));
    byte[][] cuts = new byte[k - 1][];
    for (int j = 1; j < k; j++) {
      cuts[j - 1] = sorted.get((int) ((long) j * m / k));
    }
    return new QuantileMapping(cuts);
  }

  @Override
  public long coordinate(byte[] encoded) {
    // number of cuts <= value
    int lo = 0;
    int hi = cuts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(cuts[mid], encoded) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
