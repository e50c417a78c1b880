package dev.hudilayout.hudi;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;
import dev.hudilayout.plan.AppliedLayouts;
import dev.hudilayout.plan.GroupPlacement;
import dev.hudilayout.plan.PlannedGroup;
import dev.hudilayout.spark.HelperColumns;
import dev.hudilayout.spark.PartitionTokens;
import dev.hudilayout.spark.RowEncoder;

import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.unsafe.types.UTF8String;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stages "placement" and "write" for every group of a plan at once: each group placed as it would
 * be on its own ({@link GroupPlacement}: its own grid or curve, its own files), and one shuffle of
 * the rows of all groups, read by one scan ({@link BaseFileScan#rowsOf}), each row to its
 * group's file. A plan of a thousand partitions then runs as one Spark job of one scan, one
 * shuffle and one write, where a job per group pays Spark's fixed cost of a job (and of a scan and
 * a shuffle stage) a thousand times.
 */
public final class PlanPlacement {
  /** The partitioner Hudi's writer gets for rows this class placed: they are where they go, sorted. */
  public static final BulkInsertPartitioner<Dataset<Row>> PLACED = new BulkInsertPartitioner<Dataset<Row>>() {
    private static final long serialVersionUID = 1L;

    @Override
    public Dataset<Row> repartitionRecords(Dataset<Row> rows, int outputPartitions) {
      return rows;
    }

    @Override
    public boolean arePartitionRecordsSorted() {
      return true;
    }
  };

  /** The rows of every group, one Spark partition per output file, each sorted: the table's schema. */
  public final Dataset<Row> rows;
  /** The output files of all groups. */
  public final int files;

  private PlanPlacement(Dataset<Row> rows, int files) {
    this.rows = rows;
    this.files = files;
  }

  /**
   * @param scanned    the rows of all groups, with the file each came from as the last column
   *                   ({@link BaseFileScan#rowsOf}) when {@code withFile}
   * @param withFile   whether {@code scanned} carries that column: it must when there is more than one group
   * @param fileNames  per group, the names of its base files
   * @param samples    per group, its rows in the instant's sample (none empty)
   * @param requested  per group, the files the plan asks for
   * @param planned    per group, as the continuous plan planned it, or null
   * @param reach      per group, the reach of its partition ({@link dev.hudilayout.layout.grid.PartitionReach}), or null
   */
  public static PlanPlacement place(LayoutSpec spec, CurveSpace space, Dataset<Row> scanned, boolean withFile,
                                    List<List<String>> fileNames, List<List<SampleRow>> samples,
                                    List<Integer> requested, List<PlannedGroup> planned, List<double[]> reach,
                                    AppliedLayouts applied) {
    int groups = fileNames.size();
    Placement[] placements = new Placement[groups];
    int[] offsets = new int[groups + 1];
    Map<String, Integer> groupOfFile = new HashMap<>();
    for (int g = 0; g < groups; g++) {
      List<SampleRow> sample = samples.get(g);
      GroupPlacement chosen = GroupPlacement.choose(spec, space, sample, () -> {
        throw new IllegalStateException("hudi-layout: a group of the plan has no rows in the instant's sample");
      }, requested.get(g), planned.get(g), reach.get(g), applied);
      placements[g] = chosen.placement;
      offsets[g + 1] = offsets[g] + chosen.files;
      for (String name : fileNames.get(g)) {
        groupOfFile.put(name, g);
      }
      if (applied != null) {
        applied.read(true);
      }
    }
    int files = offsets[groups];
    int[] tokens = PartitionTokens.forPartitions(files);
    int orderBits = 63 - PartitionTokens.bits(tokens);
    int[][] groupTokens = new int[groups][];
    for (int g = 0; g < groups; g++) {
      groupTokens[g] = Arrays.copyOfRange(tokens, offsets[g], offsets[g + 1]);
    }
    RowEncoder encoder = RowEncoder.of(spec, scanned.schema());
    int fileColumn = scanned.schema().size() - 1;
    if (!withFile && groups != 1) {
      throw new IllegalArgumentException("hudi-layout: the rows of " + groups + " groups must say the file each came from");
    }
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(scanned.sparkSession().sparkContext());
    Broadcast<Placement[]> sharedPlacements = jsc.broadcast(placements);
    Broadcast<Map<String, Integer>> sharedGroups = jsc.broadcast(groupOfFile);
    Dataset<Row> placed = HelperColumns.byPlacement(scanned, files, orderBits, -1, () -> {
      Placement[] ps = sharedPlacements.value();
      Map<String, Integer> groupOf = sharedGroups.value();
      int[] last = {withFile ? -1 : 0};
      UTF8String[] lastFile = {null};
      return row -> {
        UTF8String file = withFile ? row.getUTF8String(fileColumn) : null;
        if (withFile && (lastFile[0] == null || !lastFile[0].equals(file))) {
          Integer g = groupOf.get(BaseFileScan.fileName(file.toString()));
          if (g == null) {
            throw new IllegalStateException("hudi-layout: a row was read from " + file
                + ", which no clustering group of the plan holds");
          }
          last[0] = g;
          lastFile[0] = file.clone();
        }
        int g = last[0];
        return ps[g].placement(encoder.encode(row), encoder.recordKeyHash(row, CurveSpace.ROW_HASH_SEED),
            groupTokens[g], orderBits);
      };
    }, withFile);
    return new PlanPlacement(placed, files);
  }
}
