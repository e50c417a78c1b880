package dev.hudilayout.spark;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.continuous.Stage;
import dev.hudilayout.layout.BottomKSample;
import dev.hudilayout.layout.CurveModel;
import dev.hudilayout.layout.CurveSpace;
import dev.hudilayout.layout.SampleRow;
import dev.hudilayout.layout.ValueEncoding;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.schema.HoodieSchema;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

import java.util.List;

import scala.Tuple2;

/**
 * RDD path ({@code hoodie.datasource.write.row.writer.enable=false}): the same placement as
 * {@link CurveRowPartitioner}, over Hudi records. Linear layout here orders by the columns'
 * coordinates, column after column.
 */
public final class CurveRecordPartitioner<T> implements BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> {
  private static final long serialVersionUID = 1L;
  private final LayoutSpec spec;
  private final transient CurveSpace space;
  private final transient List<SampleRow> groupSample;
  private final HoodieSchema schema;
  private final boolean consistentLogicalTimestamp;
  private final transient AppliedLayouts applied;
  private final transient Stage stage;

  public CurveRecordPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                                HoodieSchema schema, boolean consistentLogicalTimestamp, AppliedLayouts applied) {
    this(spec, space, groupSample, schema, consistentLogicalTimestamp, applied, null);
  }

  /** @param stage the group's continuous-layout stage, or null (see {@link Stage#model}) */
  public CurveRecordPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample, HoodieSchema schema,
                                boolean consistentLogicalTimestamp, AppliedLayouts applied, Stage stage) {
    this.stage = stage;
    this.spec = spec;
    this.space = space;
    this.groupSample = groupSample;
    this.schema = schema;
    this.consistentLogicalTimestamp = consistentLogicalTimestamp;
    this.applied = applied;
  }

  @Override
  public JavaRDD<HoodieRecord<T>> repartitionRecords(JavaRDD<HoodieRecord<T>> records, int outputPartitions) {
    SortColumns.validate(spec, schema);
    String[] cols = spec.columns().toArray(new String[0]);
    HoodieSchema s = schema;
    boolean consistent = consistentLogicalTimestamp;
    long seed = spec.seed();
    int k = spec.sampleSize();
    CurveModel m = Stage.model(stage, spec, space, groupSample, () -> records
        .treeAggregate(new BottomKSample(k, seed),
            (acc, r) -> acc.add(new SampleRow(r.getRecordKey(), "", encode(r, s, cols, consistent))),
            BottomKSample::merge, 2)
        .rows(), outputPartitions);
    int files = stage != null ? m.files() : Math.max(1, outputPartitions);
    if (applied != null) {
      applied.record(spec, files, CurveModel.usesInstantSample(space, groupSample), m);
      if (stage != null) {
        applied.continuous(stage, stage.gridAfter(m));
      }
    }
    Broadcast<CurveModel> bModel = JavaSparkContext.fromSparkContext(records.context()).broadcast(m);
    return records
        .mapToPair(r -> new Tuple2<Object, HoodieRecord<T>>(
            bModel.value().key(encode(r, s, cols, consistent), r.getRecordKey()), r))
        .repartitionAndSortWithinPartitions(new FilePartitioner(bModel, files))
        .values();
  }

  static byte[][] encode(HoodieRecord<?> r, HoodieSchema schema, String[] cols, boolean consistent) {
    Object[] values = r.getColumnValues(schema, cols, consistent);
    byte[][] out = new byte[cols.length][];
    for (int i = 0; i < cols.length; i++) {
      out[i] = ValueEncoding.encode(values[i]);
    }
    return out;
  }

  @Override
  public boolean arePartitionRecordsSorted() {
    return true;
  }
}
