package dev.hudilayout.continuous;

import dev.hudilayout.layout.AlignedCells;
import dev.hudilayout.spark.ColumnStatsBounds;

import org.apache.hudi.client.common.HoodieSparkEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.apache.hudi.table.HoodieSparkTable;
import org.apache.hudi.table.HoodieTable;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.ArrayList;
import java.util.HashMap;
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
  /** Rows of each base file the column-stats index counts, by file name. */
  private final Map<String, Long> rows = new HashMap<>();

  private Regions() {
  }

  /** Sorts {@code slices} of {@code partition} by the cells of {@code grid}. */
  static Regions of(AlignedCells grid, HoodieTableMetadata metadata, String partition, List<FileSlice> slices,
                    List<String> columns) {
    Map<String, byte[][][]> boxes = boxes(metadata, partition, slices, columns);
    Regions out = new Regions();
    out.rows.putAll(ColumnStatsBounds.rowsPerFile(metadata, files(partition, slices), columns.get(0)));
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
   * Rows of files: the column-stats index's count for each base file without log files, else its
   * bytes times {@code rowsPerByte}.
   */
  long rows(List<FileSlice> files, double rowsPerByte) {
    long n = 0;
    for (FileSlice f : files) {
      Long counted = counted(f);
      n += counted != null ? counted : Math.round(bytes(f) * rowsPerByte);
    }
    return n;
  }

  /** Rows per byte over the base files the index counts (0 when it counts none). */
  double rowsPerByte(List<FileSlice> files) {
    long n = 0;
    long b = 0;
    for (FileSlice f : files) {
      Long counted = counted(f);
      if (counted != null) {
        n += counted;
        b += bytes(f);
      }
    }
    return b == 0 ? 0 : (double) n / b;
  }

  /** The index's row count of a base file without log files; null for any other slice. */
  private Long counted(FileSlice f) {
    return f.getLogFiles().count() == 0 && f.getBaseFile().isPresent()
        ? rows.get(f.getBaseFile().get().getFileName()) : null;
  }

  /**
   * A region's files by layer: its base is the files of its oldest instant (its last layout), the
   * others are pending, one layer per instant that wrote them, oldest first.
   */
  Layers layers(List<FileSlice> files) {
    String oldest = files.stream().map(FileSlice::getBaseInstantTime).min(String::compareTo).get();
    Layers out = new Layers();
    Map<String, List<FileSlice>> pending = new TreeMap<>();
    for (FileSlice f : files) {
      if (f.getBaseInstantTime().equals(oldest)) {
        out.base.add(f);
      } else {
        pending.computeIfAbsent(f.getBaseInstantTime(), i -> new ArrayList<>()).add(f);
      }
    }
    out.pending.addAll(pending.values());
    double perByte = rowsPerByte(files);
    out.baseRows = rows(out.base, perByte);
    out.pendingRows = new long[out.pending.size()];
    for (int i = 0; i < out.pendingRows.length; i++) {
      out.pendingRows[i] = rows(out.pending.get(i), perByte);
    }
    return out;
  }

  /** A region's base files and its pending layers, with their rows. */
  static final class Layers {
    final List<FileSlice> base = new ArrayList<>();
    final List<List<FileSlice>> pending = new ArrayList<>();
    long baseRows;
    long[] pendingRows;

    long pendingRows() {
      return java.util.Arrays.stream(pendingRows).sum();
    }

    List<FileSlice> pendingFiles() {
      List<FileSlice> out = new ArrayList<>();
      pending.forEach(out::addAll);
      return out;
    }
  }

  /** Each base file's {min, max} encoded per sort column from the column-stats index, by file name. */
  private static Map<String, byte[][][]> boxes(HoodieTableMetadata metadata, String partition,
                                               List<FileSlice> slices, List<String> columns) {
    return ColumnStatsBounds.perFile(metadata, files(partition, slices), columns);
  }

  private static List<Pair<String, String>> files(String partition, List<FileSlice> slices) {
    List<Pair<String, String>> files = new ArrayList<>();
    for (FileSlice s : slices) {
      s.getBaseFile().ifPresent(f -> files.add(Pair.of(partition, f.getFileName())));
    }
    return files;
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
    Map<String, RecordedGrids.Grid> grids = RecordedGrids.newest(meta);
    if (grids.isEmpty()) {
      return "[]";
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder().withPath(basePath)
        .forTable(meta.getTableConfig().getTableName()).build();
    HoodieTable<?, ?, ?, ?> table = HoodieSparkTable.create(config, new HoodieSparkEngineContext(jsc), meta);
    StringBuilder sb = new StringBuilder("[");
    for (Map.Entry<String, RecordedGrids.Grid> g : grids.entrySet()) {
      AlignedCells grid = AlignedCells.parse(g.getValue().grid);
      List<FileSlice> slices = table.getSliceView().getLatestFileSlices(g.getKey()).collect(Collectors.toList());
      Regions r = of(grid, table.getTableMetadata(), g.getKey(), slices, g.getValue().columns);
      sb.append(sb.length() > 1 ? "," : "").append("{\"partition\":\"").append(g.getKey().replace("\"", "\\\""))
          .append("\",\"buckets\":").append(java.util.Arrays.toString(grid.buckets()))
          .append(",\"cells\":").append(grid.cells())
          .append(",\"outside_files\":").append(r.outside.size())
          .append(",\"outside_bytes\":").append(bytes(r.outside)).append(",\"regions\":[");
      boolean first = true;
      for (Map.Entry<Long, List<FileSlice>> region : r.inside.entrySet()) {
        List<FileSlice> files = region.getValue();
        Layers layers = r.layers(files);
        long base = layers.base.size();
        sb.append(first ? "" : ",").append("{\"cell\":").append(region.getKey())
            .append(",\"files\":").append(files.size()).append(",\"base_files\":").append(base)
            .append(",\"pending_files\":").append(files.size() - base)
            .append(",\"base_bytes\":").append(bytes(layers.base))
            .append(",\"pending_bytes\":").append(bytes(layers.pendingFiles()))
            .append(",\"base_rows\":").append(layers.baseRows)
            .append(",\"pending_rows\":").append(layers.pendingRows())
            .append(",\"pending_rounds\":").append(layers.pending.size()).append('}');
        first = false;
      }
      sb.append("]}");
    }
    return sb.append(']').toString();
  }
}
