package dev.hudilayout.curve;

/** Argument checks shared by the curves, so every curve rejects bad input with the same words. */
final class CurveArgs {
  /** Widest key the {@code long} forms produce: 63 bits keeps the key non-negative as a signed long. */
  static final int MAX_LONG_KEY_BITS = 63;

  /** Widest coordinate the byte forms take: a full unsigned long. */
  static final int MAX_BITS_PER_DIM = 64;

  private CurveArgs() {}

  /**
   * Checks the dimensions and bits of a {@code long}-form index (the key must fit in 63 bits),
   * leaving the coordinates to {@link #checkBelow}, which the fast paths call on values they have
   * loaded anyway.
   */
  static void checkLongKeyShape(long[] coords, int bitsPerDim) {
    checkShape(coords, bitsPerDim);
    if ((long) coords.length * bitsPerDim > MAX_LONG_KEY_BITS) {
      throw new IllegalArgumentException(String.format(
          "A long key holds at most %d bits, but %d dimensions x %d bits = %d; use indexBytes",
          MAX_LONG_KEY_BITS, coords.length, bitsPerDim, (long) coords.length * bitsPerDim));
    }
  }

  /** Throws unless {@code anyCoord}, the OR of coordinates, is below 2^bitsPerDim (at most 63). */
  static void checkBelow(long anyCoord, int bitsPerDim, long[] coords) {
    if ((anyCoord >>> bitsPerDim) != 0) {
      throw outOfRange(coords, bitsPerDim);
    }
  }

  /** Checks dimensions, bits and that every coordinate is an unsigned value below 2^bitsPerDim. */
  static void checkCoords(long[] coords, int bitsPerDim) {
    checkShape(coords, bitsPerDim);
    if (bitsPerDim == Long.SIZE) {
      return;
    }
    long any = 0;
    for (long c : coords) {
      any |= c;
    }
    checkBelow(any, bitsPerDim, coords);
  }

  private static void checkShape(long[] coords, int bitsPerDim) {
    if (coords == null || coords.length == 0) {
      throw new IllegalArgumentException("A curve needs at least one coordinate");
    }
    if (bitsPerDim < 1 || bitsPerDim > MAX_BITS_PER_DIM) {
      throw new IllegalArgumentException(String.format(
          "bitsPerDim must be in 1..%d, was %d", MAX_BITS_PER_DIM, bitsPerDim));
    }
  }

  private static IllegalArgumentException outOfRange(long[] coords, int bitsPerDim) {
    return new IllegalArgumentException(String.format(
        "Coordinates must be unsigned values below 2^%d, got %s",
        bitsPerDim, java.util.Arrays.toString(coords)));
  }

  /** Bytes of a key of {@code dims * bitsPerDim} bits. */
  static int keyBytes(int dims, int bitsPerDim) {
    long bits = (long) dims * bitsPerDim;
    if (bits > 8L * (Integer.MAX_VALUE - 8)) {
      throw new IllegalArgumentException("Key of " + bits + " bits does not fit in a byte array");
    }
    return (int) ((bits + 7) >>> 3);
  }
}
