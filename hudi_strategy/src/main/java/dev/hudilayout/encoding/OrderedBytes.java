package dev.hudilayout.encoding;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Order-preserving byte encodings of the values hudi-layout sorts by ({@link
 * dev.hudilayout.spark.ValueEncoding} widens every Spark type to one of them): each value becomes
 * big-endian bytes whose unsigned lexicographic order ({@link
 * java.util.Arrays#compareUnsigned(byte[], byte[])}) is the value's order.
 *
 * <p>The order is Spark's: numbers by value; {@code -0.0} equals {@code 0.0} (both encode as
 * {@code 0.0}) and every NaN is one value greater than {@code +Infinity}; strings and binaries by
 * unsigned bytes (for strings that is Unicode code point order); {@code false < true}.
 *
 * <p><b>Nulls sort first, for every type.</b> A null is the single byte 0x00 and a value is 0x01
 * followed by its encoding ({@link #nullable(byte[])}); the marker is needed because the empty
 * string would otherwise encode like a null.
 *
 * <p>Why a sign flip is enough for integers: two's complement orders non-negative values like
 * unsigned numbers but puts negative values above them because their top bit is set; inverting
 * the top bit moves negatives below and keeps the order within each half. Example for bytes: -128,
 * -1, 0, 127 = 0x80, 0xFF, 0x00, 0x7F become 0x00, 0x7F, 0x80, 0xFF.
 */
public final class OrderedBytes {
  /** First byte of {@link #nullable(byte[])} for a null. */
  public static final byte NULL_MARKER = 0x00;

  /** First byte of {@link #nullable(byte[])} for a value. */
  private static final byte VALUE_MARKER = 0x01;

  private static final byte[] NULL_BYTES = {NULL_MARKER};

  /** Spark's widest decimal; widths up to it are computed once. */
  private static final int SPARK_MAX_DECIMAL_PRECISION = 38;

  private static final int[] DECIMAL_WIDTHS = new int[SPARK_MAX_DECIMAL_PRECISION + 1];

  static {
    for (int p = 1; p <= SPARK_MAX_DECIMAL_PRECISION; p++) {
      DECIMAL_WIDTHS[p] = computeDecimalWidth(p);
    }
  }

  private OrderedBytes() {}

  /**
   * Nulls first: a null becomes the single byte 0x00, a value 0x01 followed by its encoding. Every
   * value then sorts after the null, and values keep their order because they share the 0x01.
   *
   * @param encoded a value's encoding from this class, or null for a null value
   */
  public static byte[] nullable(byte[] encoded) {
    if (encoded == null) {
      return NULL_BYTES.clone();
    }
    byte[] out = new byte[encoded.length + 1];
    out[0] = VALUE_MARKER;
    System.arraycopy(encoded, 0, out, 1, encoded.length);
    return out;
  }

  /** One byte: false = 0, true = 1. */
  public static byte[] encodeBoolean(boolean value) {
    return new byte[] {(byte) (value ? 1 : 0)};
  }

  /** Eight bytes, sign bit flipped: Long.MIN_VALUE -> 0x00..00, 0 -> 0x80..00, Long.MAX_VALUE -> 0xFF..FF. */
  public static byte[] encodeLong(long value) {
    return bigEndian(value ^ Long.MIN_VALUE, Long.BYTES);
  }

  /**
   * Eight bytes of the IEEE 754 bits made sortable. Positive doubles already order like their
   * bits, so they only get the sign bit set (to sort above negatives); negative doubles order
   * backwards by magnitude, so all their bits are inverted. {@code -0.0} is first made {@code 0.0}
   * and NaNs are canonicalised ({@link Double#doubleToLongBits}), which puts them above
   * {@code +Infinity}.
   */
  public static byte[] encodeDouble(double value) {
    long bits = Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
    return bigEndian(bits ^ ((bits >> 63) | Long.MIN_VALUE), Double.BYTES);
  }

  /**
   * A decimal of any precision: its unscaled value at the column's scale, in two's complement over
   * {@link #decimalWidth(int)} bytes (enough for every value of the precision), sign bit flipped.
   * A fixed width makes byte order numeric order, and the flipped sign puts negatives first, as for
   * {@link #encodeLong(long)}. Example: decimal(5, 2) has width 3; -1.00 -> unscaled -100 ->
   * 0xFFFF9C -> 0x7FFF9C; 0.01 -> 1 -> 0x800001.
   *
   * @param value any representation of the value ({@code 1E+2}, {@code 100.000}); it is rescaled
   *     exactly, never rounded
   * @throws IllegalArgumentException if the value has more fraction digits than the scale or more
   *     digits than the precision
   */
  public static byte[] encodeDecimal(BigDecimal value, int precision, int scale) {
    int width = decimalWidth(precision);
    byte[] twos = unscaled(value, precision, scale).toByteArray();
    byte[] out = new byte[width];
    byte signFill = twos[0] < 0 ? (byte) 0xFF : 0;
    for (int i = 0; i < width - twos.length; i++) {
      out[i] = signFill;
    }
    System.arraycopy(twos, 0, out, width - twos.length, twos.length);
    out[0] ^= (byte) 0x80;
    return out;
  }

  /**
   * Bytes of {@link #encodeDecimal} for a precision: the two's complement width of
   * +/-(10^precision - 1). Precision 9 -> 4, 18 -> 8, 38 (Spark's maximum) -> 16.
   */
  static int decimalWidth(int precision) {
    checkPrecision(precision);
    return precision <= SPARK_MAX_DECIMAL_PRECISION
        ? DECIMAL_WIDTHS[precision] : computeDecimalWidth(precision);
  }

  private static int computeDecimalWidth(int precision) {
    int magnitudeBits = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).bitLength();
    return (magnitudeBits + 1 + 7) / 8;
  }

  /**
   * UTF-8 bytes. Unsigned byte order of UTF-8 is Unicode code point order, which is how Spark
   * compares strings (it differs from {@link String#compareTo}, which compares UTF-16 units and so
   * puts U+FFFF after U+1F600). A lone surrogate, which has no code point, becomes '?' as in
   * {@link String#getBytes(java.nio.charset.Charset)}.
   */
  public static byte[] encodeString(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  /** The bytes themselves (not a copy): binaries already compare as unsigned bytes. */
  public static byte[] encodeBinary(byte[] value) {
    return value;
  }

  private static void checkPrecision(int precision) {
    if (precision < 1) {
      throw new IllegalArgumentException("Decimal precision must be at least 1, was " + precision);
    }
  }

  private static BigInteger unscaled(BigDecimal value, int precision, int scale) {
    checkPrecision(precision);
    BigDecimal scaled;
    try {
      scaled = value.setScale(scale, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(String.format(
          "%s has more fraction digits than decimal(%d, %d) keeps", value, precision, scale), e);
    }
    if (scaled.signum() != 0 && scaled.precision() > precision) {
      throw new IllegalArgumentException(String.format(
          "%s has more digits than decimal(%d, %d) holds", value, precision, scale));
    }
    return scaled.unscaledValue();
  }

  private static byte[] bigEndian(long value, int bytes) {
    byte[] out = new byte[bytes];
    for (int i = bytes - 1; i >= 0; i--) {
      out[i] = (byte) value;
      value >>>= 8;
    }
    return out;
  }
}
