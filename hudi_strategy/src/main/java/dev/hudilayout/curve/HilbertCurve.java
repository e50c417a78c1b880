package dev.hudilayout.curve;

/** n-dimensional Hilbert index by Skilling's transform (axes to transpose, then interleave). */
public final class HilbertCurve {
  private HilbertCurve() {
  }

  public static long index(long[] coords, int bitsPerDim) {
    int n = coords.length;
    long[] x = coords.clone();
    long m = 1L << (bitsPerDim - 1);
    for (long q = m; q > 1; q >>>= 1) {
      long p = q - 1;
      for (int i = 0; i < n; i++) {
        if ((x[i] & q) != 0) {
          x[0] ^= p;
        } else {
          long t = (x[0] ^ x[i]) & p;
          x[0] ^= t;
          x[i] ^= t;
        }
      }
    }
    for (int i = 1; i < n; i++) {
      x[i] ^= x[i - 1];
    }
    long t = 0;
    for (long q = m; q > 1; q >>>= 1) {
      if ((x[n - 1] & q) != 0) {
        t ^= q - 1;
      }
    }
    for (int i = 0; i < n; i++) {
      x[i] ^= t;
    }
    return ZOrderCurve.index(x, bitsPerDim);
  }
}
