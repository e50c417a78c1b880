package dev.hudilayout.curve;

/**
 * The n-dimensional Hilbert curve of John Skilling ("Programming the Hilbert curve", AIP Conf.
 * Proc. 707, 2004): coordinates go to the transpose of the index ("AxestoTranspose"), and the
 * transpose interleaved bit by bit, dimension 0 first, is the index. For the same bits p and
 * dimensions n this is the index of the Python package {@code hilbertcurve}
 * ({@code HilbertCurve(p, n).distance_from_point(point)}).
 *
 * <p>Why it orders space: like z-order, the index sorts first by the coarsest grid cell and then
 * inside it, so every cell at every level is one contiguous run of keys. Unlike z-order, the cells
 * are visited so that consecutive keys are neighbouring points (one coordinate differs by one),
 * so a run of keys, and hence a file, covers a compact box instead of a few scattered ones.
 *
 * <p>Worked examples (match {@code hilbertcurve}): with 1 bit and 2 dimensions the order is
 * (0,0) (0,1) (1,1) (1,0); with 2 bits it is (0,0) (1,0) (1,1) (0,1) (0,2) (0,3) (1,3) (1,2)
 * (2,2) ... (3,0) (the first step's axis alternates with the number of bits); with 3 bits,
 * (5, 3) has index 52; with 2 bits and 3 dimensions, (1, 2, 3) has index 22.
 *
 * <p>Up to 4 dimensions the index comes from tables, a few planes per lookup, allocation free
 * ({@link HilbertTables}); above that from {@link SkillingTransform} on a copy of the coordinates.
 */
public final class HilbertCurve {
  private HilbertCurve() {}

  /**
   * The index as a long, for {@code coords.length * bitsPerDim <= 63} (so it is non-negative).
   * Allocates nothing up to 4 dimensions; above that allocates one {@code long[d]}, which
   * {@link #index(long[], int, long[])} avoids.
   *
   * @param coords unsigned coordinates, each below 2^bitsPerDim
   * @throws IllegalArgumentException if the key would need more than 63 bits or a coordinate is out
   *     of range
   */
  public static long index(long[] coords, int bitsPerDim) {
    CurveArgs.checkLongKeyShape(coords, bitsPerDim);
    HilbertTables tables = HilbertTables.forDims(coords.length);
    if (tables != null) {
      return walk(tables, ZOrderCurve.interleave(coords, coords.length, bitsPerDim), bitsPerDim);
    }
    CurveArgs.checkCoords(coords, bitsPerDim);
    return transposeAndInterleave(coords, bitsPerDim, new long[coords.length]);
  }

  /**
   * {@link #index(long[], int)} that works in {@code scratch} instead of allocating.
   *
   * @param scratch any array of at least {@code coords.length} longs; overwritten
   */
  public static long index(long[] coords, int bitsPerDim, long[] scratch) {
    CurveArgs.checkLongKeyShape(coords, bitsPerDim);
    HilbertTables tables = HilbertTables.forDims(coords.length);
    if (tables != null) {
      return walk(tables, ZOrderCurve.interleave(coords, coords.length, bitsPerDim), bitsPerDim);
    }
    CurveArgs.checkCoords(coords, bitsPerDim);
    if (scratch == null || scratch.length < coords.length) {
      throw new IllegalArgumentException(String.format(
          "scratch must hold %d longs, has %s",
          coords.length, scratch == null ? "none" : String.valueOf(scratch.length)));
    }
    return transposeAndInterleave(coords, bitsPerDim, scratch);
  }

  /**
   * The index as big-endian bytes for 1 to 64 bits per dimension and any number of dimensions:
   * unsigned lexicographic order is curve order, the array has {@code ceil(d * bitsPerDim / 8)}
   * bytes, and the unused low bits of the last byte are zero.
   *
   * @param coords unsigned coordinates, each below 2^bitsPerDim (any long if bitsPerDim is 64)
   */
  public static byte[] indexBytes(long[] coords, int bitsPerDim) {
    CurveArgs.checkCoords(coords, bitsPerDim);
    HilbertTables tables = HilbertTables.forDims(coords.length);
    if (tables != null) {
      byte[] key = ZOrderCurve.indexBytes(coords, bitsPerDim);
      walkInPlace(tables, key, bitsPerDim);
      return key;
    }
    long[] transpose = coords.clone();
    SkillingTransform.axesToTranspose(transpose, transpose.length, bitsPerDim);
    return ZOrderCurve.indexBytes(transpose, bitsPerDim);
  }

  private static long transposeAndInterleave(long[] coords, int bitsPerDim, long[] scratch) {
    int d = coords.length;
    System.arraycopy(coords, 0, scratch, 0, d);
    SkillingTransform.axesToTranspose(scratch, d, bitsPerDim);
    return ZOrderCurve.interleave(scratch, d, bitsPerDim);
  }

  /**
   * Feeds the z-order key (the input planes, top plane first) through the tables. Only the state
   * row is carried from one lookup to the next, so a key costs one dependent load per step.
   */
  private static long walk(HilbertTables tables, long zorder, int bitsPerDim) {
    char[] entries = tables.entries;
    int stepBits = tables.stepBits;
    int inputMask = (1 << stepBits) - 1;
    int row = tables.startRow(bitsPerDim);
    long index = 0;
    // The first step may reach above the key's top bit; those padding planes read as zeros.
    for (int shift = (tables.steps(bitsPerDim) - 1) * stepBits; shift >= 0; shift -= stepBits) {
      int entry = entries[row | ((int) (zorder >>> shift) & inputMask)];
      index = (index << stepBits) | (entry & inputMask);
      row = entry & ~inputMask;
    }
    return index;
  }

  /**
   * {@link #walk} over a z-order key of any length, replacing it by the Hilbert key. The reader
   * starts with the padding planes' zero bits pending and the writer drops the same number of
   * (zero) output bits; the writer never overtakes the reader, so one array serves both.
   */
  private static void walkInPlace(HilbertTables tables, byte[] key, int bitsPerDim) {
    char[] entries = tables.entries;
    int stepBits = tables.stepBits;
    int inputMask = (1 << stepBits) - 1;
    int padBits = tables.padPlanes(bitsPerDim) * tables.dims;
    int row = tables.startRow(bitsPerDim);
    long in = 0;
    int inPending = padBits;
    int inPos = 0;
    long out = 0;
    int outPending = -padBits;
    int outPos = 0;
    for (int step = tables.steps(bitsPerDim); step > 0; step--) {
      while (inPending < stepBits) {
        in = (in << 8) | (inPos < key.length ? key[inPos++] & 0xFF : 0);
        inPending += 8;
      }
      inPending -= stepBits;
      int entry = entries[row | ((int) (in >>> inPending) & inputMask)];
      row = entry & ~inputMask;
      out = (out << stepBits) | (entry & inputMask);
      outPending += stepBits;
      while (outPending >= 8) {
        outPending -= 8;
        key[outPos++] = (byte) (out >>> outPending);
      }
    }
    if (outPending > 0) {
      key[outPos] = (byte) (out << (8 - outPending));
    }
  }
}
