package dev.hudilayout.continuous;

import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.spark.HelperColumns;
import dev.hudilayout.spark.PartitionTokens;
import dev.hudilayout.spark.RowEncoder;

import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.StringUtils;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.exception.TableNotFoundException;
import org.apache.hudi.keygen.constant.KeyGeneratorOptions;
import org.apache.hudi.execution.bulkinsert.BulkInsertInternalPartitionerWithRowsFactory;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage "write" of the continuous layout for the table's own bulk inserts: each new row goes to
 * the region of its partition's recorded region tree ({@link RecordedGrids}) that holds its
 * values, one Spark partition per region, so every file the write makes lies inside one region. The next
 * continuous plan finds the write's rows as a pending layer of the regions they fall in instead of
 * as files that span every region: a region falls due on its own rows, and a due region's group
 * holds its own files only, whatever {@code max.bytes.per.group} is. (Files spanning every region
 * must first be laid on the grid in a group of their own, and a due region that does not fit
 * beside them gets their rows back at once as a pending layer.)
 *
 * <p>Rows of a partition with no grid recorded yet (the table's first write, a new partition) are
 * spread over the write's parallelism by record key; a write into a table without any recorded grid
 * is left to Hudi's own bulk-insert partitioner (its sort mode). Each file is sorted by the grid's
 * columns. A row with a null sort value goes to the bucket nulls sort into; its file then has no
 * [min, max] on that column and counts as new rows, as any write's file does.
 *
 * <p>Use with {@code hoodie.bulkinsert.user.defined.partitioner.class=dev.hudilayout.continuous.RegionWritePartitioner}
 * ({@code LayoutOptions(continuous=True)} sets it in its write options); Hudi reads that key for
 * {@code bulk_insert} only.
 */
public final class RegionWritePartitioner implements BulkInsertPartitioner<Dataset<Row>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RegionWritePartitioner.class);
  private final HoodieWriteConfig config;

  /** The constructor Hudi calls for a user-defined bulk-insert partitioner. */
  public RegionWritePartitioner(HoodieWriteConfig config) {
    this.config = config;
  }

  @Override
  public Dataset<Row> repartitionRecords(Dataset<Row> rows, int outputPartitions) {
    Map<String, RecordedGrids.Tree> grids = recorded(rows);
    if (grids.isEmpty()) {
      boolean partitioned = !StringUtils.isNullOrEmpty(
          config.getProps().getProperty(KeyGeneratorOptions.PARTITIONPATH_FIELD_NAME.key()));
      return BulkInsertInternalPartitionerWithRowsFactory.get(config, partitioned)
          .repartitionRecords(rows, outputPartitions);
    }
    StructType schema = rows.schema();
    int spread = Math.max(1, outputPartitions);
    Routes routes = new Routes(grids, schema, spread);
    int[] tokens = PartitionTokens.forPartitions(routes.slots);
    LOG.info("hudi-layout: bulk insert on the recorded grid: {} region(s) in {} partition(s), {} Spark partition(s) "
        + "for rows of partitions without a grid", routes.slots - spread, grids.size(), spread);
    List<String> columns = grids.values().iterator().next().columns;
    Column[] sort = columns.stream().map(functions::col).toArray(Column[]::new);
    return HelperColumns.byToken(rows, routes.slots, sort, -1, () -> {
      Routes r = routes;
      return row -> tokens[r.slot(row)];
    });
  }

  /** Rows of one write keep no order Hudi's writer could rely on across partitions of the table. */
  @Override
  public boolean arePartitionRecordsSorted() {
    return false;
  }

  private Map<String, RecordedGrids.Tree> recorded(Dataset<Row> rows) {
    try {
      HoodieTableMetaClient meta = TableClients.meta(rows.sparkSession().sparkContext().hadoopConfiguration(),
          config.getBasePath());
      return RecordedGrids.newest(meta);
    } catch (TableNotFoundException e) {
      return new HashMap<>();
    }
  }

  /**
   * Where each row goes: the regions of every partition with a grid, numbered one after another
   * ({@link Route}), then {@code spread} Spark partitions for rows of partitions without one.
   */
  private static final class Routes implements Serializable {
    private static final long serialVersionUID = 1L;
    final Map<String, Route> byPartition = new HashMap<>();
    final int slots;
    final int spread;
    final int partitionOrdinal;
    final int keyOrdinal;
    private transient UTF8String lastPartition;
    private transient Route lastRoute;

    Routes(Map<String, RecordedGrids.Tree> grids, StructType schema, int spread) {
      int offset = 0;
      for (Map.Entry<String, RecordedGrids.Tree> g : grids.entrySet()) {
        RegionTree tree = RegionTree.parse(g.getValue().tree);
        RowEncoder encoder = RowEncoder.of(LayoutSpec.builder(g.getValue().columns).build(), schema);
        byPartition.put(g.getKey(), new Route(encoder, tree, offset));
        offset += tree.regions();
      }
      this.slots = offset + spread;
      this.spread = spread;
      List<String> names = Arrays.asList(schema.fieldNames());
      this.partitionOrdinal = names.indexOf(HoodieRecord.PARTITION_PATH_METADATA_FIELD);
      this.keyOrdinal = names.indexOf(HoodieRecord.RECORD_KEY_METADATA_FIELD);
    }

    int slot(InternalRow row) {
      UTF8String partition = partitionOrdinal < 0 || row.isNullAt(partitionOrdinal)
          ? UTF8String.EMPTY_UTF8 : row.getUTF8String(partitionOrdinal);
      if (!partition.equals(lastPartition)) {
        lastPartition = partition.clone();
        lastRoute = byPartition.get(partition.toString());
      }
      if (lastRoute != null) {
        return lastRoute.slot(row);
      }
      int hash = keyOrdinal < 0 || row.isNullAt(keyOrdinal) ? 0 : row.getUTF8String(keyOrdinal).hashCode();
      return slots - spread + Math.floorMod(hash, spread);
    }
  }

  /** One partition's region tree: a row goes to its region, numbered from {@code offset} in curve order. */
  private static final class Route implements Serializable {
    private static final long serialVersionUID = 1L;
    final RowEncoder encoder;
    final RegionTree tree;
    final int offset;

    Route(RowEncoder encoder, RegionTree tree, int offset) {
      this.encoder = encoder;
      this.tree = tree;
      this.offset = offset;
    }

    int slot(InternalRow row) {
      return offset + (int) tree.cellOrder(encoder.encode(row));
    }
  }
}
