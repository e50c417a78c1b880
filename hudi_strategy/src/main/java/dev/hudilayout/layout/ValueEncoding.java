package dev.hudilayout.layout;

import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Turns one column value into bytes whose unsigned lexicographic order is the value's order, so
 * that every type is bucketed and normalised by the same code. Nulls sort first for every type:
 * a null is the single byte 0x00 and every other value starts with 0x01.
 *
 * <p>Accepts both Spark's internal values (row-writer path) and the Java/Avro values that Hudi
 * records give (RDD path).
 */
public final class ValueEncoding {
  private static final byte NULL = 0x00;
  private static final byte PRESENT = 0x01;

  private ValueEncoding() {
  }

  public static byte[] encode(Object v) {
    if (v == null) {
      return new byte[] {NULL};
    }
    if (v instanceof UTF8String) {
      return withPresent(((UTF8String) v).getBytes());
    }
    if (v instanceof CharSequence) {
      return withPresent(v.toString().getBytes(StandardCharsets.UTF_8));
    }
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return fixed(((Number) v).longValue() ^ Long.MIN_VALUE);
    }
    if (v instanceof Double || v instanceof Float) {
      return fixed(sortableDouble(((Number) v).doubleValue()));
    }
    if (v instanceof Boolean) {
      return new byte[] {PRESENT, (byte) (((Boolean) v) ? 1 : 0)};
    }
    if (v instanceof Decimal) {
      return decimal(((Decimal) v).toJavaBigDecimal());
    }
    if (v instanceof BigDecimal) {
      return decimal((BigDecimal) v);
    }
    if (v instanceof byte[]) {
      return withPresent((byte[]) v);
    }
    if (v instanceof LocalDate) {
      return fixed(((LocalDate) v).toEpochDay() ^ Long.MIN_VALUE);
    }
    if (v instanceof java.sql.Date) {
      return fixed(((java.sql.Date) v).toLocalDate().toEpochDay() ^ Long.MIN_VALUE);
    }
    if (v instanceof Instant) {
      return fixed(micros((Instant) v) ^ Long.MIN_VALUE);
    }
    if (v instanceof java.sql.Timestamp) {
      return fixed(micros(((java.sql.Timestamp) v).toInstant()) ^ Long.MIN_VALUE);
    }
    if (v instanceof LocalDateTime) {
      return fixed(micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC)) ^ Long.MIN_VALUE);
    }
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return withPresent(out);
    }
    throw new IllegalArgumentException("hudi-layout has no order-preserving encoding for values of "
        + v.getClass().getName());
  }

  /**
   * Doubles: -0.0 is taken as 0.0 and every NaN as the one NaN above +Infinity, as Spark orders
   * them. Positive bit patterns already sort as unsigned once the sign bit is set; negative ones
   * sort backwards, so all their bits are flipped.
   */
  static long sortableDouble(double d) {
    if (d == 0.0d) {
      d = 0.0d;
    }
    long bits = Double.doubleToLongBits(d);
    return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
  }

  /**
   * Decimals of one column share a scale, so the unscaled integer orders them; it fits 16 bytes
   * for any precision up to 38, written two's complement with the sign bit flipped.
   */
  private static byte[] decimal(BigDecimal d) {
    BigInteger unscaled = d.unscaledValue();
    byte[] two = unscaled.toByteArray();
    byte[] out = new byte[17];
    out[0] = PRESENT;
    byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0x00);
    int pad = 16 - two.length;
    for (int i = 0; i < 16; i++) {
      out[1 + i] = i < pad ? fill : two[i - pad];
    }
    out[1] ^= (byte) 0x80;
    return out;
  }

  /** Microseconds since the epoch, as Spark stores timestamp and timestamp_ntz values. */
  private static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  private static byte[] fixed(long unsignedOrdered) {
    byte[] out = new byte[9];
    out[0] = PRESENT;
    for (int i = 0; i < 8; i++) {
      out[1 + i] = (byte) (unsignedOrdered >>> (56 - 8 * i));
    }
    return out;
  }

  private static byte[] withPresent(byte[] raw) {
    byte[] out = new byte[raw.length + 1];
    out[0] = PRESENT;
    System.arraycopy(raw, 0, out, 1, raw.length);
    return out;
  }
}
