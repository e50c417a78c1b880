package dev.hudilayout.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast Hilbert index against Skilling's loops written out plainly, and the curve's defining
 * properties on small grids checked exhaustively. Expected values in comments were computed by hand
 * from Skilling's loops and agree with the Python package {@code hilbertcurve}.
 */
class HilbertCurveTest {
  private static final long SEED = 20240602L;

  /** Skilling's AxestoTranspose as printed in the paper, branches and all. */
  static long[] referenceTranspose(long[] point, int bits) {
    long[] x = point.clone();
    int n = x.length;
    for (int level = bits - 1; level >= 1; level--) {
      long q = 1L << level;
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
    for (int level = bits - 1; level >= 1; level--) {
      if ((x[n - 1] & (1L << level)) != 0) {
        t ^= (1L << level) - 1;
      }
    }
    for (int i = 0; i < n; i++) {
      x[i] ^= t;
    }
    return x;
  }

  /** The transpose read level by level, dimension 0 first. */
  static byte[] referenceBytes(long[] point, int bits) {
    return ZOrderCurveTest.referenceBytes(referenceTranspose(point, bits), bits);
  }

  static long referenceLong(long[] point, int bits) {
    return ZOrderCurveTest.referenceLong(referenceTranspose(point, bits), bits);
  }

  @Test
  void handComputedExamples() {
    // 1 bit, 2 dims: no undo levels; Gray encode (x0, x0^x1): (0,1) -> 01, (1,1) -> 10, (1,0) -> 11.
    assertEquals(0, HilbertCurve.index(new long[] {0, 0}, 1));
    assertEquals(1, HilbertCurve.index(new long[] {0, 1}, 1));
    assertEquals(2, HilbertCurve.index(new long[] {1, 1}, 1));
    assertEquals(3, HilbertCurve.index(new long[] {1, 0}, 1));
    // 2 bits, 2 dims, (1, 0): level 1 bits are 0 0, so X[1] swaps low bits with X[0]: (0, 1);
    // Gray: (0, 1); X[1] has no bit above 0, t = 0; transpose (0, 1) -> levels (0 0)(0 1) = 1.
    assertEquals(1, HilbertCurve.index(new long[] {1, 0}, 2));
    // The rest of that 4x4 curve, as hilbertcurve lists it.
    long[][] order = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 2},
        {2, 2}, {2, 3}, {3, 3}, {3, 2}, {3, 1}, {2, 1}, {2, 0}, {3, 0}};
    for (int i = 0; i < order.length; i++) {
      assertEquals(i, HilbertCurve.index(order[i], 2));
    }
    // Values from hilbertcurve: HilbertCurve(3, 2) (5, 3) -> 52; HilbertCurve(2, 3): (1, 2, 3) -> 22,
    // (3, 0, 1) -> 56.
    assertEquals(52, HilbertCurve.index(new long[] {5, 3}, 3));
    assertEquals(22, HilbertCurve.index(new long[] {1, 2, 3}, 2));
    assertEquals(56, HilbertCurve.index(new long[] {3, 0, 1}, 2));
    // One dimension: the index is the coordinate.
    assertEquals(12345, HilbertCurve.index(new long[] {12345}, 20));
  }

  @Test
  void longFormMatchesReference() {
    Random random = new Random(SEED);
    long[] scratch = new long[16];
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; d * bits <= 63; bits++) {
        for (int n = 0; n < 300; n++) {
          long[] p = ZOrderCurveTest.randomPoint(random, d, bits);
          long expected = referenceLong(p, bits);
          assertEquals(expected, HilbertCurve.index(p, bits), () -> Arrays.toString(p));
          assertEquals(expected, HilbertCurve.index(p, bits, scratch), () -> Arrays.toString(p));
        }
      }
    }
  }

  @Test
  void bytesFormMatchesReference() {
    Random random = new Random(SEED + 1);
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; bits <= 64; bits++) {
        for (int n = 0; n < 30; n++) {
          long[] p = ZOrderCurveTest.randomPoint(random, d, bits);
          assertArrayEquals(referenceBytes(p, bits), HilbertCurve.indexBytes(p, bits),
              () -> "d=" + p.length + " " + Arrays.toString(p));
        }
      }
    }
  }

  @Test
  void transformMatchesReference() {
    Random random = new Random(SEED + 2);
    for (int d = 1; d <= 20; d++) {
      for (int bits = 1; bits <= 64; bits++) {
        long[] p = ZOrderCurveTest.randomPoint(random, d, bits);
        long[] x = p.clone();
        SkillingTransform.axesToTranspose(x, d, bits);
        assertArrayEquals(referenceTranspose(p, bits), x);
      }
    }
  }

  @Test
  void longAndBytesFormsAgree() {
    Random random = new Random(SEED + 3);
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; d * bits <= 63; bits++) {
        for (int n = 0; n < 20; n++) {
          long[] p = ZOrderCurveTest.randomPoint(random, d, bits);
          int spare = 8 * ((d * bits + 7) / 8) - d * bits;
          long fromBytes = 0;
          for (byte b : HilbertCurve.indexBytes(p, bits)) {
            fromBytes = (fromBytes << 8) | (b & 0xFF);
          }
          assertEquals(HilbertCurve.index(p, bits), fromBytes >>> spare);
        }
      }
    }
  }

  /**
   * Every cell gets a distinct index in [0, 2^(d*b)), and the cells of consecutive indexes differ
   * by one in exactly one coordinate.
   */
  @Test
  void exhaustiveSmallCurvesAreBijectionsOfNeighbours() {
    int[][] cases = {{1, 6}, {2, 1}, {2, 4}, {3, 3}, {4, 2}, {5, 2}, {2, 6}, {6, 1}};
    for (int[] c : cases) {
      int d = c[0];
      int bits = c[1];
      int cells = 1 << (d * bits);
      long[][] pointAt = new long[cells][];
      for (int cell = 0; cell < cells; cell++) {
        long[] p = new long[d];
        for (int i = 0; i < d; i++) {
          p[i] = (cell >>> (i * bits)) & ((1 << bits) - 1);
        }
        long h = HilbertCurve.index(p, bits);
        assertTrue(h >= 0 && h < cells, "index out of range");
        assertEquals(null, pointAt[(int) h], "index " + h + " used twice, d=" + d + " b=" + bits);
        pointAt[(int) h] = p;
      }
      for (int h = 1; h < cells; h++) {
        int moved = 0;
        long step = 0;
        for (int i = 0; i < d; i++) {
          long diff = Math.abs(pointAt[h][i] - pointAt[h - 1][i]);
          if (diff != 0) {
            moved++;
            step = diff;
          }
        }
        assertEquals(1, moved, "d=" + d + " b=" + bits + " at index " + h);
        assertEquals(1, step, "d=" + d + " b=" + bits + " at index " + h);
      }
      // The curve starts at the origin.
      assertArrayEquals(new long[d], pointAt[0]);
    }
  }

  @Test
  void tablesHaveTheMergedStateCounts() {
    // Reachable states 2, 8, 48, 384 merge to 1, 4, 24, 192; planes per lookup 8, 5, 3, 1.
    int[] merged = {0, 1, 4, 24, 192};
    int[] planes = {0, 8, 5, 3, 1};
    for (int d = 1; d <= HilbertTables.MAX_DIMS; d++) {
      HilbertTables tables = HilbertTables.forDims(d);
      assertEquals(planes[d], tables.levelsPerStep);
      assertEquals(merged[d] << (planes[d] * d), tables.entries.length, "d=" + d);
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> HilbertCurve.index(new long[] {8, 0}, 3));
    assertThrows(IllegalArgumentException.class, () -> HilbertCurve.index(new long[3], 22));
    assertThrows(IllegalArgumentException.class, () -> HilbertCurve.indexBytes(new long[0], 3));
    assertThrows(IllegalArgumentException.class,
        () -> HilbertCurve.index(new long[8], 7, new long[7]));
  }
}
