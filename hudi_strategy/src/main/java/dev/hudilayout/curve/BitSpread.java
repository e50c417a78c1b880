package dev.hudilayout.curve;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Moves bit {@code j} of a value to bit {@code j * stride}: the step that turns d coordinates into
 * one interleaved key with one OR per coordinate instead of one loop iteration per bit.
 *
 * <p>Strides 2, 3 and 4 use the "magic bits" method: each step doubles the gap between groups of
 * bits with a shift and drops the copies that landed in the wrong place with a mask. Example for
 * stride 2 and x = 0b1011: 0b1011 -> 0b01_00_01_01 (bit 3 -> 6, bit 1 -> 2, bit 0 -> 0). Other
 * strides look each byte up in a table of 256 spread bytes.
 */
final class BitSpread {
  /** TABLES[stride][b] = byte b spread with the stride; built when a stride is first used. */
  private static final AtomicReferenceArray<long[]> TABLES =
      new AtomicReferenceArray<>(Long.SIZE + 1);

  private BitSpread() {}

  /**
   * Spreads the low bits of {@code x}; bits that would land at or beyond bit 64 are dropped. Exact
   * for x below 2^32 (stride 2), 2^21 (stride 3), 2^16 (stride 4), and any x for other strides.
   */
  static long spread(long x, int stride) {
    switch (stride) {
      case 1:
        return x;
      case 2:
        return spread2(x);
      case 3:
        return spread3(x);
      case 4:
        return spread4(x);
      default:
        return spreadByTable(x, stride);
    }
  }

  /** The low 32 bits of x to the even bits. */
  static long spread2(long x) {
    x &= 0xFFFF_FFFFL;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFFL;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FFL;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0FL;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333L;
    return (x | (x << 1)) & 0x5555_5555_5555_5555L;
  }

  /** The low 21 bits of x to every third bit. */
  static long spread3(long x) {
    x &= 0x1F_FFFFL;
    x = (x | (x << 32)) & 0x001F_0000_0000_FFFFL;
    x = (x | (x << 16)) & 0x001F_0000_FF00_00FFL;
    x = (x | (x << 8)) & 0x100F_00F0_0F00_F00FL;
    x = (x | (x << 4)) & 0x10C3_0C30_C30C_30C3L;
    return (x | (x << 2)) & 0x1249_2492_4924_9249L;
  }

  /** The low 16 bits of x to every fourth bit. */
  static long spread4(long x) {
    x &= 0xFFFFL;
    x = (x | (x << 24)) & 0x0000_00FF_0000_00FFL;
    x = (x | (x << 12)) & 0x000F_000F_000F_000FL;
    x = (x | (x << 6)) & 0x0303_0303_0303_0303L;
    return (x | (x << 3)) & 0x1111_1111_1111_1111L;
  }

  private static long spreadByTable(long x, int stride) {
    long[] table = table(stride);
    long out = 0;
    // Byte k starts at bit 8 * k * stride; a start at or past bit 64 has nowhere to go.
    for (int shift = 0; x != 0 && shift < Long.SIZE; shift += 8 * stride) {
      out |= table[(int) (x & 0xFF)] << shift;
      x >>>= 8;
    }
    return out;
  }

  /** The 256 spread bytes for a stride of 5 or more. */
  static long[] table(int stride) {
    long[] table = TABLES.get(stride);
    if (table == null) {
      // Two threads may build equal tables; either may win. The atomic array publishes the
      // filled table safely.
      table = new long[256];
      for (int b = 0; b < 256; b++) {
        long spread = 0;
        for (int j = 0; j < 8 && j * stride < Long.SIZE; j++) {
          spread |= (long) ((b >>> j) & 1) << (j * stride);
        }
        table[b] = spread;
      }
      TABLES.set(stride, table);
    }
    return table;
  }
}
