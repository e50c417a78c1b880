package dev.hudilayout.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CurveTest {
  private static final String KEY = "hoodie.layout.optimize.strategy";

  @Test
  void acceptsHudiSpellingsInAnyCase() {
    assertEquals(Curve.LINEAR, Curve.parse(KEY, "linear"));
    assertEquals(Curve.LINEAR, Curve.parse(KEY, "LINEAR"));
    assertEquals(Curve.ZORDER, Curve.parse(KEY, "z-order"));
    assertEquals(Curve.ZORDER, Curve.parse(KEY, "Z-Order"));
    assertEquals(Curve.ZORDER, Curve.parse(KEY, "zorder"));
    assertEquals(Curve.ZORDER, Curve.parse(KEY, "ZORDER"));
    assertEquals(Curve.HILBERT, Curve.parse(KEY, "hilbert"));
    assertEquals(Curve.HILBERT, Curve.parse(KEY, "Hilbert"));
    assertEquals(Curve.HILBERT, Curve.parse(KEY, " hilbert\n"));
  }

  @Test
  void hudiNameParsesBack() {
    for (Curve curve : Curve.values()) {
      assertEquals(curve, Curve.parse(KEY, curve.hudiName()));
    }
  }

  @Test
  void rejectsOtherValuesNamingKeyValueAndAcceptedValues() {
    for (String bad : new String[] {"z_order", "hil bert", "", "spiral"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Curve.parse(KEY, bad));
      assertTrue(e.getMessage().contains(KEY), e.getMessage());
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
      assertTrue(e.getMessage().contains("linear, z-order (or zorder), hilbert"), e.getMessage());
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Curve.parse(KEY, null));
    assertTrue(e.getMessage().contains("'null'"), e.getMessage());
  }
}
