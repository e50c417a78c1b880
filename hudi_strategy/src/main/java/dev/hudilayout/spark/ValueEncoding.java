package dev.hudilayout.spark;

import dev.hudilayout.encoding.OrderedBytes;

import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * One column value, whatever Java class it arrives as, to {@link OrderedBytes}' nullable byte form
 * (unsigned byte order = value order, nulls first).
 *
 * <p>One column's values arrive as different classes: Spark's internal values on the row-writer
 * path ({@code Integer} days, {@code Long} micros, {@code UTF8String}, {@code Decimal}), Java/Avro
 * values on the RDD path, and {@code LocalDate}, {@code Instant} or a {@code BigDecimal} with
 * trailing zeros stripped from the column-stats index. So every kind has one width whatever the
 * class: all integers, dates and timestamps as 8-byte longs, floats widened to doubles (exact),
 * and decimals rescaled to scale 38 at precision 76, which holds any Spark decimal(38, s) exactly
 * and makes {@code 12.5} and {@code 12.50} encode alike.
 */
public final class ValueEncoding {
  private static final int DECIMAL_PRECISION = 76;
  private static final int DECIMAL_SCALE = 38;

  private ValueEncoding() {
  }

  public static byte[] encode(Object v) {
    return OrderedBytes.nullable(v == null ? null : encodeValue(v));
  }

  private static byte[] encodeValue(Object v) {
    if (v instanceof UTF8String) {
      return OrderedBytes.encodeBinary(((UTF8String) v).getBytes());
    }
    if (v instanceof CharSequence) {
      return OrderedBytes.encodeString(v.toString());
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return OrderedBytes.encodeLong(((Number) v).longValue());
    }
    if (v instanceof Double || v instanceof Float) {
      return OrderedBytes.encodeDouble(((Number) v).doubleValue());
    }
    if (v instanceof Boolean) {
      return OrderedBytes.encodeBoolean((Boolean) v);
    }
    if (v instanceof Decimal) {
      return decimal(((Decimal) v).toJavaBigDecimal());
    }
    if (v instanceof BigDecimal) {
      return decimal((BigDecimal) v);
    }
    if (v instanceof LocalDate) {
      return OrderedBytes.encodeLong(((LocalDate) v).toEpochDay());
    }
    if (v instanceof java.sql.Date) {
      return OrderedBytes.encodeLong(((java.sql.Date) v).toLocalDate().toEpochDay());
    }
    if (v instanceof Instant) {
      return OrderedBytes.encodeLong(micros((Instant) v));
    }
    if (v instanceof java.sql.Timestamp) {
      return OrderedBytes.encodeLong(micros(((java.sql.Timestamp) v).toInstant()));
    }
    if (v instanceof LocalDateTime) {
      return OrderedBytes.encodeLong(micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC)));
    }
    if (v instanceof byte[]) {
      return OrderedBytes.encodeBinary((byte[]) v);
    }
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return OrderedBytes.encodeBinary(out);
    }
    throw new IllegalArgumentException("hudi-layout has no order-preserving encoding for values of "
        + v.getClass().getName());
  }

  private static byte[] decimal(BigDecimal d) {
    return OrderedBytes.encodeDecimal(d, DECIMAL_PRECISION, DECIMAL_SCALE);
  }

  /** Microseconds since the epoch, as Spark stores timestamp and timestamp_ntz values. */
  private static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }
}
