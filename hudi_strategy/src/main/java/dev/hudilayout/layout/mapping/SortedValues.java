package dev.hudilayout.layout.mapping;

import java.io.Serializable;
import java.util.Arrays;

/**
 * Sorted encoded values (unsigned byte order) and the one search the layouts make on them: how
 * many are at or below a value. Every row of a clustering is looked up here once per sort column,
 * so the search compares 8 bytes at a time as unsigned longs, and reads the arrays only when those
 * are equal: the 8 bytes after the prefix all the values share (an encoded number's type marker
 * and high bytes, a common string prefix), where the values start to differ, and, when some
 * values agree on those (strings that share more, such as "UNITED KI1" and "UNITED ST2"), the 8
 * bytes after them.
 */
public final class SortedValues implements Serializable {
  private static final long serialVersionUID = 1L;
  private final byte[][] values;
  private final long[] prefixes;
  /** The 8 bytes after {@link #prefixes}, or null when no two values have equal prefixes. */
  private final long[] nextPrefixes;
  /** The length of the prefix every value shares. */
  private final int shared;

  public SortedValues(byte[][] sorted) {
    this.values = sorted;
    int n = sorted.length;
    int common = 0;
    if (n > 0) {
      int mismatch = Arrays.mismatch(sorted[0], sorted[n - 1]);
      common = mismatch < 0 ? sorted[0].length : mismatch;
    }
    this.shared = common;
    this.prefixes = new long[n];
    boolean ties = false;
    for (int i = 0; i < n; i++) {
      prefixes[i] = prefix(sorted[i], common);
      ties |= i > 0 && prefixes[i] == prefixes[i - 1];
    }
    this.nextPrefixes = ties ? new long[n] : null;
    for (int i = 0; ties && i < n; i++) {
      nextPrefixes[i] = prefix(sorted[i], common + 8);
    }
  }

  public int size() {
    return values.length;
  }

  /** The i-th value (the array itself: do not change it). */
  public byte[] value(int i) {
    return values[i];
  }

  /** The number of values at or below {@code v} (with {@code inclusive}), or below it. */
  int count(byte[] v, boolean inclusive) {
    int n = values.length;
    if (n == 0) {
      return 0;
    }
    int within = Math.min(shared, v.length);
    int mismatch = Arrays.mismatch(v, 0, within, values[0], 0, within);
    if (mismatch >= 0) {
      // v leaves the shared prefix: it is below or above every value
      return (v[mismatch] & 0xFF) < (values[0][mismatch] & 0xFF) ? 0 : n;
    }
    if (v.length < shared) {
      return 0;  // a proper prefix of every value
    }
    long p = prefix(v, shared);
    long next = nextPrefixes == null ? 0 : prefix(v, shared + 8);
    return CutSearch.countBelow(n, i -> {
      int c = Long.compareUnsigned(prefixes[i], p);
      if (c == 0 && nextPrefixes != null) {
        c = Long.compareUnsigned(nextPrefixes[i], next);
      }
      if (c == 0) {
        c = Arrays.compareUnsigned(values[i], v);
      }
      return c < 0 || (inclusive && c == 0);
    });
  }

  /** The number of values at or below {@code v}. */
  public int atOrBelow(byte[] v) {
    return count(v, true);
  }

  /** The first 8 bytes, big-endian, zero-padded. */
  public static long prefix(byte[] b) {
    return prefix(b, 0);
  }

  /**
   * The 8 bytes from {@code from}, big-endian, zero-padded. For arrays equal before {@code from},
   * unequal prefixes order as the arrays do: they differ at a byte both arrays have, or the
   * shorter array is a proper prefix of the longer.
   */
  public static long prefix(byte[] b, int from) {
    long p = 0;
    for (int i = from; i < from + 8; i++) {
      p = (p << 8) | (i < b.length ? b[i] & 0xFF : 0);
    }
    return p;
  }
}
