package dev.hudilayout.curve;

/**
 * The z-order (Morton) curve: the key takes the most significant bit of every coordinate, then the
 * next bit of every coordinate, and so on; within each round dimension 0 gives the highest bit.
 *
 * <p>Why this orders space: comparing two keys finds the first round where they differ, i.e. the
 * highest bit level at which some coordinate differs, so the key sorts first by the coarsest grid
 * cell (halving every axis), then by the sub-cell inside it. Points in one cell of any level are
 * contiguous in the key order, which is what lets a file's min/max skip a predicate on any column.
 *
 * <p>Worked example, two dimensions of 3 bits, x = 5 = 0b101, y = 3 = 0b011: rounds (x2 y2) (x1 y1)
 * (x0 y0) = (1 0) (0 1) (1 1), key 0b10_01_11 = 39.
 *
 * <p>Coordinates are unsigned values below 2^bitsPerDim: map signed or floating values first (see
 * {@code dev.hudilayout.encoding.OrderedBytes}).
 */
public final class ZOrderCurve {
  /** The byte writer's accumulator holds at most 7 pending bits, so a chunk may add 56 more. */
  private static final int CHUNK_BITS = 56;

  private ZOrderCurve() {}

  /**
   * The key as a long, for {@code coords.length * bitsPerDim <= 63}: the key is then non-negative,
   * so signed and unsigned comparison both give curve order.
   *
   * @param coords unsigned coordinates, each below 2^bitsPerDim
   * @throws IllegalArgumentException if the key would need more than 63 bits or a coordinate is out
   *     of range
   */
  public static long index(long[] coords, int bitsPerDim) {
    CurveArgs.checkLongKeyShape(coords, bitsPerDim);
    return interleave(coords, coords.length, bitsPerDim);
  }

  /**
   * Interleaves the first {@code d} coordinates, checking on the way that they are below
   * 2^bits (bits <= 63). Bit j of dimension i lands at bit {@code j * d + (d - 1 - i)} whatever the
   * number of bits, so only d picks the method.
   */
  static long interleave(long[] c, int d, int bits) {
    switch (d) {
      case 1:
        CurveArgs.checkBelow(c[0], bits, c);
        return c[0];
      case 2: {
        long x = c[0];
        long y = c[1];
        CurveArgs.checkBelow(x | y, bits, c);
        return (BitSpread.spread2(x) << 1) | BitSpread.spread2(y);
      }
      case 3: {
        long x = c[0];
        long y = c[1];
        long z = c[2];
        CurveArgs.checkBelow(x | y | z, bits, c);
        return (BitSpread.spread3(x) << 2) | (BitSpread.spread3(y) << 1) | BitSpread.spread3(z);
      }
      case 4: {
        long x = c[0];
        long y = c[1];
        long z = c[2];
        long w = c[3];
        CurveArgs.checkBelow(x | y | z | w, bits, c);
        return (BitSpread.spread4(x) << 3) | (BitSpread.spread4(y) << 2)
            | (BitSpread.spread4(z) << 1) | BitSpread.spread4(w);
      }
      default:
        // At most 12 bits per coordinate here (5 * 12 <= 63), so one or two table lookups each.
        long[] table = BitSpread.table(d);
        long any = 0;
        long key = 0;
        for (int i = 0; i < d; i++) {
          long spread = 0;
          long x = c[i];
          any |= x;
          for (long shift = 0; x != 0; x >>>= 8, shift += 8L * d) {
            spread |= table[(int) (x & 0xFF)] << shift;
          }
          key |= spread << (d - 1 - i);
        }
        CurveArgs.checkBelow(any, bits, c);
        return key;
    }
  }

  /**
   * The key as big-endian bytes for any number of dimensions and 1 to 64 bits per dimension.
   * Unsigned lexicographic order of the arrays is curve order (compare them with
   * {@link java.util.Arrays#compareUnsigned(byte[], byte[])}). The array has
   * {@code ceil(d * bitsPerDim / 8)} bytes; the unused low bits of the last byte are zero, so for
   * {@code d * bitsPerDim <= 63} the bytes are the long key shifted to the top of the array.
   *
   * @param coords unsigned coordinates, each below 2^bitsPerDim (any long if bitsPerDim is 64)
   */
  public static byte[] indexBytes(long[] coords, int bitsPerDim) {
    CurveArgs.checkCoords(coords, bitsPerDim);
    byte[] out = new byte[CurveArgs.keyBytes(coords.length, bitsPerDim)];
    if (coords.length > CHUNK_BITS) {
      interleaveBitByBit(coords, bitsPerDim, out);
    } else {
      interleaveInChunks(coords, bitsPerDim, out);
    }
    return out;
  }

  /**
   * Takes as many bit levels at a time as fit 56 bits of key, interleaves them like the long form
   * and appends them to the bytes. Example: 3 dimensions of 64 bits go in chunks of 18, 18, 18 and
   * 10 levels.
   */
  private static void interleaveInChunks(long[] coords, int bitsPerDim, byte[] out) {
    int d = coords.length;
    int levelsPerChunk = CHUNK_BITS / d;
    long pendingBits = 0;
    int pending = 0;
    int pos = 0;
    for (int high = bitsPerDim; high > 0; ) {
      int levels = Math.min(levelsPerChunk, high);
      int low = high - levels;
      long levelMask = (1L << levels) - 1;
      long chunk = 0;
      for (int i = 0; i < d; i++) {
        chunk |= BitSpread.spread((coords[i] >>> low) & levelMask, d) << (d - 1 - i);
      }
      pendingBits = (pendingBits << (levels * d)) | chunk;
      pending += levels * d;
      while (pending >= 8) {
        pending -= 8;
        out[pos++] = (byte) (pendingBits >>> pending);
      }
      high = low;
    }
    if (pending > 0) {
      out[pos] = (byte) (pendingBits << (8 - pending));
    }
  }

  /** More than 56 dimensions: one level is wider than a chunk, so place bit by bit. */
  private static void interleaveBitByBit(long[] coords, int bitsPerDim, byte[] out) {
    int d = coords.length;
    int bit = 0;
    for (int level = bitsPerDim - 1; level >= 0; level--) {
      for (int i = 0; i < d; i++, bit++) {
        if (((coords[i] >>> level) & 1) != 0) {
          out[bit >>> 3] |= (byte) (0x80 >>> (bit & 7));
        }
      }
    }
  }
}
