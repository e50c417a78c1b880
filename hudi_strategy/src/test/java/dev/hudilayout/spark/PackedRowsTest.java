package dev.hudilayout.spark;

import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PackedRowsTest {
  private static final DataType[] TYPES = {
      DataTypes.IntegerType, DataTypes.LongType, DataTypes.StringType, DataTypes.DoubleType,
      DataTypes.createDecimalType(30, 4), DataTypes.BinaryType, DataTypes.DateType,
      DataTypes.createArrayType(DataTypes.StringType), DataTypes.BooleanType, DataTypes.StringType};

  private static UnsafeRow row(Random random) {
    Object[] values = new Object[TYPES.length];
    values[0] = random.nextInt(3) == 0 ? null : random.nextInt();
    values[1] = random.nextBoolean() ? random.nextLong() : (long) random.nextInt(300) - 150;
    values[2] = random.nextInt(4) == 0 ? null : UTF8String.fromString(text(random, random.nextInt(40)));
    values[3] = random.nextBoolean() ? -0.0 : random.nextGaussian() * 1e6;
    values[4] = Decimal.apply(new BigDecimal(random.nextLong()).movePointLeft(4).multiply(BigDecimal.TEN), 30, 4);
    byte[] bytes = new byte[random.nextInt(20)];
    random.nextBytes(bytes);
    values[5] = bytes;
    values[6] = random.nextInt(20000);
    values[7] = new GenericArrayData(new Object[] {UTF8String.fromString(text(random, 3)), null,
        UTF8String.fromString("")});
    values[8] = random.nextBoolean();
    values[9] = UTF8String.fromString("");
    return UnsafeProjection.create(TYPES).apply(new GenericInternalRow(values)).copy();
  }

  private static String text(Random random, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(random.nextInt(10) == 0 ? "é日" : String.valueOf((char) ('a' + random.nextInt(26))));
    }
    return s.toString();
  }

  @Test
  void everyRowUnpacksToTheSameBytes() {
    Random random = new Random(11);
    PackedRows.Unpacker unpacker = new PackedRows.Unpacker(TYPES.length);
    long packedBytes = 0;
    long rowBytes = 0;
    for (int i = 0; i < 2000; i++) {
      UnsafeRow row = row(random);
      byte[] packed = new byte[PackedRows.maxPackedSize(row.getSizeInBytes())];
      int length = PackedRows.pack(row, packed);
      assertTrue(length <= packed.length);
      UnsafeRow back = unpacker.unpack(packed, Platform.BYTE_ARRAY_OFFSET, length);
      assertEquals(row.getSizeInBytes(), back.getSizeInBytes());
      assertArrayEquals(row.getBytes(), back.getBytes(), "row " + i);
      assertEquals(row.getUTF8String(2), back.getUTF8String(2));
      assertEquals(row.getDecimal(4, 30, 4), back.getDecimal(4, 30, 4));
      packedBytes += length;
      rowBytes += row.getSizeInBytes();
    }
    assertTrue(packedBytes < 0.75 * rowBytes, packedBytes + " packed bytes of " + rowBytes);
  }

  @Test
  void aRowCrossesBesideItsKeyAndComesBackWhole() {
    Random random = new Random(5);
    PackedRows.Packer packer = new PackedRows.Packer();
    PackedRows.Unpacker unpacker = new PackedRows.Unpacker(TYPES.length);
    for (int i = 0; i < 200; i++) {
      UnsafeRow row = row(random);
      long key = random.nextLong();
      UnsafeRow pair = packer.pack(key, row).copy();  // the shuffle copies what it is given
      assertEquals(2, pair.numFields());
      assertEquals(key, pair.getLong(0));
      assertArrayEquals(row.getBytes(), unpacker.unpack(pair).getBytes(), "row " + i);
      GenericInternalRow generic = new GenericInternalRow(new Object[] {key, pair.getBinary(1)});
      assertArrayEquals(row.getBytes(), unpacker.unpack(generic).getBytes(), "row " + i);
    }
  }

  @Test
  void aRowOfSmallNumbersTakesAboutTwoBytesAWord() {
    DataType[] ints = {DataTypes.IntegerType, DataTypes.IntegerType, DataTypes.LongType, DataTypes.IntegerType};
    UnsafeRow row = UnsafeProjection.create(ints).apply(new GenericInternalRow(new Object[] {7, null, 200L, 0}));
    byte[] packed = new byte[PackedRows.maxPackedSize(row.getSizeInBytes())];
    int length = PackedRows.pack(row, packed);
    // size 5 words; null bits (one byte set), 7, null, 200, 0
    assertEquals(1 + 2 + 2 + 1 + 2 + 1, length);
    assertEquals(200L, new PackedRows.Unpacker(4).unpack(packed, Platform.BYTE_ARRAY_OFFSET, length).getLong(2));
  }

  @Test
  void aPackedRowOfAnotherLengthIsRefused() {
    UnsafeRow row = row(new Random(3));
    byte[] packed = new byte[PackedRows.maxPackedSize(row.getSizeInBytes()) + 8];
    int length = PackedRows.pack(row, packed);
    assertThrows(IllegalStateException.class,
        () -> new PackedRows.Unpacker(TYPES.length).unpack(packed, Platform.BYTE_ARRAY_OFFSET, length + 1));
  }
}
