package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.grid.CellCut;
import dev.hudilayout.layout.grid.CellCuts;
import dev.hudilayout.layout.mapping.CutSearch;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * File cuts on a grid, as keys: over the sorted keys of a group's sampled rows (each an 8-byte
 * cell order followed by the fine curve key, {@code AlignedCells.key}), where each file ends. The
 * cells are cut as {@link CellCuts} counts them; a cut at a cell's end becomes the cell's largest
 * key, and a cut inside a cell moves to the end of a block of the fine curve key, as files cut
 * along the curve do ({@link CurvePlacement}).
 */
public final class GridFileCuts {
  private GridFileCuts() {
  }

  /**
   * File cuts over sorted sample keys for {@code files} files of about m / files sampled rows each
   * (m keys), placed by {@link CellCuts#cutCells}: small neighbouring cells may share a file. A cut
   * is the largest key of the file below it; a cut on a cell boundary is the cell's prefix followed
   * by 0xFF bytes, so unsampled rows of a cell stay in it. A cut inside a cell ends a block of the
   * fine curve key ({@link #cutKeys}).
   */
  public static List<UnsignedBytesKey> fileCuts(List<UnsignedBytesKey> sortedKeys, int files, double tolerance) {
    int keys = sortedKeys.size();
    if (keys == 0 || files <= 1) {
      return new ArrayList<>();
    }
    int[] starts = cellStarts(sortedKeys);
    List<CellCut> cuts = CellCuts.cutCells(cellSizes(starts, keys), files, tolerance);
    int reach = (int) Math.floor(tolerance / 2 * keys / files);
    return cutKeys(sortedKeys, starts, cuts, cell -> reach);
  }

  /**
   * File cuts over sorted sample keys that never put two cells in one file: each cell with sampled
   * rows is cut into its {@link CellCuts#filesPerCell} files of about equal counts (each cut within
   * half the tolerance of one of them, ending a block of the fine curve key: {@link #cutKeys}), and
   * every cell ends a file. Used where each file must lie inside one cell of a recorded grid (the
   * continuous layout's regions), even when there are fewer files than cells.
   */
  public static List<UnsignedBytesKey> fileCutsInCells(List<UnsignedBytesKey> sortedKeys, int files,
                                                       double tolerance) {
    int keys = sortedKeys.size();
    int[] starts = cellStarts(sortedKeys);
    int[] sizes = cellSizes(starts, keys);
    int[] parts = CellCuts.filesPerCell(sizes, files);
    List<CellCut> cuts = new ArrayList<>();
    for (int cell = 0; cell < sizes.length; cell++) {
      int previous = 0;
      for (int part = 1; part < parts[cell]; part++) {
        int below = (int) ((long) part * sizes[cell] / parts[cell]);
        if (below > previous) {
          cuts.add(new CellCut(cell, below));
          previous = below;
        }
      }
      if (cell + 1 < sizes.length) {
        cuts.add(new CellCut(cell, sizes[cell]));
      }
    }
    return cutKeys(sortedKeys, starts, cuts,
        cell -> (int) Math.floor(tolerance / 2 * sizes[cell] / parts[cell]));
  }

  /** Where each cell begins among sorted keys: the indexes where the cell prefix changes. */
  private static int[] cellStarts(List<UnsignedBytesKey> sortedKeys) {
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < sortedKeys.size(); i++) {
      if (i == 0 || !samePrefix(sortedKeys.get(i - 1), sortedKeys.get(i))) {
        starts.add(i);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int[] cellSizes(int[] starts, int keys) {
    int[] sizes = new int[starts.length];
    for (int cell = 0; cell < sizes.length; cell++) {
      sizes[cell] = (cell + 1 < sizes.length ? starts[cell + 1] : keys) - starts[cell];
    }
    return sizes;
  }

  /**
   * The keys of the cuts. A cut after a whole cell is the cell's boundary. A cut inside a cell
   * moves, by at most {@code reach.applyAsInt(cell)} sampled rows and without leaving the cell or
   * passing the cut before it, to where the fine curve key leaves its largest block, and is set at
   * that block's end, as files cut along the curve are ({@link CurvePlacement}): the file's part of
   * the cell is then a few whole boxes.
   */
  private static List<UnsignedBytesKey> cutKeys(List<UnsignedBytesKey> keys, int[] starts, List<CellCut> cuts,
                                                IntUnaryOperator reach) {
    List<UnsignedBytesKey> out = new ArrayList<>(cuts.size());
    int previous = -1;  // the index of the last key below the previous cut
    for (CellCut cut : cuts) {
      int start = starts[cut.cell];
      int end = cut.cell + 1 < starts.length ? starts[cut.cell + 1] : keys.size();  // the cell's keys: [start, end)
      int place = start + cut.rowsBelow - 1;
      if (start + cut.rowsBelow == end) {
        out.add(boundary(keys.get(place)));
      } else {
        int moves = reach.applyAsInt(cut.cell);
        int last = CutSearch.fewestSharedBitsNear(keys, place, Math.max(Math.max(start, previous + 1), place - moves),
            Math.min(end - 2, place + moves), CurvePlacement::sharedBits);
        place = last;
        out.add((UnsignedBytesKey) CurvePlacement.cutAfter(keys, last));
      }
      previous = place;
    }
    return out;
  }

  private static boolean samePrefix(UnsignedBytesKey first, UnsignedBytesKey second) {
    return Arrays.equals(first.bytes(), 0, 8, second.bytes(), 0, 8);
  }

  /** The largest key of a cell: its 8-byte prefix followed by 0xFF. */
  private static UnsignedBytesKey boundary(UnsignedBytesKey inCell) {
    byte[] bytes = inCell.bytes().clone();
    Arrays.fill(bytes, 8, bytes.length, (byte) 0xFF);
    return new UnsignedBytesKey(bytes);
  }
}
