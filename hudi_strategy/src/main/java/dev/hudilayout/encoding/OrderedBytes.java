package dev.hudilayout.encoding;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Order-preserving encodings of Spark's atomic types: each value becomes big-endian bytes whose
 * unsigned lexicographic order ({@link java.util.Arrays#compareUnsigned(byte[], byte[])}) is the
 * value's order, and each fixed-width value also becomes a {@code long} key whose unsigned order
 * ({@link Long#compareUnsigned(long, long)}) is the value's order. Keys of types narrower than 64
 * bits are zero-extended, so for them signed order works as well.
 *
 * <p>The order is Spark's: numbers by value; {@code -0.0} equals {@code 0.0} (both encode as
 * {@code 0.0}) and every NaN is one value greater than {@code +Infinity}; strings and binaries by
 * unsigned bytes (for strings that is Unicode code point order); {@code false < true}.
 *
 * <p><b>Nulls sort first, for every type.</b> In the byte form a null is the single byte 0x00 and a
 * value is 0x01 followed by its encoding ({@link #nullable(byte[])}); the marker is needed because
 * the empty string would otherwise encode like a null. In the long form a null is
 * {@link #NULL_KEY}, 0, which is at or below every key; it ties with the smallest value of the
 * types whose keys use their whole range (boolean false, the integer types' MIN_VALUE, dates and
 * timestamps at MIN_VALUE, the empty byte string's {@link #prefix8(byte[])}).
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
  public static final byte VALUE_MARKER = 0x01;

  /** The long key of a null: 0, at or below every key (see the class comment). */
  public static final long NULL_KEY = 0L;

  /** Widest decimal precision whose unscaled values fit in a long (10^18 - 1 < 2^63). */
  public static final int MAX_LONG_DECIMAL_PRECISION = 18;

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

  // Long keys. ------------------------------------------------------------------------------------

  /** false = 0, true = 1. */
  public static long booleanKey(boolean value) {
    return value ? 1 : 0;
  }

  /** Sign bit flipped, as an unsigned 8-bit number: -128 -> 0, 0 -> 128, 127 -> 255. */
  public static long byteKey(byte value) {
    return (value ^ 0x80) & 0xFFL;
  }

  /** Sign bit flipped, as an unsigned 16-bit number. */
  public static long shortKey(short value) {
    return (value ^ 0x8000) & 0xFFFFL;
  }

  /** Sign bit flipped, as an unsigned 32-bit number. */
  public static long intKey(int value) {
    return (value ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
  }

  /** Sign bit flipped: Long.MIN_VALUE -> 0, 0 -> 2^63, Long.MAX_VALUE -> 2^64 - 1 (unsigned). */
  public static long longKey(long value) {
    return value ^ Long.MIN_VALUE;
  }

  /**
   * IEEE 754 bits made sortable, as an unsigned 32-bit number. Positive floats already order like
   * their bits, so they only get the sign bit set (to sort above negatives); negative floats order
   * backwards by magnitude, so all their bits are inverted. {@code -0.0} is first made {@code 0.0}
   * and NaNs are canonicalised ({@link Float#floatToIntBits}) to 0x7FC00000, whose key is above that
   * of {@code +Infinity}. Examples: -Infinity -> 0x007FFFFF, 0.0 -> 0x80000000, +Infinity ->
   * 0xFF800000, NaN -> 0xFFC00000.
   */
  public static long floatKey(float value) {
    int bits = Float.floatToIntBits(value == 0.0f ? 0.0f : value);
    return (bits ^ ((bits >> 31) | Integer.MIN_VALUE)) & 0xFFFF_FFFFL;
  }

  /** As {@link #floatKey(float)} for 64-bit doubles: NaN (canonical) above +Infinity, -0.0 = 0.0. */
  public static long doubleKey(double value) {
    long bits = Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
    return bits ^ ((bits >> 63) | Long.MIN_VALUE);
  }

  /** A date as Spark stores it, days since 1970-01-01, keyed like an int. */
  public static long dateKey(int daysSinceEpoch) {
    return intKey(daysSinceEpoch);
  }

  /** A timestamp as Spark stores it, microseconds since the epoch (UTC), keyed like a long. */
  public static long timestampKey(long microsSinceEpoch) {
    return longKey(microsSinceEpoch);
  }

  /** A timestamp without time zone, microseconds of local wall-clock time, keyed like a long. */
  public static long timestampNtzKey(long localMicros) {
    return longKey(localMicros);
  }

  /**
   * A decimal of precision at most 18: its unscaled value at the column's scale, keyed like a long.
   * Every value of the column is scaled alike, so unscaled order is value order and no fraction is
   * lost: with scale 2, 1.5 and 1.49 key as 150 and 149.
   *
   * @throws IllegalArgumentException if the precision is above 18, or the value has more fraction
   *     digits than the scale or more digits than the precision
   */
  public static long decimalKey(BigDecimal value, int precision, int scale) {
    if (precision > MAX_LONG_DECIMAL_PRECISION) {
      throw new IllegalArgumentException(String.format(
          "A long key holds decimals of precision up to %d, not %d; use encodeDecimal",
          MAX_LONG_DECIMAL_PRECISION, precision));
    }
    return longKey(unscaled(value, precision, scale).longValueExact());
  }

  /**
   * The first 8 bytes of a byte string as a big-endian long, padded on the <em>right</em> with
   * zeros. Padding on the right keeps byte order: "b" (0x62000000...) is above "aa"
   * (0x61610000...), whereas padding on the left would put "b" (0x...0062) first. Longer strings
   * that share their first 8 bytes share a prefix, so the key is monotone but not strict.
   */
  public static long prefix8(byte[] bytes) {
    long prefix = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      prefix = (prefix << 8) | (i < bytes.length ? bytes[i] & 0xFF : 0);
    }
    return prefix;
  }

  // Byte encodings. -------------------------------------------------------------------------------

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

  /** One byte, 0 or 1. */
  public static byte[] encodeBoolean(boolean value) {
    return new byte[] {(byte) booleanKey(value)};
  }

  /** One byte, sign bit flipped. */
  public static byte[] encodeByte(byte value) {
    return bigEndian(byteKey(value), Byte.BYTES);
  }

  /** Two bytes, sign bit flipped. */
  public static byte[] encodeShort(short value) {
    return bigEndian(shortKey(value), Short.BYTES);
  }

  /** Four bytes, sign bit flipped. */
  public static byte[] encodeInt(int value) {
    return bigEndian(intKey(value), Integer.BYTES);
  }

  /** Eight bytes, sign bit flipped. */
  public static byte[] encodeLong(long value) {
    return bigEndian(longKey(value), Long.BYTES);
  }

  /** Four bytes of {@link #floatKey(float)}. */
  public static byte[] encodeFloat(float value) {
    return bigEndian(floatKey(value), Float.BYTES);
  }

  /** Eight bytes of {@link #doubleKey(double)}. */
  public static byte[] encodeDouble(double value) {
    return bigEndian(doubleKey(value), Double.BYTES);
  }

  /** Four bytes, like {@link #encodeInt(int)}. */
  public static byte[] encodeDate(int daysSinceEpoch) {
    return encodeInt(daysSinceEpoch);
  }

  /** Eight bytes, like {@link #encodeLong(long)}. */
  public static byte[] encodeTimestamp(long microsSinceEpoch) {
    return encodeLong(microsSinceEpoch);
  }

  /** Eight bytes, like {@link #encodeLong(long)}. */
  public static byte[] encodeTimestampNtz(long localMicros) {
    return encodeLong(localMicros);
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
  public static int decimalWidth(int precision) {
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
