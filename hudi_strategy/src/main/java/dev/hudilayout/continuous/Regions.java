package dev.hudilayout.continuous;

import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.plan.DeltaPlan;
import dev.hudilayout.plan.QueryShares;

import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.util.collection.Pair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * A partition's files sorted by the regions of its recorded region tree: the plan decides from
 * this ({@link ContinuousPlanStrategy}) and the layout report shows it ({@code report.RegionsJson}, on
 * {@link TableRegions}). A file
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
  /** The regions' curve order: their numbers in the tree. */
  private final Comparator<String> curveOrder;

  private Regions(Comparator<String> curveOrder, CommitHistory history) {
    this.history = history;
    this.curveOrder = curveOrder;
    this.inside = new TreeMap<>(curveOrder);
  }

  /**
   * Sorts {@code slices} by the regions of {@code tree}, from what the column-stats index holds for
   * their files ({@code stats}, read for many partitions at once: {@link #files}); {@code history}
   * says which instant made each file group (its layer in a region).
   */
  static Regions of(RegionTree tree, ColumnStatsBounds.FileStats stats, List<FileSlice> slices,
                    CommitHistory history) {
    Regions out = new Regions(Comparator.comparingInt(tree::number), history);
    out.boxes.putAll(stats.boxes);
    out.rows.putAll(stats.rows);
    for (FileSlice slice : slices) {
      byte[][][] box = out.box(slice);
      int region = box == null ? -1 : tree.regionOfBox(box[0], box[1]);
      if (region < 0) {
        out.spanning.add(slice);
      } else {
        out.inside.computeIfAbsent(tree.path(region), path -> new ArrayList<>()).add(slice);
      }
    }
    return out;
  }

  /**
   * These files less {@code left} (as if sorted without them): the same regions in the same order,
   * each with its files not left, a region left with none dropped.
   */
  Regions without(Set<FileSlice> left) {
    Regions out = new Regions(curveOrder, history);
    out.boxes.putAll(boxes);
    out.rows.putAll(rows);
    for (FileSlice slice : spanning) {
      if (!left.contains(slice)) {
        out.spanning.add(slice);
      }
    }
    inside.forEach((path, files) -> {
      List<FileSlice> kept = files.stream().filter(slice -> !left.contains(slice)).collect(Collectors.toList());
      if (!kept.isEmpty()) {
        out.inside.put(path, kept);
      }
    });
    return out;
  }

  /**
   * Rows of files: the column-stats index's count for each slice's base file, else its bytes times
   * {@code rowsPerByte}.
   */
  public long rows(List<FileSlice> files, double rowsPerByte) {
    long rows = 0;
    for (FileSlice file : files) {
      Long counted = counted(file);
      rows += counted != null ? counted : Math.round(bytes(file) * rowsPerByte);
    }
    return rows;
  }

  /** Rows per byte over the base files the index counts (0 when it counts none). */
  public double rowsPerByte(List<FileSlice> files) {
    long rows = 0;
    long bytes = 0;
    for (FileSlice file : files) {
      Long counted = counted(file);
      if (counted != null) {
        rows += counted;
        bytes += file.getBaseFile().get().getFileSize();
      }
    }
    return bytes == 0 ? 0 : (double) rows / bytes;
  }

  /**
   * Every file slice of the partition as {@link QueryShares} reads it: its [min, max] per sort
   * column (base and log files; unknown for a slice without stats) and its rows.
   */
  List<QueryShares.FileBox> fileBoxes(List<FileSlice> slices) {
    double perByte = rowsPerByte(slices);
    List<QueryShares.FileBox> out = new ArrayList<>(slices.size());
    for (FileSlice slice : slices) {
      byte[][][] box = box(slice);
      out.add(new QueryShares.FileBox(box == null ? null : box[0], box == null ? null : box[1],
          rows(List.of(slice), perByte)));
    }
    return out;
  }

  /**
   * The index's row count of a slice's base file (a merge-on-read slice's log files hold updates of
   * its rows, or deletes); null for a slice without a base file or not in the index.
   */
  private Long counted(FileSlice slice) {
    return slice.getBaseFile().isPresent() ? rows.get(slice.getBaseFile().get().getFileName()) : null;
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

  private static byte[][][] union(byte[][][] first, byte[][][] second) {
    if (first == null || second == null) {
      return null;
    }
    int columns = first[0].length;
    byte[][][] out = new byte[2][columns][];
    for (int column = 0; column < columns; column++) {
      byte[] firstMin = first[0][column];
      byte[] secondMin = second[0][column];
      byte[] firstMax = first[1][column];
      byte[] secondMax = second[1][column];
      boolean known = firstMin != null && secondMin != null && firstMax != null && secondMax != null;
      out[0][column] = !known ? null : Arrays.compareUnsigned(firstMin, secondMin) <= 0 ? firstMin : secondMin;
      out[1][column] = !known ? null : Arrays.compareUnsigned(firstMax, secondMax) >= 0 ? firstMax : secondMax;
    }
    return out;
  }

  /**
   * A region's files by layer, a layer being the file groups one instant created
   * ({@link CommitHistory}; an update in place keeps a file in its layer): its base is the oldest
   * layer (its last layout), the others are pending, oldest first.
   */
  public Layers layers(List<FileSlice> files) {
    String oldest = files.stream().map(this::origin).min(String::compareTo).get();
    Layers out = new Layers();
    Map<String, List<FileSlice>> pending = new TreeMap<>();
    for (FileSlice file : files) {
      String origin = origin(file);
      if (origin.equals(oldest)) {
        out.base.add(file);
      } else {
        pending.computeIfAbsent(origin, layer -> new ArrayList<>()).add(file);
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

  private String origin(FileSlice slice) {
    return history.origin(slice.getFileId());
  }

  /** A region's base files and its pending layers, with their rows. */
  public static final class Layers {
    public final List<FileSlice> base = new ArrayList<>();
    public final List<List<FileSlice>> pending = new ArrayList<>();
    public long baseRows;
    long[] pendingRows;

    public long pendingRows() {
      return Arrays.stream(pendingRows).sum();
    }

    public List<FileSlice> pendingFiles() {
      List<FileSlice> out = new ArrayList<>();
      pending.forEach(out::addAll);
      return out;
    }
  }

  /** The (partition, file name) of every base and log file of {@code slices}: the index's keys. */
  static List<Pair<String, String>> files(String partition, List<FileSlice> slices) {
    List<Pair<String, String>> files = new ArrayList<>();
    for (FileSlice slice : slices) {
      slice.getBaseFile().ifPresent(base -> files.add(Pair.of(partition, base.getFileName())));
      slice.getLogFiles().forEach(log -> files.add(Pair.of(partition, log.getFileName())));
    }
    return files;
  }

  /** Each region of these as {@link DeltaPlan} takes it: its base and pending layers, their bytes and rows. */
  List<DeltaPlan.Region<FileSlice>> forPlan(ToLongFunction<List<FileSlice>> rowBytesOf) {
    List<DeltaPlan.Region<FileSlice>> regions = new ArrayList<>();
    for (Map.Entry<String, List<FileSlice>> region : inside.entrySet()) {
      Layers layers = layers(region.getValue());
      List<DeltaPlan.Layer<FileSlice>> pending = new ArrayList<>();
      for (int i = 0; i < layers.pending.size(); i++) {
        pending.add(new DeltaPlan.Layer<>(layers.pending.get(i), bytes(layers.pending.get(i)),
            rowBytesOf.applyAsLong(layers.pending.get(i)), layers.pendingRows[i]));
      }
      regions.add(new DeltaPlan.Region<>(region.getKey(), new DeltaPlan.Layer<>(layers.base, bytes(layers.base),
          rowBytesOf.applyAsLong(layers.base), layers.baseRows), pending));
    }
    return regions;
  }

  public static long bytes(List<FileSlice> slices) {
    return slices.stream().mapToLong(Regions::bytes).sum();
  }

  static long bytes(FileSlice slice) {
    return (slice.getBaseFile().isPresent() ? slice.getBaseFile().get().getFileSize() : 0)
        + slice.getLogFiles().mapToLong(HoodieLogFile::getFileSize).sum();
  }
}
