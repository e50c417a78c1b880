package dev.hudilayout.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The continuous layout's plan for a partition with a recorded region tree, as values: which
 * files each clustering group takes and why. No Hudi here: {@code ContinuousPlanStrategy} reads the
 * timeline and the column stats once, sorts the partition's files into new rows and regions with
 * their layers ({@code Regions}), hands them over as {@link Region}s, and turns the groups back
 * into Hudi's. {@code F} is whatever names a file (Hudi's file slice there, a string in tests).
 *
 * <p>The decisions, per region in curve order:
 * <ul>
 *   <li><b>due</b>: its pending rows, with its share of the new rows (by its base's rows), reach
 *       {@code fraction} of its base's rows: every file of the region joins a group and its rows,
 *       old and new, are laid out again together;</li>
 *   <li><b>split</b>: a due region whose layout makes at least twice {@link Splits#minimumFiles}
 *       files is split into cells ({@link Splits#cells}), which become regions of the tree;</li>
 *   <li><b>merge</b>: a region not due whose pending layers fill a size tier with its share of the
 *       new rows ({@link Tiers#toMerge}; with no new rows, its newest layer stands in for them:
 *       {@link Tiers#toMergeNewest}) has those layers laid out together, its base untouched;</li>
 *   <li><b>pack</b>: groups hold at most {@code maxBytes}: the new files in chunks (each chunk
 *       laid on the same tree, so chunks never overlap a region's layout), then each due region
 *       whole and each region's merged layers together, in the first group with room, else a
 *       group of their own. A due region with nothing pending whose group would hold no new rows
 *       waits: laid out alone it would be written again as it is.</li>
 * </ul>
 * Output files hold as many rows as fit the target with the footer the writer gives them
 * ({@link FileSizing}), a row costing what it costs in laid-out files: a region's rows as in its
 * base files, new rows as in all the regions' base files.
 */
public final class DeltaPlan {
  private DeltaPlan() {
  }

  /**
   * The files of one layer of a region (its base, or one pending layer), their bytes, their row
   * bytes (their bytes less each file's footer) and rows.
   */
  public static final class Layer<F> {
    public final List<F> files;
    final long bytes;
    final long rowBytes;
    final long rows;

    public Layer(List<F> files, long bytes, long rows) {
      this(files, bytes, bytes, rows);
    }

    public Layer(List<F> files, long bytes, long rowBytes, long rows) {
      this.files = files;
      this.bytes = bytes;
      this.rowBytes = rowBytes;
      this.rows = rows;
    }
  }

  /** One region: its path in the tree, its base and its pending layers, oldest first. */
  public static final class Region<F> {
    final String path;
    final Layer<F> base;
    final List<Layer<F>> pending;

    public Region(String path, Layer<F> base, List<Layer<F>> pending) {
      this.path = path;
      this.base = base;
      this.pending = pending;
    }

    long pendingRows() {
      return pending.stream().mapToLong(layer -> layer.rows).sum();
    }
  }

  /** A file of new rows (spanning regions), its bytes and its row bytes (its bytes less its footer). */
  public static final class NewFile<F> {
    final F file;
    final long bytes;
    final long rowBytes;

    public NewFile(F file, long bytes) {
      this(file, bytes, bytes);
    }

    public NewFile(F file, long bytes, long rowBytes) {
      this.file = file;
      this.bytes = bytes;
      this.rowBytes = rowBytes;
    }
  }

  /**
   * The plan's settings: merge fraction and tiers, group limit, target file size and what a file
   * costs on its own ({@link FileSizing}), sort columns, and the fewest files a region keeps (0:
   * {@link Splits#minimumFiles}).
   */
  public static final class Settings {
    final double fraction;
    final int tiers;
    final long maxBytes;
    final long targetBytes;
    final FileSizing sizing;
    final int columns;
    final int regionFiles;

    public Settings(double fraction, int tiers, long maxBytes, long targetBytes, FileSizing sizing, int columns,
                    int regionFiles) {
      this.fraction = fraction;
      this.tiers = tiers;
      this.maxBytes = maxBytes;
      this.targetBytes = targetBytes;
      this.sizing = sizing;
      this.columns = columns;
      this.regionFiles = regionFiles;
    }
  }

  /** One clustering group: its files, output files, and what it does to which regions. */
  public static final class Group<F> {
    public final List<F> files = new ArrayList<>();
    final List<String> due = new ArrayList<>();
    final List<String> merged = new ArrayList<>();
    /** Due regions that split, and into how many cells. */
    public final Map<String, Integer> splits = new LinkedHashMap<>();
    public int newFiles;
    long bytes;
    long newRowBytes;
    public long outputFiles;

    /** The regions whose files the group lays out: due ones whole, merging ones' pending layers. */
    public List<String> laidOut() {
      List<String> out = new ArrayList<>(due);
      out.addAll(merged);
      return out;
    }

    /** What the group does, for the commit: "N new file(s); regions ... laid out again: ...; ...". */
    public String why(Settings settings) {
      StringBuilder text = new StringBuilder(newFiles + " new file(s)");
      if (!due.isEmpty()) {
        text.append("; regions ").append(String.join(",", due)).append(" laid out again: pending rows with their share")
            .append(" of the new ones >= ").append(settings.fraction).append(" x their base");
      }
      if (!splits.isEmpty()) {
        text.append("; split: ").append(splits.entrySet().stream()
            .map(split -> split.getKey() + " into " + split.getValue()).collect(Collectors.joining(", ")));
      }
      if (!merged.isEmpty()) {
        text.append("; regions ").append(String.join(",", merged)).append(": pending layers merged, ")
            .append(settings.tiers).append(" of one tier");
      }
      return text.toString();
    }
  }

  /** The groups for a partition's {@code newFiles} (holding {@code newRows} rows) and {@code regions}. */
  public static <F> List<Group<F>> plan(List<NewFile<F>> newFiles, long newRows, List<Region<F>> regions,
                                        Settings settings) {
    List<Group<F>> groups = newFileChunks(newFiles, settings.maxBytes);
    long allBase = regions.stream().mapToLong(region -> region.base.rows).sum();
    // output files hold rows as laid-out files do: the regions' base files' row bytes a row
    double laidOut = allBase == 0 ? 0
        : regions.stream().mapToLong(region -> region.base.rowBytes).sum() / (double) allBase;
    sizeChunks(groups, newFiles, newRows, laidOut, settings);
    for (Region<F> region : regions) {
      double share = allBase == 0 ? 0 : (double) newRows * region.base.rows / allBase;
      boolean due = due(region, share, settings.fraction);
      List<Layer<F>> taken = due ? wholeRegion(region) : layersToMerge(region, share, settings.tiers);
      if (taken.isEmpty()) {
        continue;
      }
      long bytes = taken.stream().mapToLong(layer -> layer.bytes).sum();
      long out = outputFiles(region, taken, laidOut, settings);
      Group<F> home = groupWithRoom(groups, bytes, settings.maxBytes);
      if (due && waits(region, home)) {
        continue;
      }
      if (home == null) {
        home = new Group<>();
        groups.add(home);
      }
      place(home, region, due, taken, settings, bytes, out);
    }
    return groups;
  }

  /** The new files in chunks of at most {@code maxBytes} (a file larger than that alone), in their order. */
  private static <F> List<Group<F>> newFileChunks(List<NewFile<F>> newFiles, long maxBytes) {
    List<Group<F>> groups = new ArrayList<>();
    Group<F> chunk = null;
    for (NewFile<F> file : newFiles) {
      if (chunk == null || (!chunk.files.isEmpty() && chunk.bytes + file.bytes > maxBytes)) {
        chunk = new Group<>();
        groups.add(chunk);
      }
      chunk.files.add(file.file);
      chunk.newFiles++;
      chunk.bytes += file.bytes;
      chunk.newRowBytes += file.rowBytes;
    }
    return groups;
  }

  /** Each chunk's output files: its share of the new rows, a row costing {@code laidOut} bytes when known. */
  private static <F> void sizeChunks(List<Group<F>> chunks, List<NewFile<F>> newFiles, long newRows, double laidOut,
                                     Settings settings) {
    long newRowBytes = newFiles.stream().mapToLong(file -> file.rowBytes).sum();
    for (Group<F> chunk : chunks) {
      long rows = newRowBytes == 0 ? 0 : Math.round((double) newRows * chunk.newRowBytes / newRowBytes);
      chunk.outputFiles = settings.sizing.outputFiles(
          laidOut > 0 && rows > 0 ? Math.round(rows * laidOut) : chunk.newRowBytes, rows, settings.targetBytes);
    }
  }

  /** Whether the region's pending rows, with its {@code share} of the new rows, reach the fraction of its base. */
  private static <F> boolean due(Region<F> region, double share, double fraction) {
    double pending = region.pendingRows() + share;
    return pending > 0 && pending >= fraction * region.base.rows;
  }

  /** A due region's layers: its base and every pending layer. */
  private static <F> List<Layer<F>> wholeRegion(Region<F> region) {
    List<Layer<F>> taken = new ArrayList<>();
    taken.add(region.base);
    taken.addAll(region.pending);
    return taken;
  }

  /**
   * The pending layers of a region not due that fill a size tier with its {@code share} of the new
   * rows (with no new rows, its newest layer stands in for them); empty when none do.
   */
  private static <F> List<Layer<F>> layersToMerge(Region<F> region, double share, int tiers) {
    long[] rows = region.pending.stream().mapToLong(layer -> layer.rows).toArray();
    long shareRows = Math.round(share);
    List<Integer> join = shareRows > 0 ? Tiers.toMerge(rows, shareRows, tiers) : Tiers.toMergeNewest(rows, tiers);
    List<Layer<F>> taken = new ArrayList<>();
    join.forEach(index -> taken.add(region.pending.get(index)));
    return taken;
  }

  /**
   * The output files of the layers taken from a region: the rows at the target size (the nearest
   * count, as files are cut on the region's cells), a row costing what it costs in the region's
   * laid-out base files.
   */
  private static <F> long outputFiles(Region<F> region, List<Layer<F>> taken, double laidOut, Settings settings) {
    long rows = taken.stream().mapToLong(layer -> layer.rows).sum();
    double perRow = region.base.rows > 0 ? region.base.rowBytes / (double) region.base.rows : laidOut;
    return settings.sizing.nearestFiles(perRow > 0 && rows > 0 ? Math.round(rows * perRow)
        : taken.stream().mapToLong(layer -> layer.rowBytes).sum(), rows, settings.targetBytes);
  }

  /** Whether {@code bytes} more fit the group under {@code maxBytes}. */
  private static <F> boolean hasRoom(Group<F> group, long bytes, long maxBytes) {
    return group.bytes + bytes <= maxBytes;
  }

  /** The first group with room for {@code bytes}, or null. */
  private static <F> Group<F> groupWithRoom(List<Group<F>> groups, long bytes, long maxBytes) {
    for (Group<F> group : groups) {
      if (hasRoom(group, bytes, maxBytes)) {
        return group;
      }
    }
    return null;
  }

  /**
   * Whether a due region waits: with nothing pending and no new rows in its group, laid out alone
   * it would be written again as it is.
   */
  private static <F> boolean waits(Region<F> region, Group<F> home) {
    return region.pending.isEmpty() && (home == null || home.newFiles == 0);
  }

  /** Puts the region's taken layers in {@code home}: due (and split when its layout makes enough files) or merged. */
  private static <F> void place(Group<F> home, Region<F> region, boolean due, List<Layer<F>> taken, Settings settings,
                                long bytes, long out) {
    if (due) {
      home.due.add(region.path);
      int cells = Splits.cells(out, settings.columns, settings.regionFiles);
      if (cells >= 2) {
        home.splits.put(region.path, cells);
      }
    } else {
      home.merged.add(region.path);
    }
    for (Layer<F> layer : taken) {
      home.files.addAll(layer.files);
    }
    home.bytes += bytes;
    home.outputFiles += out;
  }
}
