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
  /** The 8 bytes after the shared prefix of the column's min, and of its max. */
  private final long low;
  private final long high;
  private final int bits;

  RangeMapping(byte[] min, byte[] max, int bits) {
    int sharedLength = 0;
    while (sharedLength < min.length && sharedLength < max.length && min[sharedLength] == max[sharedLength]) {
      sharedLength++;
    }
    this.shared = Arrays.copyOf(min, sharedLength);
    this.low = window(min, sharedLength);
    this.high = window(max, sharedLength);
    this.bits = bits;
  }

  /** Eight bytes from {@code from}, right-padded with zeros, as an unsigned number. */
  private static long window(byte[] value, int from) {
    long out = 0;
    for (int i = 0; i < 8; i++) {
      int index = from + i;
      out = (out << 8) | (index < value.length ? (value[index] & 0xFF) : 0);
    }
    return out;
  }

  @Override
  public long coordinate(byte[] encoded, long rowHash) {
    long top = (1L << bits) - 1;
    int prefixLength = shared.length;
    int cmp = Arrays.compareUnsigned(encoded, 0, Math.min(prefixLength, encoded.length), shared, 0, prefixLength);
    if (cmp < 0) {
      return 0;
    }
    if (cmp > 0) {
      return top;
    }
    long position = window(encoded, prefixLength);
    if (Long.compareUnsigned(position, low) <= 0) {
      return 0;
    }
    if (Long.compareUnsigned(position, high) >= 0) {
      return top;
    }
    double frac = unsignedToDouble(position - low) / (unsignedToDouble(high - low) + 1.0);
    return Math.min(top, (long) (frac * (top + 1.0)));
  }

  private static double unsignedToDouble(long value) {
    return (double) (value >>> 1) * 2.0 + (value & 1L);
  }
}
