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
    int count = sorted.length;
    int common = 0;
    if (count > 0) {
      int mismatch = Arrays.mismatch(sorted[0], sorted[count - 1]);
      common = mismatch < 0 ? sorted[0].length : mismatch;
    }
    this.shared = common;
    this.prefixes = new long[count];
    boolean ties = false;
    for (int i = 0; i < count; i++) {
      prefixes[i] = prefix(sorted[i], common);
      ties |= i > 0 && prefixes[i] == prefixes[i - 1];
    }
    this.nextPrefixes = ties ? new long[count] : null;
    for (int i = 0; ties && i < count; i++) {
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

  /** The number of values at or below {@code value} (with {@code inclusive}), or below it. */
  int count(byte[] value, boolean inclusive) {
    int count = values.length;
    if (count == 0) {
      return 0;
    }
    int within = Math.min(shared, value.length);
    int mismatch = Arrays.mismatch(value, 0, within, values[0], 0, within);
    if (mismatch >= 0) {
      // v leaves the shared prefix: it is below or above every value
      return (value[mismatch] & 0xFF) < (values[0][mismatch] & 0xFF) ? 0 : count;
    }
    if (value.length < shared) {
      return 0;  // a proper prefix of every value
    }
    long valuePrefix = prefix(value, shared);
    long next = nextPrefixes == null ? 0 : prefix(value, shared + 8);
    return CutSearch.countBelow(count, i -> {
      int comparison = Long.compareUnsigned(prefixes[i], valuePrefix);
      if (comparison == 0 && nextPrefixes != null) {
        comparison = Long.compareUnsigned(nextPrefixes[i], next);
      }
      if (comparison == 0) {
        comparison = Arrays.compareUnsigned(values[i], value);
      }
      return comparison < 0 || (inclusive && comparison == 0);
    });
  }

  /** The number of values at or below {@code value}. */
  public int atOrBelow(byte[] value) {
    return count(value, true);
  }

  /** The first 8 bytes, big-endian, zero-padded. */
  public static long prefix(byte[] bytes) {
    return prefix(bytes, 0);
  }

  /**
   * The 8 bytes from {@code from}, big-endian, zero-padded. For arrays equal before {@code from},
   * unequal prefixes order as the arrays do: they differ at a byte both arrays have, or the
   * shorter array is a proper prefix of the longer.
   */
  public static long prefix(byte[] bytes, int from) {
    long out = 0;
    for (int i = from; i < from + 8; i++) {
      out = (out << 8) | (i < bytes.length ? bytes[i] & 0xFF : 0);
    }
    return out;
  }
}
