package dev.hudilayout.curve;

import java.util.Locale;

/**
 * The layouts that {@code hoodie.layout.optimize.strategy} can ask for, spelled as Hudi spells them.
 *
 * <ul>
 *   <li>{@link #LINEAR} ("linear"): sort by the columns in the order given; only the first column
 *       clusters well.</li>
 *   <li>{@link #ZORDER} ("z-order", also "zorder"): sort by {@link ZOrderCurve}, the bits of the
 *       columns interleaved; every column clusters, with jumps at power-of-two boundaries.</li>
 *   <li>{@link #HILBERT} ("hilbert"): sort by {@link HilbertCurve}; consecutive keys are neighbouring
 *       cells, so a file covers a more compact box than under z-order.</li>
 * </ul>
 */
public enum Curve {
  LINEAR("linear"),
  ZORDER("z-order"),
  HILBERT("hilbert");

  private static final String ACCEPTED = "linear, z-order (or zorder), hilbert";

  private final String hudiName;

  Curve(String hudiName) {
    this.hudiName = hudiName;
  }

  /**
   * The position of a point along this curve, as a {@code long}: the Hilbert or z-order index of
   * coordinates of {@code bits} bits each, or for linear the coordinates one after another.
   * Needs {@code bits * coords.length <= 63}.
   */
  public long index(long[] coords, int bits) {
    switch (this) {
      case HILBERT:
        return HilbertCurve.index(coords, bits);
      case ZORDER:
        return ZOrderCurve.index(coords, bits);
      default:
        long k = 0;
        for (long x : coords) {
          k = (k << bits) | x;
        }
        return k;
    }
  }

  /**
   * The same position as an unsigned big-endian byte string, for any number of bits: Hilbert or
   * z-order index bytes, or for linear each coordinate in ceil(bits / 8) bytes, one after another.
   */
  public byte[] indexBytes(long[] coords, int bits) {
    switch (this) {
      case HILBERT:
        return HilbertCurve.indexBytes(coords, bits);
      case ZORDER:
        return ZOrderCurve.indexBytes(coords, bits);
      default:
        int per = (bits + 7) / 8;
        byte[] out = new byte[per * coords.length];
        for (int c = 0; c < coords.length; c++) {
          for (int i = 0; i < per; i++) {
            out[c * per + i] = (byte) (coords[c] >>> (8 * (per - 1 - i)));
          }
        }
        return out;
    }
  }

  /** The value Hudi writes for this layout, e.g. "z-order". */
  public String hudiName() {
    return hudiName;
  }

  /**
   * Reads a layout from a configuration value, ignoring case and surrounding blanks.
   *
   * @param key the option the value came from, named in the error so the user knows what to fix
   * @param value "linear", "z-order", "zorder" or "hilbert", in any case
   * @throws IllegalArgumentException naming the key, the value and the accepted values
   */
  public static Curve parse(String key, String value) {
    if (value != null) {
      switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "linear":
          return LINEAR;
        case "z-order":
        case "zorder":
          return ZORDER;
        case "hilbert":
          return HILBERT;
        default:
          break;
      }
    }
    throw new IllegalArgumentException(String.format(
        "Invalid value for %s: '%s'; accepted values: %s", key, value, ACCEPTED));
  }
}
