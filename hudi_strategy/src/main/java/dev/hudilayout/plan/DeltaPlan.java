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
      return pending.stream().mapToLong(l -> l.rows).sum();
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
    public String why(Settings s) {
      StringBuilder sb = new StringBuilder(newFiles + " new file(s)");
      if (!due.isEmpty()) {
        sb.append("; regions ").append(String.join(",", due)).append(" laid out again: pending rows with their share")
            .append(" of the new ones >= ").append(s.fraction).append(" x their base");
      }
      if (!splits.isEmpty()) {
        sb.append("; split: ").append(splits.entrySet().stream().map(e -> e.getKey() + " into " + e.getValue())
            .collect(Collectors.joining(", ")));
      }
      if (!merged.isEmpty()) {
        sb.append("; regions ").append(String.join(",", merged)).append(": pending layers merged, ").append(s.tiers)
            .append(" of one tier");
      }
      return sb.toString();
    }
  }

  /** The groups for a partition's {@code newFiles} (holding {@code newRows} rows) and {@code regions}. */
  public static <F> List<Group<F>> plan(List<NewFile<F>> newFiles, long newRows, List<Region<F>> regions, Settings s) {
    List<Group<F>> groups = new ArrayList<>();
    Group<F> chunk = null;
    for (NewFile<F> f : newFiles) {
      if (chunk == null || (!chunk.files.isEmpty() && chunk.bytes + f.bytes > s.maxBytes)) {
        chunk = new Group<>();
        groups.add(chunk);
      }
      chunk.files.add(f.file);
      chunk.newFiles++;
      chunk.bytes += f.bytes;
      chunk.newRowBytes += f.rowBytes;
    }
    long allBase = regions.stream().mapToLong(r -> r.base.rows).sum();
    // output files hold rows as laid-out files do: the regions' base files' row bytes a row
    double laidOut = allBase == 0 ? 0 : regions.stream().mapToLong(r -> r.base.rowBytes).sum() / (double) allBase;
    long newRowBytes = newFiles.stream().mapToLong(f -> f.rowBytes).sum();
    for (Group<F> g : groups) {
      long rows = newRowBytes == 0 ? 0 : Math.round((double) newRows * g.newRowBytes / newRowBytes);
      g.outputFiles = s.sizing.outputFiles(laidOut > 0 && rows > 0 ? Math.round(rows * laidOut) : g.newRowBytes,
          rows, s.targetBytes);
    }
    for (Region<F> r : regions) {
      double share = allBase == 0 ? 0 : (double) newRows * r.base.rows / allBase;
      double pending = r.pendingRows() + share;
      boolean whole = pending > 0 && pending >= s.fraction * r.base.rows;
      List<Layer<F>> taken = new ArrayList<>();
      if (whole) {
        taken.add(r.base);
        taken.addAll(r.pending);
      } else {
        long[] rows = r.pending.stream().mapToLong(l -> l.rows).toArray();
        long shareRows = Math.round(share);
        List<Integer> join = shareRows > 0 ? Tiers.toMerge(rows, shareRows, s.tiers)
            : Tiers.toMergeNewest(rows, s.tiers);
        if (join.isEmpty()) {
          continue;
        }
        join.forEach(i -> taken.add(r.pending.get(i)));
      }
      long bytes = taken.stream().mapToLong(l -> l.bytes).sum();
      // the rows at the target size (the nearest count, as files are cut on the region's cells), a
      // row costing what it costs in the region's laid-out base files
      long rows = taken.stream().mapToLong(l -> l.rows).sum();
      double perRow = r.base.rows > 0 ? r.base.rowBytes / (double) r.base.rows : laidOut;
      long out = s.sizing.nearestFiles(perRow > 0 && rows > 0 ? Math.round(rows * perRow)
          : taken.stream().mapToLong(l -> l.rowBytes).sum(), rows, s.targetBytes);
      Group<F> home = null;
      for (Group<F> g : groups) {
        if (g.bytes + bytes <= s.maxBytes) {
          home = g;
          break;
        }
      }
      if (whole && r.pending.isEmpty() && (home == null || home.newFiles == 0)) {
        continue;
      }
      if (home == null) {
        home = new Group<>();
        groups.add(home);
      }
      if (whole) {
        home.due.add(r.path);
        int cells = Splits.cells(out, s.columns, s.regionFiles);
        if (cells >= 2) {
          home.splits.put(r.path, cells);
        }
      } else {
        home.merged.add(r.path);
      }
      for (Layer<F> l : taken) {
        home.files.addAll(l.files);
      }
      home.bytes += bytes;
      home.outputFiles += out;
    }
    return groups;
  }

}
