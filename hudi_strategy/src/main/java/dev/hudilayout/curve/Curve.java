package dev.hudilayout.curve;

import java.util.Locale;

/** The layouts Hudi's {@code hoodie.layout.optimize.strategy} names. */
public enum Curve {
  LINEAR, ZORDER, HILBERT;

  public static Curve parse(String key, String raw) {
    String v = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "linear":
        return LINEAR;
      case "z-order":
      case "zorder":
        return ZORDER;
      case "hilbert":
        return HILBERT;
      default:
        throw new IllegalArgumentException(String.format(
            "Invalid value for %s: '%s'. Accepted values: linear, z-order (or zorder), hilbert", key, raw));
    }
  }
}
