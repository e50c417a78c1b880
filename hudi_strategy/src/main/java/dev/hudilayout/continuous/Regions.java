package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutMetadata;
import dev.hudilayout.layout.AlignedCells;
import dev.hudilayout.spark.ColumnStatsBounds;

import org.apache.hudi.client.common.HoodieSparkEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.exception.HoodieException;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.apache.hudi.table.HoodieSparkTable;
import org.apache.hudi.table.HoodieTable;
import org.apache.spark.api.java.JavaSparkContext;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A partition's files sorted by the regions of its recorded grid: the plan decides from this
 * ({@link ContinuousPlanStrategy}) and the layout report shows it ({@link #json}). A base file lies
 * in a region when its [min, max] per sort column, from the column-stats index, falls in one cell
 * of the grid; a file with log files, without stats or spanning cells lies outside (new rows).
 * In a region, the files with the oldest instant are its base (the last layout of the region) and
 * the others are pending.
 */
public final class Regions {
  public final List<FileSlice> outside = new ArrayList<>();
  public final Map<Long, List<FileSlice>> inside = new TreeMap<>();

  private Regions() {
  }

  /** Sorts {@code slices} of {@code partition} by the cells of {@code grid}. */
  static Regions of(AlignedCells grid, HoodieTableMetadata metadata, String partition, List<FileSlice> slices,
                    List<String> columns) {
    Map<String, byte[][][]> boxes = boxes(metadata, partition, slices, columns);
    Regions out = new Regions();
    for (FileSlice slice : slices) {
      byte[][][] box = slice.getLogFiles().count() == 0 && slice.getBaseFile().isPresent()
          ? boxes.get(slice.getBaseFile().get().getFileName()) : null;
      long cell = box == null ? -1 : grid.cellOfBox(box[0], box[1]);
      if (cell < 0) {
        out.outside.add(slice);
      } else {
        out.inside.computeIfAbsent(cell, c -> new ArrayList<>()).add(slice);
      }
    }
    return out;
  }

  /**
   * {base bytes, pending bytes, base files} of a region's files: its base is the files of its
   * oldest instant (its last layout), the others are pending.
   */
  static long[] basePending(List<FileSlice> files) {
    String oldest = files.stream().map(FileSlice::getBaseInstantTime).min(String::compareTo).get();
    long[] bp = new long[3];
    for (FileSlice f : files) {
      boolean base = f.getBaseInstantTime().equals(oldest);
      bp[base ? 0 : 1] += bytes(f);
      bp[2] += base ? 1 : 0;
    }
    return bp;
  }

  /** The grid the newest completed replacecommit recorded for the partition, or null. */
  static String recordedGrid(HoodieTableMetaClient metaClient, String partition) {
    for (HoodieCommitMetadata md : newestFirst(metaClient)) {
      String grid = md.getExtraMetadata().get(LayoutMetadata.CONTINUOUS_GRID.key() + partition);
      if (grid != null) {
        return grid;
      }
    }
    return null;
  }

  private static List<HoodieCommitMetadata> newestFirst(HoodieTableMetaClient metaClient) {
    HoodieTimeline timeline = metaClient.reloadActiveTimeline().getCompletedReplaceTimeline();
    List<HoodieInstant> instants = new ArrayList<>(timeline.getInstants());
    List<HoodieCommitMetadata> out = new ArrayList<>();
    for (int i = instants.size() - 1; i >= 0; i--) {
      try {
        out.add(timeline.readReplaceCommitMetadata(instants.get(i)));
      } catch (IOException e) {
        throw new HoodieException("hudi-layout: cannot read replacecommit " + instants.get(i), e);
      }
    }
    return out;
  }

  /** Each base file's {min, max} encoded per sort column from the column-stats index, by file name. */
  private static Map<String, byte[][][]> boxes(HoodieTableMetadata metadata, String partition,
                                               List<FileSlice> slices, List<String> columns) {
    List<Pair<String, String>> files = new ArrayList<>();
    for (FileSlice s : slices) {
      s.getBaseFile().ifPresent(f -> files.add(Pair.of(partition, f.getFileName())));
    }
    return ColumnStatsBounds.perFile(metadata, files, columns);
  }

  static long bytes(List<FileSlice> slices) {
    return slices.stream().mapToLong(Regions::bytes).sum();
  }

  static long bytes(FileSlice s) {
    return (s.getBaseFile().isPresent() ? s.getBaseFile().get().getFileSize() : 0)
        + s.getLogFiles().mapToLong(HoodieLogFile::getFileSize).sum();
  }

  /**
   * The layout report's view of a continuous table, as JSON: per partition with a recorded grid,
   * its buckets per column and cells, and per region its files, base and pending files and bytes,
   * and the rounds not yet merged (distinct instants among its pending files); and the files
   * outside every region. "[]" for a table no continuous clustering has laid out.
   */
  public static String json(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = HoodieTableMetaClient.builder()
        .setConf(new HadoopStorageConfiguration(jsc.hadoopConfiguration())).setBasePath(basePath).build();
    Map<String, String> grids = new LinkedHashMap<>();
    String columns = null;
    for (HoodieCommitMetadata md : newestFirst(meta)) {
      for (Map.Entry<String, String> e : md.getExtraMetadata().entrySet()) {
        if (e.getKey().startsWith(LayoutMetadata.CONTINUOUS_GRID.key())) {
          grids.putIfAbsent(e.getKey().substring(LayoutMetadata.CONTINUOUS_GRID.key().length()), e.getValue());
          if (columns == null) {
            columns = md.getExtraMetadata().get(LayoutMetadata.COLUMNS.key());
          }
        }
      }
    }
    if (grids.isEmpty() || columns == null) {
      return "[]";
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder().withPath(basePath)
        .forTable(meta.getTableConfig().getTableName()).build();
    HoodieTable<?, ?, ?, ?> table = HoodieSparkTable.create(config, new HoodieSparkEngineContext(jsc), meta);
    List<String> cols = List.of(columns.split(","));
    StringBuilder sb = new StringBuilder("[");
    for (Map.Entry<String, String> g : new TreeMap<>(grids).entrySet()) {
      AlignedCells grid = AlignedCells.parse(g.getValue());
      List<FileSlice> slices = table.getSliceView().getLatestFileSlices(g.getKey()).collect(Collectors.toList());
      Regions r = of(grid, table.getTableMetadata(), g.getKey(), slices, cols);
      sb.append(sb.length() > 1 ? "," : "").append("{\"partition\":\"").append(g.getKey().replace("\"", "\\\""))
          .append("\",\"buckets\":").append(java.util.Arrays.toString(grid.buckets()))
          .append(",\"cells\":").append(grid.cells())
          .append(",\"outside_files\":").append(r.outside.size())
          .append(",\"outside_bytes\":").append(bytes(r.outside)).append(",\"regions\":[");
      boolean first = true;
      for (Map.Entry<Long, List<FileSlice>> region : r.inside.entrySet()) {
        List<FileSlice> files = region.getValue();
        long[] bp = basePending(files);
        long base = bp[2];
        long rounds = files.stream().map(FileSlice::getBaseInstantTime).distinct().count() - 1;
        sb.append(first ? "" : ",").append("{\"cell\":").append(region.getKey())
            .append(",\"files\":").append(files.size()).append(",\"base_files\":").append(base)
            .append(",\"pending_files\":").append(files.size() - base)
            .append(",\"base_bytes\":").append(bp[0]).append(",\"pending_bytes\":").append(bp[1])
            .append(",\"pending_rounds\":").append(rounds).append('}');
        first = false;
      }
      sb.append("]}");
    }
    return sb.append(']').toString();
  }
}
