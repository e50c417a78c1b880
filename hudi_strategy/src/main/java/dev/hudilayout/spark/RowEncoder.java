package dev.hudilayout.spark;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.sample.BottomKSample;
import dev.hudilayout.layout.sample.RowHash;
import dev.hudilayout.layout.sample.SampleRow;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * Stage "encode" of the row-writer path: a Spark row's sort columns as order-preserving bytes
 * ({@link ValueEncoding}), the input of every curve key and cut, and its record key (the row hash
 * and the sample's draw). Sent with the tasks that place rows; used by the instant's sample too.
 */
public final class RowEncoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final int[] ordinals;
  private final DataType[] types;
  /** Ordinal of the record key, or -1 if the rows have none. */
  private final int keyOrdinal;

  public RowEncoder(int[] ordinals, DataType[] types, int keyOrdinal) {
    this.ordinals = ordinals;
    this.types = types;
    this.keyOrdinal = keyOrdinal;
  }

  /** The spec's sort columns and Hudi's record-key column of rows with this schema. */
  public static RowEncoder of(LayoutSpec spec, StructType schema) {
    int[] ordinals = SortColumns.resolve(spec, schema);
    DataType[] types = new DataType[ordinals.length];
    for (int i = 0; i < ordinals.length; i++) {
      types[i] = schema.fields()[ordinals[i]].dataType();
    }
    return new RowEncoder(ordinals, types,
        Arrays.asList(schema.fieldNames()).indexOf(HoodieRecord.RECORD_KEY_METADATA_FIELD));
  }

  /** The sort columns' values, encoded, in the spec's order. */
  public byte[][] encode(InternalRow row) {
    byte[][] out = new byte[ordinals.length][];
    for (int i = 0; i < ordinals.length; i++) {
      out[i] = ValueEncoding.encode(row.isNullAt(ordinals[i]) ? null : row.get(ordinals[i], types[i]));
    }
    return out;
  }

  /**
   * {@link RowHash#of(String, long)} of the row's record key, without building the key's
   * {@code String} when its bytes are ASCII (then they are its chars, and their polynomial hash
   * is {@code String.hashCode}).
   */
  public long recordKeyHash(InternalRow row, long seed) {
    if (keyOrdinal < 0 || row.isNullAt(keyOrdinal)) {
      return RowHash.of(null, seed);
    }
    UTF8String key = row.getUTF8String(keyOrdinal);
    Object base = key.getBaseObject();
    long offset = key.getBaseOffset();
    int n = key.numBytes();
    int h = 0;
    for (int i = 0; i < n; i++) {
      byte b = Platform.getByte(base, offset + i);
      if (b < 0) {
        return RowHash.of(key.toString(), seed);
      }
      h = 31 * h + b;
    }
    return RowHash.of(h, n, seed);
  }

  /** The row's record key, or null. */
  public String recordKey(InternalRow row) {
    return keyOrdinal < 0 || row.isNullAt(keyOrdinal) ? null : row.getUTF8String(keyOrdinal).toString();
  }

  /**
   * Stage "sample" for a group the instant's sample does not cover: a bottom-k sample of the
   * group's own rows ({@link BottomKSample}, the spec's size and seed), one pass over them.
   */
  List<SampleRow> sample(Dataset<Row> rows, LayoutSpec spec) {
    RowEncoder encoder = this;
    return rows.queryExecution().toRdd().toJavaRDD()
        .treeAggregate(new BottomKSample(spec.sampleSize(), spec.seed()),
            (s, row) -> s.add(new SampleRow(encoder.recordKey(row), "", encoder.encode(row))),
            BottomKSample::merge, 2)
        .rows();
  }
}
