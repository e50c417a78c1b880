package dev.hudilayout.spark;

import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sorting by the encoding (unsigned bytes) must equal sorting by the value, nulls first. */
class ValueEncodingTest {

  private static <T> void assertOrderPreserved(List<T> values, Comparator<T> byValue) {
    List<T> expected = new ArrayList<>(values);
    expected.sort(Comparator.nullsFirst(byValue));
    List<T> actual = new ArrayList<>(values);
    actual.sort((a, b) -> Arrays.compareUnsigned(ValueEncoding.encode(a), ValueEncoding.encode(b)));
    for (int i = 0; i < expected.size(); i++) {
      T e = expected.get(i);
      T a = actual.get(i);
      assertEquals(0, e == null || a == null ? (e == a ? 0 : 1) : byValue.compare(e, a),
          "position " + i + ": expected " + e + " got " + a);
    }
  }

  @Test
  void longs() {
    Random r = new Random(1);
    List<Long> v = new ArrayList<>(Arrays.asList(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L, null));
    for (int i = 0; i < 2000; i++) {
      v.add(r.nextLong());
    }
    assertOrderPreserved(v, Long::compare);
  }

  @Test
  void doublesWithSparkSemantics() {
    Random r = new Random(2);
    List<Double> v = new ArrayList<>(Arrays.asList(Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
        -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, null));
    for (int i = 0; i < 2000; i++) {
      v.add((r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20));
    }
    // Spark: -0.0 equals 0.0, NaN above everything.
    Comparator<Double> spark = (a, b) -> a.isNaN() || b.isNaN() ? Boolean.compare(a.isNaN(), b.isNaN())
        : Double.compare(a == 0.0 ? 0.0 : a, b == 0.0 ? 0.0 : b);
    assertOrderPreserved(v, spark);
    assertTrue(Arrays.equals(ValueEncoding.encode(-0.0), ValueEncoding.encode(0.0)));
  }

  @Test
  void stringsCompareAsUnsignedUtf8AndPadOnTheRight() {
    List<String> v = new ArrayList<>(Arrays.asList("", "a", "aa", "b", "https://shop.example/p/1",
        "https://shop.example/p/10", "https://shop.example/p/2", "é", "中文", "\u0000", null));
    Random r = new Random(3);
    for (int i = 0; i < 500; i++) {
      v.add("https://shop.example/item/" + r.nextInt(100000));
    }
    assertOrderPreserved(v, (a, b) -> UTF8String.fromString(a).compareTo(UTF8String.fromString(b)));
  }

  @Test
  void decimalsKeepTheirFraction() {
    List<BigDecimal> v = new ArrayList<>();
    Random r = new Random(4);
    for (int i = 0; i < 1000; i++) {
      v.add(new BigDecimal(new java.math.BigInteger(120, r), 18).multiply(BigDecimal.valueOf(r.nextBoolean() ? 1 : -1))
          .setScale(18));
    }
    v.add(new BigDecimal("0.000000000000000001"));
    v.add(new BigDecimal("-0.000000000000000001"));
    v.add(BigDecimal.ZERO.setScale(18));
    assertOrderPreserved(v, BigDecimal::compareTo);
    // Spark's Decimal and Java's BigDecimal of one value encode alike.
    assertTrue(Arrays.equals(ValueEncoding.encode(Decimal.apply(new BigDecimal("12.50"))),
        ValueEncoding.encode(new BigDecimal("12.50"))));
  }
}
