package dev.hudilayout.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast z-order against a bit-by-bit one, over seeded random points. */
class ZOrderCurveTest {
  private static final long SEED = 20240601L;

  /** Obviously correct: walk the levels from the top, dimension 0 first, one bit at a time. */
  static byte[] referenceBytes(long[] coords, int bits) {
    int d = coords.length;
    byte[] out = new byte[(d * bits + 7) / 8];
    int pos = 0;
    for (int level = bits - 1; level >= 0; level--) {
      for (int i = 0; i < d; i++) {
        if (((coords[i] >>> level) & 1) == 1) {
          out[pos / 8] |= (byte) (1 << (7 - pos % 8));
        }
        pos++;
      }
    }
    return out;
  }

  /** The reference key as a number (for d * bits <= 63). */
  static long referenceLong(long[] coords, int bits) {
    long key = 0;
    for (int level = bits - 1; level >= 0; level--) {
      for (long c : coords) {
        key = (key << 1) | ((c >>> level) & 1);
      }
    }
    return key;
  }

  static long[] randomPoint(Random random, int d, int bits) {
    long[] p = new long[d];
    for (int i = 0; i < d; i++) {
      // Mix full-range values with small and extreme ones so edge bits are exercised.
      switch (random.nextInt(4)) {
        case 0:
          p[i] = 0;
          break;
        case 1:
          p[i] = -1L;
          break;
        default:
          p[i] = random.nextLong();
      }
      if (bits < 64) {
        p[i] &= (1L << bits) - 1;
      }
    }
    return p;
  }

  @Test
  void handComputedExamples() {
    // x = 5 = 0b101, y = 3 = 0b011: rounds (1 0) (0 1) (1 1) -> 0b100111 = 39.
    assertEquals(39, ZOrderCurve.index(new long[] {5, 3}, 3));
    // Same bits as bytes: 0b100111 shifted to the top of one byte: 0b10011100.
    assertArrayEquals(new byte[] {(byte) 0b1001_1100}, ZOrderCurve.indexBytes(new long[] {5, 3}, 3));
    // Dimension 0 takes the highest bit of a round: (1, 0) -> 0b10, (0, 1) -> 0b01.
    assertEquals(2, ZOrderCurve.index(new long[] {1, 0}, 1));
    assertEquals(1, ZOrderCurve.index(new long[] {0, 1}, 1));
    // Three dimensions of 2 bits, (3, 0, 1) -> rounds (1 0 0) (1 0 1) -> 0b100101 = 37.
    assertEquals(37, ZOrderCurve.index(new long[] {3, 0, 1}, 2));
    // One dimension: the key is the coordinate.
    assertEquals(12345, ZOrderCurve.index(new long[] {12345}, 20));
  }

  @Test
  void longFormMatchesReference() {
    Random random = new Random(SEED);
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; d * bits <= 63; bits++) {
        for (int n = 0; n < 300; n++) {
          long[] p = randomPoint(random, d, bits);
          long key = ZOrderCurve.index(p, bits);
          assertEquals(referenceLong(p, bits), key, () -> Arrays.toString(p));
          assertTrue(key >= 0);
        }
      }
    }
  }

  @Test
  void bytesFormMatchesReference() {
    Random random = new Random(SEED + 1);
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; bits <= 64; bits++) {
        for (int n = 0; n < 40; n++) {
          long[] p = randomPoint(random, d, bits);
          assertArrayEquals(referenceBytes(p, bits), ZOrderCurve.indexBytes(p, bits),
              () -> "d=" + p.length + " " + Arrays.toString(p));
        }
      }
    }
  }

  @Test
  void bytesFormMatchesReferenceBeyondOneChunkPerLevel() {
    Random random = new Random(SEED + 2);
    for (int d : new int[] {17, 31, 56, 57, 100}) {
      for (int bits : new int[] {1, 7, 33, 64}) {
        long[] p = randomPoint(random, d, bits);
        assertArrayEquals(referenceBytes(p, bits), ZOrderCurve.indexBytes(p, bits));
      }
    }
  }

  @Test
  void longAndBytesFormsAgree() {
    Random random = new Random(SEED + 3);
    for (int d = 1; d <= 16; d++) {
      for (int bits = 1; d * bits <= 63; bits++) {
        long[] p = randomPoint(random, d, bits);
        int spare = 8 * ((d * bits + 7) / 8) - d * bits;
        byte[] bytes = ZOrderCurve.indexBytes(p, bits);
        long fromBytes = 0;
        for (byte b : bytes) {
          fromBytes = (fromBytes << 8) | (b & 0xFF);
        }
        assertEquals(ZOrderCurve.index(p, bits), fromBytes >>> spare);
      }
    }
  }

  @Test
  void bytesSortInCurveOrder() {
    Random random = new Random(SEED + 4);
    for (int n = 0; n < 2000; n++) {
      long[] a = randomPoint(random, 3, 21);
      long[] b = randomPoint(random, 3, 21);
      int byLong = Long.compare(ZOrderCurve.index(a, 21), ZOrderCurve.index(b, 21));
      int byBytes = Arrays.compareUnsigned(
          ZOrderCurve.indexBytes(a, 21), ZOrderCurve.indexBytes(b, 21));
      assertEquals(Integer.signum(byLong), Integer.signum(byBytes));
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.index(new long[] {8}, 3));
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.index(new long[] {-1}, 3));
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.index(new long[3], 22));
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.index(new long[0], 3));
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.indexBytes(new long[2], 0));
    assertThrows(IllegalArgumentException.class, () -> ZOrderCurve.indexBytes(new long[2], 65));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ZOrderCurve.index(new long[4], 16));
    assertTrue(e.getMessage().contains("indexBytes"), e.getMessage());
  }
}
