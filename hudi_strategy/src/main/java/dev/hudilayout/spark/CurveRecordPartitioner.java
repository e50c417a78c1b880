package dev.hudilayout.spark;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;
import dev.hudilayout.plan.AppliedLayouts;
import dev.hudilayout.plan.GroupPlacement;
import dev.hudilayout.plan.PlannedGroup;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

import java.util.List;

import scala.Tuple2;

/**
 * RDD path ({@code hoodie.datasource.write.row.writer.enable=false}) of one clustering group, the
 * same stages as {@link CurveRowPartitioner} over Hudi records: sample ({@link RecordEncoder#sample},
 * only when needed) -&gt; choose the placement ({@link GroupPlacement}) -&gt; assign records to
 * files ({@link FilePartitioner}), each file sorted by the records' keys. Linear layout here
 * orders by the columns' coordinates, column after column.
 */
public final class CurveRecordPartitioner<T> implements BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> {
  private static final long serialVersionUID = 1L;
  private final LayoutSpec spec;
  private final transient CurveSpace space;
  private final transient List<SampleRow> groupSample;
  private final RecordValues values;
  private final transient AppliedLayouts applied;
  private final transient PlannedGroup planned;
  private final transient double[] reach;

  /**
   * @param planned the group as the continuous plan planned it, or null
   * @param values  a record's sort-column values, as the Hudi line reads them
   * @param reach   the reach of the group's partition ({@link dev.hudilayout.layout.grid.PartitionReach}), or null
   */
  public CurveRecordPartitioner(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample, RecordValues values,
                                AppliedLayouts applied, PlannedGroup planned, double[] reach) {
    this.planned = planned;
    this.reach = reach;
    this.spec = spec;
    this.space = space;
    this.groupSample = groupSample;
    this.values = values;
    this.applied = applied;
  }

  @Override
  public JavaRDD<HoodieRecord<T>> repartitionRecords(JavaRDD<HoodieRecord<T>> records, int outputPartitions) {
    RecordEncoder encoder = new RecordEncoder(spec, values);
    GroupPlacement chosen = GroupPlacement.choose(spec, space, groupSample, () -> encoder.sample(records, spec),
        outputPartitions, planned, reach, applied);
    Broadcast<Placement> shared = JavaSparkContext.fromSparkContext(records.context()).broadcast(chosen.placement);
    return records
        .mapToPair(r -> new Tuple2<Object, HoodieRecord<T>>(
            shared.value().key(encoder.encode(r), r.getRecordKey()), r))
        .repartitionAndSortWithinPartitions(new FilePartitioner(shared, chosen.files))
        .values();
  }

  @Override
  public boolean arePartitionRecordsSorted() {
    return true;
  }
}
