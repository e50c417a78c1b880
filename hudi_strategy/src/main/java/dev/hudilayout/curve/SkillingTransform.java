package dev.hudilayout.curve;

/**
 * John Skilling's "AxestoTranspose" (Programming the Hilbert curve, AIP Conf. Proc. 707, 381
 * (2004)): turns coordinates into the "transpose" of their Hilbert index, i.e. the index whose bits,
 * taken level by level with dimension 0 first, are the Hilbert index. Interleaving the transpose
 * with {@link ZOrderCurve} therefore gives the index.
 *
 * <p>The paper's loops, with the data-dependent branches replaced by masks because on real data
 * every branch is a coin toss for the branch predictor:
 * <pre>
 *   for Q = 2^(b-1) down to 2, P = Q - 1:            // "inverse undo excess work"
 *     for i = 0 .. n-1:
 *       if (X[i] &amp; Q) X[0] ^= P                      // invert the low bits of X[0]
 *       else { t = (X[0] ^ X[i]) &amp; P; X[0] ^= t; X[i] ^= t }   // exchange low bits
 *   for i = 1 .. n-1: X[i] ^= X[i-1]                  // Gray encode
 *   t = 0; for Q = 2^(b-1) down to 2: if (X[n-1] &amp; Q) t ^= Q - 1
 *   for i = 0 .. n-1: X[i] ^= t
 * </pre>
 * This is the general path, O(b * n) per point; {@link HilbertTables} runs the same rule one bit
 * plane at a time from tables for up to four dimensions.
 */
final class SkillingTransform {
  private SkillingTransform() {}

  /**
   * Replaces {@code x[0..dims-1]}, coordinates below 2^bits, by the transpose of their Hilbert index.
   */
  static void axesToTranspose(long[] x, int dims, int bits) {
    for (int level = bits - 1; level >= 1; level--) {
      long lower = (1L << level) - 1;
      long x0 = x[0];
      // i = 0: exchanging X[0] with itself does nothing, so only the inversion can happen.
      x0 ^= lower & -((x0 >>> level) & 1);
      for (int i = 1; i < dims; i++) {
        long xi = x[i];
        long bitSet = -((xi >>> level) & 1);
        x0 ^= lower & bitSet;
        long t = (x0 ^ xi) & lower & ~bitSet;
        x0 ^= t;
        x[i] = xi ^ t;
      }
      x[0] = x0;
    }
    for (int i = 1; i < dims; i++) {
      x[i] ^= x[i - 1];
    }
    // Bit j of t is the parity of the bits of X[n-1] above j: a suffix XOR, done by doubling.
    long t = x[dims - 1] >>> 1;
    t ^= t >>> 1;
    t ^= t >>> 2;
    t ^= t >>> 4;
    t ^= t >>> 8;
    t ^= t >>> 16;
    t ^= t >>> 32;
    for (int i = 0; i < dims; i++) {
      x[i] ^= t;
    }
  }
}
