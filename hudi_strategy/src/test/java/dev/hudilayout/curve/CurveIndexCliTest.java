package dev.hudilayout.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CurveIndexCliTest {
  @Test
  void printsDecimalIndexes() {
    assertEquals("52", CurveIndexCli.indexOf("hilbert 3 5 3".split(" ")));
    assertEquals("39", CurveIndexCli.indexOf("z-order 3 5 3".split(" ")));
    assertEquals("39", CurveIndexCli.indexOf("ZORDER 3 5 3".split(" ")));
    // Two coordinates of 64 bits, all ones: z-order key 2^128 - 1, beyond a long.
    String max = Long.toUnsignedString(-1L);
    assertEquals("340282366920938463463374607431768211455",
        CurveIndexCli.indexOf(new String[] {"zorder", "64", max, max}));
  }

  @Test
  void rejectsLinearAndShortLines() {
    assertThrows(IllegalArgumentException.class,
        () -> CurveIndexCli.indexOf("linear 3 5 3".split(" ")));
    assertThrows(IllegalArgumentException.class, () -> CurveIndexCli.indexOf("hilbert 3".split(" ")));
    assertThrows(IllegalArgumentException.class,
        () -> CurveIndexCli.indexOf("hilbert 3 8".split(" ")));
  }
}
