package dev.hudilayout.continuous;

import dev.hudilayout.config.Json;
import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.hudi.LatestSlices;
import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.plan.QueryShares;

import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A partition's files sorted by the regions of its recorded region tree: the plan decides from
 * this ({@link ContinuousPlanStrategy}) and the layout report shows it ({@link #json}). A file
 * slice lies in a region when its [min, max] per sort column, from the column-stats index (its base
 * file's, widened by its log files'), falls in one region of the tree; a slice without stats or
 * spanning regions holds new rows ({@link #spanning}). In a region, files come in layers, the file groups one
 * instant created ({@link CommitHistory}): the oldest layer is its base (the last layout of the
 * region), the others are pending.
 */
public final class Regions {
  /** Files of new rows: in no single region (spanning several, or without column stats). */
  public final List<FileSlice> spanning = new ArrayList<>();
  /** Files inside each region, by the region's path, regions in curve order. */
  public final Map<String, List<FileSlice>> inside;
  /** Rows of each base file the column-stats index counts, by file name. */
  private final Map<String, Long> rows = new HashMap<>();
  private final CommitHistory history;
  /** Each base file's encoded {min, max} per sort column, by file name. */
  private final Map<String, byte[][][]> boxes = new HashMap<>();

  private Regions(RegionTree tree, CommitHistory history) {
    this.history = history;
    this.inside = new TreeMap<>(java.util.Comparator.comparingInt(tree::number));
  }

  /**
   * Sorts {@code slices} by the regions of {@code tree}, from what the column-stats index holds for
   * their files ({@code stats}, read for many partitions at once: {@link #files}); {@code history}
   * says which instant made each file group (its layer in a region).
   */
  static Regions of(RegionTree tree, ColumnStatsBounds.FileStats stats, List<FileSlice> slices,
                    CommitHistory history) {
    Regions out = new Regions(tree, history);
    out.boxes.putAll(stats.boxes);
    out.rows.putAll(stats.rows);
    for (FileSlice slice : slices) {
      byte[][][] box = out.box(slice);
      int region = box == null ? -1 : tree.regionOfBox(box[0], box[1]);
      if (region < 0) {
        out.spanning.add(slice);
      } else {
        out.inside.computeIfAbsent(tree.path(region), c -> new ArrayList<>()).add(slice);
      }
    }
    return out;
  }

  /**
   * Rows of files: the column-stats index's count for each slice's base file, else its bytes times
   * {@code rowsPerByte}.
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
        b += f.getBaseFile().get().getFileSize();
      }
    }
    return b == 0 ? 0 : (double) n / b;
  }

  /**
   * Every file slice of the partition as {@link QueryShares} reads it: its [min, max] per sort
   * column (base and log files; unknown for a slice without stats) and its rows.
   */
  List<QueryShares.FileBox> fileBoxes(List<FileSlice> slices) {
    double perByte = rowsPerByte(slices);
    List<QueryShares.FileBox> out = new ArrayList<>(slices.size());
    for (FileSlice f : slices) {
      byte[][][] box = box(f);
      out.add(new QueryShares.FileBox(box == null ? null : box[0], box == null ? null : box[1],
          rows(List.of(f), perByte)));
    }
    return out;
  }

  /**
   * The index's row count of a slice's base file (a merge-on-read slice's log files hold updates of
   * its rows, or deletes); null for a slice without a base file or not in the index.
   */
  private Long counted(FileSlice f) {
    return f.getBaseFile().isPresent() ? rows.get(f.getBaseFile().get().getFileName()) : null;
  }

  /**
   * A slice's {min, max} per sort column: its base file's, widened by each log file's (the index
   * keeps stats for log files too, so an update that moves a row out of its region widens its
   * slice); null when the slice has no base file or any of its files no stats.
   */
  private byte[][][] box(FileSlice slice) {
    if (!slice.getBaseFile().isPresent()) {
      return null;
    }
    byte[][][] box = boxes.get(slice.getBaseFile().get().getFileName());
    for (HoodieLogFile log : (Iterable<HoodieLogFile>) slice.getLogFiles()::iterator) {
      box = union(box, boxes.get(log.getFileName()));
    }
    return box;
  }

  private static byte[][][] union(byte[][][] a, byte[][][] b) {
    if (a == null || b == null) {
      return null;
    }
    int d = a[0].length;
    byte[][][] out = new byte[2][d][];
    for (int c = 0; c < d; c++) {
      boolean known = a[0][c] != null && b[0][c] != null && a[1][c] != null && b[1][c] != null;
      out[0][c] = !known ? null : java.util.Arrays.compareUnsigned(a[0][c], b[0][c]) <= 0 ? a[0][c] : b[0][c];
      out[1][c] = !known ? null : java.util.Arrays.compareUnsigned(a[1][c], b[1][c]) >= 0 ? a[1][c] : b[1][c];
    }
    return out;
  }

  /**
   * A region's files by layer, a layer being the file groups one instant created
   * ({@link CommitHistory}; an update in place keeps a file in its layer): its base is the oldest
   * layer (its last layout), the others are pending, oldest first.
   */
  Layers layers(List<FileSlice> files) {
    String oldest = files.stream().map(this::origin).min(String::compareTo).get();
    Layers out = new Layers();
    Map<String, List<FileSlice>> pending = new TreeMap<>();
    for (FileSlice f : files) {
      String origin = origin(f);
      if (origin.equals(oldest)) {
        out.base.add(f);
      } else {
        pending.computeIfAbsent(origin, i -> new ArrayList<>()).add(f);
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

  private String origin(FileSlice f) {
    return history.origin(f.getFileId());
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

  /** The (partition, file name) of every base and log file of {@code slices}: the index's keys. */
  static List<Pair<String, String>> files(String partition, List<FileSlice> slices) {
    List<Pair<String, String>> files = new ArrayList<>();
    for (FileSlice s : slices) {
      s.getBaseFile().ifPresent(f -> files.add(Pair.of(partition, f.getFileName())));
      s.getLogFiles().forEach(l -> files.add(Pair.of(partition, l.getFileName())));
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
   * The layout report's view of a continuous table, as JSON: per partition with a recorded region
   * tree, its root grid's buckets per column, its regions, splits and depth, the bytes written into
   * it by writes and by clusterings on the active timeline, the files outside every region, and per
   * region (by path) its files, base and pending files, bytes and rows, and the rounds not yet merged
   * (its pending layers); for a partition moving to new sort columns, what still lies on the old
   * layout ({@code old_layout}: its columns, regions, files and rows). "[]" for a table no continuous
   * clustering has laid out.
   */
  public static String json(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = TableClients.meta(jsc.hadoopConfiguration(), basePath);
    Map<String, RecordedGrids.Tree> grids = RecordedGrids.newest(meta);
    if (grids.isEmpty()) {
      return Json.write(List.of());
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder().withPath(basePath)
        .forTable(meta.getTableConfig().getTableName()).build();
    CommitHistory history = CommitHistory.read(meta);
    Map<String, RecordedGrids.Tree> old = new TreeMap<>();
    grids.forEach((partition, tree) -> {
      RecordedGrids.Tree from = tree.movingFrom.isEmpty() ? null
          : RecordedGrids.newestOn(history.replacesNewestFirst(), partition, tree.movingFrom);
      if (from != null) {
        old.put(partition, from);
      }
    });
    // every partition's slices from one listing, then one read of the index for all of their files
    Map<String, List<FileSlice>> slicesOf;
    ColumnStatsBounds.FileStats all;
    List<String> columns = new ArrayList<>();
    try (HoodieTableMetadata metadata = LatestSlices.reader(meta, config)) {
      slicesOf = LatestSlices.of(meta, metadata, grids.keySet(), false);
      List<Pair<String, String>> indexed = new ArrayList<>();
      for (Map.Entry<String, RecordedGrids.Tree> g : grids.entrySet()) {
        indexed.addAll(files(g.getKey(), slicesOf.get(g.getKey())));
        List<String> read = new ArrayList<>(g.getValue().columns);
        if (old.containsKey(g.getKey())) {
          read.addAll(old.get(g.getKey()).columns);
        }
        for (String c : read) {
          if (!columns.contains(c)) {
            columns.add(c);
          }
        }
      }
      all = ColumnStatsBounds.FileStats.read(metadata, indexed, columns);
    } catch (Exception e) {
      throw e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map.Entry<String, RecordedGrids.Tree> g : grids.entrySet()) {
      RegionTree tree = RegionTree.parse(g.getValue().tree);
      Regions r = of(tree, all.restrictedTo(columns, g.getValue().columns), slicesOf.get(g.getKey()), history);
      int depth = 0;
      for (int i = 0; i < tree.regions(); i++) {
        depth = Math.max(depth, tree.depth(i));
      }
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("partition", g.getKey());
      part.put("columns", g.getValue().columns);
      part.put("buckets", tree.root().buckets());
      part.put("cells", tree.regions());
      part.put("splits", tree.splits().size());
      part.put("depth", depth);
      part.put("ingested_bytes", history.ingested(g.getKey()));
      part.put("rewritten_bytes", history.rewritten(g.getKey()));
      List<FileSlice> outside = r.spanning;
      RecordedGrids.Tree from = old.get(g.getKey());
      if (from != null) {
        Regions onOld = of(RegionTree.parse(from.tree), all.restrictedTo(columns, from.columns), outside, history);
        List<FileSlice> oldFiles = new ArrayList<>();
        onOld.inside.values().forEach(oldFiles::addAll);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("columns", from.columns);
        o.put("regions", onOld.inside.size());
        o.put("files", oldFiles.size());
        o.put("rows", onOld.rows(oldFiles, onOld.rowsPerByte(oldFiles)));
        part.put("old_layout", o);
        outside = onOld.spanning;
      }
      part.put("new_files", outside.size());
      part.put("new_bytes", bytes(outside));
      List<Map<String, Object>> regions = new ArrayList<>();
      for (Map.Entry<String, List<FileSlice>> region : r.inside.entrySet()) {
        List<FileSlice> files = region.getValue();
        Layers layers = r.layers(files);
        long base = layers.base.size();
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("region", region.getKey());
        e.put("files", files.size());
        e.put("base_files", base);
        e.put("pending_files", files.size() - base);
        e.put("base_bytes", bytes(layers.base));
        e.put("pending_bytes", bytes(layers.pendingFiles()));
        e.put("base_rows", layers.baseRows);
        e.put("pending_rows", layers.pendingRows());
        e.put("pending_rounds", layers.pending.size());
        regions.add(e);
      }
      part.put("regions", regions);
      out.add(part);
    }
    return Json.write(out);
  }
}
