package dev.hudilayout.curve;

/** Bit interleaving, most significant bit first, dimension 0 taking the highest bit of each round. */
public final class ZOrderCurve {
  private ZOrderCurve() {
  }

  public static long index(long[] coords, int bitsPerDim) {
    long key = 0;
    for (int bit = bitsPerDim - 1; bit >= 0; bit--) {
      for (long c : coords) {
        key = (key << 1) | ((c >>> bit) & 1L);
      }
    }
    return key;
  }
}
