package dev.hudilayout.layout.mapping;

import java.util.Arrays;

/**
 * Direct mapping: the value's encoding, with the byte prefix that the column's min and max share
 * dropped, read as a fraction of [min, max] and scaled to {@code bits} bits. Dropping the shared
 * prefix is what lets URLs ("https://shop/...") or values far from zero (years 2000 to 2030)
 * spread over the whole curve instead of a sliver of it. Values outside [min, max] (statistics a
 * little stale) are clamped to the ends, which keeps the order.
 */
public final class RangeMapping implements ColumnMapping {
  private static final long serialVersionUID = 1L;
  private final byte[] shared;
  private final long lo;
  private final long hi;
  private final int bits;

  RangeMapping(byte[] min, byte[] max, int bits) {
    int p = 0;
    while (p < min.length && p < max.length && min[p] == max[p]) {
      p++;
    }
    this.shared = Arrays.copyOf(min, p);
    this.lo = window(min, p);
    this.hi = window(max, p);
    this.bits = bits;
  }

  /** Eight bytes from {@code from}, right-padded with zeros, as an unsigned number. */
  private static long window(byte[] v, int from) {
    long w = 0;
    for (int i = 0; i < 8; i++) {
      int idx = from + i;
      w = (w << 8) | (idx < v.length ? (v[idx] & 0xFF) : 0);
    }
    return w;
  }

  @Override
  public long coordinate(byte[] encoded, long rowHash) {
    long top = (1L << bits) - 1;
    int n = shared.length;
    int cmp = Arrays.compareUnsigned(encoded, 0, Math.min(n, encoded.length), shared, 0, n);
    if (cmp < 0) {
      return 0;
    }
    if (cmp > 0) {
      return top;
    }
    long w = window(encoded, n);
    if (Long.compareUnsigned(w, lo) <= 0) {
      return 0;
    }
    if (Long.compareUnsigned(w, hi) >= 0) {
      return top;
    }
    double frac = unsignedToDouble(w - lo) / (unsignedToDouble(hi - lo) + 1.0);
    return Math.min(top, (long) (frac * (top + 1.0)));
  }

  private static double unsignedToDouble(long v) {
    return (double) (v >>> 1) * 2.0 + (v & 1L);
  }
}
