package dev.hudilayout.spark;

import dev.hudilayout.layout.sample.RowHash;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RowEncoderTest {
  private static final long SEED = 0x5EEDL;

  private static InternalRow unsafeRow(String key) {
    GenericInternalRow row = new GenericInternalRow(new Object[] {7, key == null ? null : UTF8String.fromString(key)});
    return UnsafeProjection.create(new DataType[] {DataTypes.IntegerType, DataTypes.StringType}).apply(row).copy();
  }

  @Test
  void recordKeyHashIsTheHashOfTheKeyString() {
    RowEncoder encoder = new RowEncoder(new int[] {0}, new DataType[] {DataTypes.IntegerType}, 1);
    for (String key : Arrays.asList("", "1", "lo_key:123456789", "Aa", "BB", "clé-42", "日本-7", "\u007f~", null)) {
      long expected = RowHash.of(key, SEED);
      assertEquals(expected, encoder.recordKeyHash(unsafeRow(key), SEED), "key " + key);
      GenericInternalRow generic = new GenericInternalRow(new Object[] {7, key == null ? null : UTF8String.fromString(key)});
      assertEquals(expected, encoder.recordKeyHash(generic, SEED), "key " + key);
    }
  }

  @Test
  void rowsWithoutAKeyHashAsTheNullKey() {
    RowEncoder encoder = new RowEncoder(new int[] {0}, new DataType[] {DataTypes.IntegerType}, -1);
    assertEquals(RowHash.of(null, SEED), encoder.recordKeyHash(unsafeRow("x"), SEED));
  }
}
