package dev.hudilayout.spark;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.sample.BottomKSample;
import dev.hudilayout.layout.sample.SampleRow;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.spark.api.java.JavaRDD;

import java.io.Serializable;
import java.util.List;

/**
 * Stage "encode" of the RDD path: a Hudi record's sort columns as order-preserving bytes
 * ({@link ValueEncoding}), as {@link RowEncoder} does for Spark rows. Sent with the tasks that
 * place records.
 */
final class RecordEncoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final RecordValues values;
  private final int columns;

  RecordEncoder(LayoutSpec spec, RecordValues values) {
    this.values = values;
    this.columns = spec.columns().size();
  }

  /** The sort columns' values, encoded, in the spec's order. */
  byte[][] encode(HoodieRecord<?> r) {
    Object[] read = values.of(r);
    byte[][] out = new byte[columns][];
    for (int i = 0; i < columns; i++) {
      out[i] = ValueEncoding.encode(read[i]);
    }
    return out;
  }

  /**
   * Stage "sample" for a group the instant's sample does not cover: a bottom-k sample of the
   * group's own records ({@link BottomKSample}, the spec's size and seed), one pass over them.
   */
  <T> List<SampleRow> sample(JavaRDD<HoodieRecord<T>> records, LayoutSpec spec) {
    RecordEncoder encoder = this;
    return records
        .treeAggregate(new BottomKSample(spec.sampleSize(), spec.seed()),
            (acc, r) -> acc.add(new SampleRow(r.getRecordKey(), "", encoder.encode(r))),
            BottomKSample::merge, 2)
        .rows();
  }
}
