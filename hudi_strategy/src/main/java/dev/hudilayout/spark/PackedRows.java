package dev.hudilayout.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;

/**
 * Spark's binary rows packed for the shuffle, and unpacked after it, byte for byte.
 *
 * <p>A binary row ({@link UnsafeRow}) is a sequence of 8-byte words: a null bit per field, a word per
 * field (an int or a date in a word of its own, a string's offset and length), then the strings,
 * each padded to whole words. Most of its bytes are zeros: a small number is one non-zero byte
 * and seven zeros. Spark compresses what it shuffles, but a compressor that finds repeats sees
 * those zeros as many short runs, each of which costs it bytes. Packed, each word is one byte that
 * says which of its bytes are not zero, followed by those bytes: an int of 1..255 takes 2 bytes
 * instead of 8, an empty or null field 1.
 *
 * <p>Layout: the row's size in words (unsigned LEB128), then per word its mask byte (bit i set when
 * byte i of the word, least significant first, is not zero) and its non-zero bytes in order.
 */
final class PackedRows {
  /** The shuffle's rows: a row's placement, and the row packed. */
  static final String KEY = "_hudilayout_curve_key";
  static final StructType SCHEMA = new StructType()
      .add(KEY, DataTypes.LongType, false)
      .add("_hudilayout_packed_row", DataTypes.BinaryType, false);

  private PackedRows() {
  }

  /** Packs rows with their placement into rows of {@link #SCHEMA}, each into the same buffer. */
  static final class Packer {
    private final UnsafeRowWriter writer = new UnsafeRowWriter(2, 256);
    private byte[] scratch = new byte[256];

    UnsafeRow pack(long key, UnsafeRow row) {
      int most = maxPackedSize(row.getSizeInBytes());
      if (scratch.length < most) {
        scratch = new byte[2 * most];
      }
      int length = PackedRows.pack(row, scratch);
      writer.reset();
      writer.zeroOutNullBytes();
      writer.write(0, key);
      writer.write(1, scratch, 0, length);
      return writer.getRow();
    }
  }

  /** The most bytes {@link #pack} writes for a row of {@code sizeInBytes}. */
  static int maxPackedSize(int sizeInBytes) {
    return 5 + sizeInBytes + sizeInBytes / 8;
  }

  /** Packs {@code row} into {@code out} (at least {@link #maxPackedSize} long) and returns the bytes written. */
  static int pack(UnsafeRow row, byte[] out) {
    Object base = row.getBaseObject();
    long offset = row.getBaseOffset();
    int words = row.getSizeInBytes() / 8;
    int p = 0;
    for (int v = words; ; v >>>= 7) {
      if (v < 0x80) {
        out[p++] = (byte) v;
        break;
      }
      out[p++] = (byte) (v | 0x80);
    }
    for (int i = 0; i < words; i++) {
      long w = Platform.getLong(base, offset + 8L * i);
      if (w == 0) {
        out[p++] = 0;
        continue;
      }
      int maskAt = p++;
      int mask = 0;
      for (int b = 0; w != 0; b++, w >>>= 8) {
        byte value = (byte) w;
        if (value != 0) {
          mask |= 1 << b;
          out[p++] = value;
        }
      }
      out[maskAt] = (byte) mask;
    }
    return p;
  }

  /** Unpacks rows of one schema, each into the same buffer (so a row is valid until the next one). */
  static final class Unpacker {
    private final UnsafeRow row;
    private byte[] buffer = new byte[64];

    Unpacker(int fields) {
      this.row = new UnsafeRow(fields);
    }

    /** The row packed in a row of {@link #SCHEMA}. */
    UnsafeRow unpack(InternalRow pair) {
      if (pair instanceof UnsafeRow) {
        UnsafeRow binary = (UnsafeRow) pair;
        long offsetAndSize = binary.getLong(1);
        return unpack(binary.getBaseObject(), binary.getBaseOffset() + (offsetAndSize >>> 32), (int) offsetAndSize);
      }
      byte[] bytes = pair.getBinary(1);
      return unpack(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
    }

    /** The row packed in {@code length} bytes of {@code base} from {@code offset}. */
    UnsafeRow unpack(Object base, long offset, int length) {
      long p = offset;
      long end = offset + length;
      int words = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = Platform.getByte(base, p++);
        words |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      int size = 8 * words;
      if (buffer.length < size) {
        buffer = new byte[Math.max(size, 2 * buffer.length)];
      }
      for (int i = 0; i < words; i++) {
        int mask = Platform.getByte(base, p++) & 0xFF;
        long w = 0;
        for (int b = 0; mask != 0; b++, mask >>>= 1) {
          if ((mask & 1) != 0) {
            w |= (Platform.getByte(base, p++) & 0xFFL) << (8 * b);
          }
        }
        Platform.putLong(buffer, Platform.BYTE_ARRAY_OFFSET + 8L * i, w);
      }
      if (p != end) {
        throw new IllegalStateException("a packed row of " + length + " bytes unpacked from " + (p - offset));
      }
      row.pointTo(buffer, Platform.BYTE_ARRAY_OFFSET, size);
      return row;
    }
  }
}
