package dev.hudilayout.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * For every kind of value, seeded random values plus the edge values: sorting by the encoding (unsigned)
 * must equal sorting by the value in Spark's order (-0.0 = 0.0, NaN greatest, strings by code
 * point, nulls first).
 */
class OrderedBytesTest {
  private static final long SEED = 20240604L;
  private static final int RANDOM_VALUES = 3000;

  /** Spark's double order: -0.0 equals 0.0, every NaN equal and greatest. */
  private static final Comparator<Double> SPARK_DOUBLE =
      (a, b) -> Double.compare(a == 0.0 ? 0.0 : a, b == 0.0 ? 0.0 : b);
  private static final Comparator<String> CODE_POINTS = (a, b) ->
      Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());

  /**
   * Sorting by the value and by the encoding agree: in value order, equal neighbours have equal
   * encodings and smaller ones smaller encodings (unsigned). Sorting by the encoding then gives the
   * same sequence, because unsigned byte order is a total order.
   */
  static <T> void assertBytesKeepOrder(List<T> values, Comparator<? super T> order,
      Function<T, byte[]> encode) {
    List<T> sorted = new ArrayList<>(values);
    sorted.sort(order);
    for (int i = 1; i < sorted.size(); i++) {
      T a = sorted.get(i - 1);
      T b = sorted.get(i);
      int byValue = Integer.signum(order.compare(a, b));
      int byBytes = Integer.signum(Arrays.compareUnsigned(encode.apply(a), encode.apply(b)));
      assertEquals(byValue, byBytes, () -> "values " + a + " and " + b);
    }
    List<T> byEncoding = new ArrayList<>(values);
    byEncoding.sort((a, b) -> Arrays.compareUnsigned(encode.apply(a), encode.apply(b)));
    for (int i = 0; i < sorted.size(); i++) {
      assertEquals(0, order.compare(sorted.get(i), byEncoding.get(i)), "position " + i);
    }
  }

  @Test
  void booleans() {
    List<Boolean> values = List.of(true, false, false, true);
    assertBytesKeepOrder(values, Comparator.naturalOrder(), OrderedBytes::encodeBoolean);
  }

  @Test
  void longs() {
    Random random = new Random(SEED + 1);
    List<Long> values = new ArrayList<>(List.of(
        Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L, Long.MAX_VALUE - 1, Long.MAX_VALUE));
    for (int i = 0; i < RANDOM_VALUES; i++) {
      values.add(i % 2 == 0 ? random.nextLong() : (long) random.nextInt(200) - 100);
    }
    assertBytesKeepOrder(values, Comparator.naturalOrder(), OrderedBytes::encodeLong);
    // -1, 0 -> 0x7FFF..FF, 0x8000..00
    assertArrayEquals(new byte[] {0x7F, -1, -1, -1, -1, -1, -1, -1}, OrderedBytes.encodeLong(-1));
    assertArrayEquals(new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0}, OrderedBytes.encodeLong(0));
  }

  @Test
  void doubles() {
    Random random = new Random(SEED + 3);
    List<Double> values = new ArrayList<>(List.of(
        Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.0, -Double.MIN_NORMAL, -Double.MIN_VALUE,
        -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1.0, Double.MAX_VALUE,
        Double.POSITIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0x7FF0_0000_0000_0001L),
        Double.longBitsToDouble(0xFFF8_0000_0000_0000L),
        Double.longBitsToDouble(0x000F_FFFF_FFFF_FFFFL),
        Double.longBitsToDouble(0x800F_FFFF_FFFF_FFFFL)));
    for (int i = 0; i < RANDOM_VALUES; i++) {
      values.add(i % 2 == 0 ? Double.longBitsToDouble(random.nextLong())
          : random.nextGaussian() * 1000);
    }
    assertBytesKeepOrder(values, SPARK_DOUBLE, OrderedBytes::encodeDouble);
    assertArrayEquals(OrderedBytes.encodeDouble(0.0), OrderedBytes.encodeDouble(-0.0));
    assertTrue(Arrays.compareUnsigned(OrderedBytes.encodeDouble(-Double.MIN_VALUE),
        OrderedBytes.encodeDouble(0.0)) < 0);
  }

  @Test
  void decimals() {
    // (precision, scale): Spark's usual shapes, more digits than a long, beyond Spark's 38, and a
    // negative scale (values are multiples of 100).
    int[][] shapes = {{1, 0}, {5, 2}, {9, 9}, {18, 4}, {19, 0}, {38, 10}, {38, 38}, {60, 25},
        {10, -2}};
    Random random = new Random(SEED + 4);
    for (int[] shape : shapes) {
      int precision = shape[0];
      int scale = shape[1];
      BigInteger limit = BigInteger.TEN.pow(precision);
      List<BigDecimal> values = new ArrayList<>();
      for (BigInteger unscaled : List.of(limit.subtract(BigInteger.ONE),
          limit.subtract(BigInteger.ONE).negate(), BigInteger.ZERO, BigInteger.ONE,
          BigInteger.ONE.negate(), BigInteger.TWO, BigInteger.TWO.negate())) {
        values.add(new BigDecimal(unscaled, scale));
      }
      for (int i = 0; i < RANDOM_VALUES / 3; i++) {
        // Random digit counts, so small and huge magnitudes both appear, and random signs.
        BigInteger unscaled = new BigInteger(1 + random.nextInt(4 * precision), random).mod(limit);
        BigDecimal value = new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
        // Other representations of the same value: 1.50 as 1.5, 100 as 1E+2, 1.5 as 1.5000.
        switch (i % 3) {
          case 0:
            values.add(value.stripTrailingZeros());
            break;
          case 1:
            values.add(value.setScale(scale + 3));
            break;
          default:
            values.add(value);
        }
      }
      assertBytesKeepOrder(values, Comparator.naturalOrder(),
          v -> OrderedBytes.encodeDecimal(v, precision, scale));
      int width = OrderedBytes.decimalWidth(precision);
      for (BigDecimal v : values) {
        assertEquals(width, OrderedBytes.encodeDecimal(v, precision, scale).length);
      }
    }
  }

  @Test
  void decimalHandExamples() {
    // decimal(5, 2): width 3; -1.00 -> unscaled -100 -> 0xFFFF9C -> 0x7FFF9C; 0.01 -> 0x800001.
    assertEquals(3, OrderedBytes.decimalWidth(5));
    assertArrayEquals(new byte[] {0x7F, (byte) 0xFF, (byte) 0x9C},
        OrderedBytes.encodeDecimal(new BigDecimal("-1"), 5, 2));
    assertArrayEquals(new byte[] {(byte) 0x80, 0, 1},
        OrderedBytes.encodeDecimal(new BigDecimal("0.01"), 5, 2));
    assertEquals(4, OrderedBytes.decimalWidth(9));
    assertEquals(8, OrderedBytes.decimalWidth(18));
    assertEquals(16, OrderedBytes.decimalWidth(38));
    // The fraction is kept: 1.49 < 1.5 < 1.51.
    assertTrue(Arrays.compareUnsigned(OrderedBytes.encodeDecimal(new BigDecimal("1.49"), 5, 2),
        OrderedBytes.encodeDecimal(new BigDecimal("1.5"), 5, 2)) < 0);
  }

  @Test
  void decimalsThatDoNotFitAreRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> OrderedBytes.encodeDecimal(new BigDecimal("1.005"), 5, 2));
    assertThrows(IllegalArgumentException.class,
        () -> OrderedBytes.encodeDecimal(new BigDecimal("1000.00"), 5, 2));
    assertThrows(IllegalArgumentException.class, () -> OrderedBytes.decimalWidth(0));
  }

  static List<String> strings(Random random) {
    // Code points where UTF-16 order and code point order disagree (U+E000, U+FFFF vs U+1F600),
    // multi-byte ones, NUL, and the largest code point.
    int[] alphabet = {'a', 'b', 'z', 'A', 0, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xE000,
        0xFFFF, 0x10000, 0x1F600, 0x10FFFF};
    String shared = "https://example.com/a/rather/long/shared/prefix/";
    List<String> values = new ArrayList<>(List.of("", "a", "aa", "b", "ab", "\u0000", "\uFFFF",
        new String(Character.toChars(0x1F600)), shared, shared + "x"));
    for (int i = 0; i < RANDOM_VALUES; i++) {
      StringBuilder s = new StringBuilder(i % 3 == 0 ? shared : "");
      int length = random.nextInt(12);
      for (int j = 0; j < length; j++) {
        s.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
      }
      values.add(s.toString());
    }
    return values;
  }

  @Test
  void stringsInCodePointOrder() {
    List<String> values = strings(new Random(SEED + 5));
    assertBytesKeepOrder(values, CODE_POINTS, OrderedBytes::encodeString);
    // Where Java's String order differs: U+FFFF sorts before U+1F600 by code point.
    assertTrue(Arrays.compareUnsigned(OrderedBytes.encodeString("\uFFFF"),
        OrderedBytes.encodeString(new String(Character.toChars(0x1F600)))) < 0);
    assertEquals(0, OrderedBytes.encodeString("").length);
  }

  @Test
  void binariesAsUnsignedBytes() {
    Random random = new Random(SEED + 6);
    List<byte[]> values = new ArrayList<>(List.of(new byte[0], new byte[] {0}, new byte[] {-1},
        new byte[] {(byte) 0x80}, new byte[] {0x7F}, new byte[] {0, 0}));
    byte[] shared = new byte[20];
    random.nextBytes(shared);
    for (int i = 0; i < RANDOM_VALUES; i++) {
      byte[] tail = new byte[random.nextInt(6)];
      random.nextBytes(tail);
      byte[] v = i % 2 == 0 ? tail : Arrays.copyOf(shared, shared.length + tail.length);
      if (i % 2 != 0) {
        System.arraycopy(tail, 0, v, shared.length, tail.length);
      }
      values.add(v);
    }
    assertBytesKeepOrder(values, Arrays::compareUnsigned, OrderedBytes::encodeBinary);
  }

  @Test
  void nullsSortFirstForEveryType() {
    List<String> strings = new ArrayList<>(strings(new Random(SEED + 8)).subList(0, 200));
    strings.add(null);
    strings.add(null);
    assertBytesKeepOrder(strings, Comparator.nullsFirst(CODE_POINTS),
        s -> OrderedBytes.nullable(s == null ? null : OrderedBytes.encodeString(s)));
    // The null differs from the empty string.
    assertTrue(Arrays.compareUnsigned(OrderedBytes.nullable(null),
        OrderedBytes.nullable(OrderedBytes.encodeString(""))) < 0);

    List<Double> doubles = new ArrayList<>(List.of(Double.NEGATIVE_INFINITY, -0.0, Double.NaN));
    doubles.add(null);
    assertBytesKeepOrder(doubles, Comparator.nullsFirst(SPARK_DOUBLE),
        d -> OrderedBytes.nullable(d == null ? null : OrderedBytes.encodeDouble(d)));

    List<Long> longs = new ArrayList<>(List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE));
    longs.add(null);
    assertBytesKeepOrder(longs, Comparator.nullsFirst(Comparator.naturalOrder()),
        v -> OrderedBytes.nullable(v == null ? null : OrderedBytes.encodeLong(v)));
  }
}
