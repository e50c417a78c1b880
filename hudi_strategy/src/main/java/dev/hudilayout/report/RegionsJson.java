package dev.hudilayout.report;

import dev.hudilayout.config.Json;
import dev.hudilayout.continuous.RecordedGrids;
import dev.hudilayout.continuous.Regions;
import dev.hudilayout.continuous.TableRegions;
import dev.hudilayout.layout.grid.RegionTree;

import org.apache.hudi.common.model.FileSlice;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout report's view of a continuous table, as JSON: per partition with a recorded region
 * tree, its root grid's buckets per column, its regions, splits and depth, the bytes written into
 * it by writes and by clusterings on the active timeline, the files outside every region, and per
 * region (by path) its files, base and pending files, bytes and rows, and the rounds not yet merged
 * (its pending layers); for a partition moving to new sort columns, what still lies on the old
 * layout ({@code old_layout}: its columns, regions, files and rows). The table is read by
 * {@link TableRegions}.
 */
public final class RegionsJson {
  private RegionsJson() {
  }

  /** The view of the table at {@code basePath}; "[]" for a table no continuous clustering has laid out. */
  public static String json(JavaSparkContext jsc, String basePath) {
    TableRegions table = TableRegions.read(jsc, basePath);
    if (table.grids.isEmpty()) {
      return Json.write(List.of());
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map.Entry<String, RecordedGrids.Tree> grid : table.grids.entrySet()) {
      out.add(partition(table, grid.getKey(), grid.getValue()));
    }
    return Json.write(out);
  }

  /** One partition: its tree, its bytes written, its old layout if moving, its new files and its regions. */
  private static Map<String, Object> partition(TableRegions table, String partition, RecordedGrids.Tree grid) {
    RegionTree tree = RegionTree.parse(grid.tree);
    Regions sorted = table.onTree(partition, tree);
    Map<String, Object> part = new LinkedHashMap<>();
    part.put("partition", partition);
    part.put("columns", grid.columns);
    part.put("buckets", tree.root().buckets());
    part.put("cells", tree.regions());
    part.put("splits", tree.splits().size());
    part.put("depth", depth(tree));
    part.put("ingested_bytes", table.ingested(partition));
    part.put("rewritten_bytes", table.rewritten(partition));
    List<FileSlice> outside = sorted.spanning;
    RecordedGrids.Tree from = table.movingFrom(partition);
    if (from != null) {
      Regions onOld = table.onOld(from, outside);
      part.put("old_layout", oldLayout(from, onOld));
      outside = onOld.spanning;
    }
    part.put("new_files", outside.size());
    part.put("new_bytes", Regions.bytes(outside));
    List<Map<String, Object>> regions = new ArrayList<>();
    for (Map.Entry<String, List<FileSlice>> region : sorted.inside.entrySet()) {
      regions.add(region(sorted, region.getKey(), region.getValue()));
    }
    part.put("regions", regions);
    return part;
  }

  /** The tree's depth: the deepest of its regions'. */
  private static int depth(RegionTree tree) {
    int depth = 0;
    for (int region = 0; region < tree.regions(); region++) {
      depth = Math.max(depth, tree.depth(region));
    }
    return depth;
  }

  /** What still lies on the old layout: its columns, regions, files and rows. */
  private static Map<String, Object> oldLayout(RecordedGrids.Tree from, Regions onOld) {
    List<FileSlice> oldFiles = new ArrayList<>();
    onOld.inside.values().forEach(oldFiles::addAll);
    Map<String, Object> layout = new LinkedHashMap<>();
    layout.put("columns", from.columns);
    layout.put("regions", onOld.inside.size());
    layout.put("files", oldFiles.size());
    layout.put("rows", onOld.rows(oldFiles, onOld.rowsPerByte(oldFiles)));
    return layout;
  }

  /** One region: its files, base and pending, their bytes and rows, and its pending rounds. */
  private static Map<String, Object> region(Regions sorted, String path, List<FileSlice> files) {
    Regions.Layers layers = sorted.layers(files);
    long base = layers.base.size();
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("region", path);
    entry.put("files", files.size());
    entry.put("base_files", base);
    entry.put("pending_files", files.size() - base);
    entry.put("base_bytes", Regions.bytes(layers.base));
    entry.put("pending_bytes", Regions.bytes(layers.pendingFiles()));
    entry.put("base_rows", layers.baseRows);
    entry.put("pending_rows", layers.pendingRows());
    entry.put("pending_rounds", layers.pending.size());
    return entry;
  }
}
