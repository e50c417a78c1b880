package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SplitsTest {

  @Test
  void aRegionKeepsTheFilesAtWhichAPendingLayerAddsATenth() {
    // n^((d-1)/d) = 10: 10^(3/2) = 31.6 for three columns, 10^2 for two, 10^(4/3) = 21.5 for four
    assertEquals(32, Splits.minimumFiles(3));
    assertEquals(100, Splits.minimumFiles(2));
    assertEquals(22, Splits.minimumFiles(4));
    assertEquals(Integer.MAX_VALUE, Splits.minimumFiles(1));
    for (int d = 2; d <= 8; d++) {
      double layer = Math.pow(Splits.minimumFiles(d), -(d - 1.0) / d);
      assertEquals(true, layer <= Splits.LAYER_COST + 1e-9, "d = " + d + ": " + layer);
    }
  }

  @Test
  void aRegionSplitsAtTwiceTheMinimumIntoCellsOfAboutTheMinimum() {
    assertEquals(0, Splits.cells(63, 3));
    assertEquals(2, Splits.cells(64, 3));
    assertEquals(3, Splits.cells(100, 3));
    assertEquals(0, Splits.cells(199, 2));
    assertEquals(2, Splits.cells(200, 2));
    assertEquals(0, Splits.cells(1_000_000, 1), "one column never splits");
    assertEquals(3, Splits.cells(6, 3, 2), "a minimum set by the option");
    assertEquals(0, Splits.cells(3, 3, 2));
  }
}
