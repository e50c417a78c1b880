package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.mapping.CutSearch;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * How a grid's cells, in curve order, become files, counted in sampled rows: the aligned layout's
 * rule, where small neighbouring cells may share a file ({@link #cutCells}), and the continuous
 * layout's, where every file lies inside one cell ({@link #filesPerCell}). The grid search
 * estimates a grid with the rule its layout will use ({@link GridSearch}), and the placement turns
 * the cuts into keys ({@code layout/placement/GridFileCuts}).
 */
public final class CellCuts {
  private CellCuts() {
  }

  /**
   * How many files each cell is cut into when every file lies inside one cell: one per cell with
   * rows, and the rest of the {@code files} asked for handed out one at a time to the cell whose
   * files are then the largest (so file sizes stay even). Max(files, non-empty cells) files in all;
   * never more files in a cell than its rows. Cells of 10, 0 and 30 rows and 4 files: 1, 0, 3.
   */
  public static int[] filesPerCell(int[] sizes, int files) {
    int[] parts = new int[sizes.length];
    PriorityQueue<Integer> largest = new PriorityQueue<>(Math.max(1, sizes.length),
        (a, b) -> Double.compare((double) sizes[b] / (parts[b] + 1), (double) sizes[a] / (parts[a] + 1)));
    int total = 0;
    for (int cell = 0; cell < sizes.length; cell++) {
      if (sizes[cell] > 0) {
        parts[cell] = 1;
        total++;
        if (sizes[cell] > 1) {
          largest.add(cell);
        }
      }
    }
    while (total < files && !largest.isEmpty()) {
      int cell = largest.poll();
      parts[cell]++;
      total++;
      if (parts[cell] < sizes[cell]) {
        largest.add(cell);
      }
    }
    return parts;
  }

  /**
   * Where files end, for cells of the given sizes in key order, for about {@code files} files of
   * the same total size. Cells are taken whole: a cell larger than (1 + tolerance) times the target
   * is split at equal counts inside it, and consecutive small cells are merged until a file reaches
   * (1 - tolerance) times the target without passing (1 + tolerance). If that would make more
   * files than asked for, the target grows until it does not.
   */
  public static List<CellCut> cutCells(int[] sizes, int files, double tolerance) {
    long rows = 0;
    for (int size : sizes) {
      rows += size;
    }
    if (rows == 0 || files <= 1) {
      return new ArrayList<>();
    }
    double target = (double) rows / files;
    List<CellCut> cuts = wholeCells(sizes, target, tolerance);
    while (cuts.size() > files - 1) {
      target *= 1.05;
      cuts = wholeCells(sizes, target, tolerance);
    }
    return fillUp(sizes, cuts, files);
  }

  /**
   * Cells kept whole within the tolerance can leave fewer files than asked for; the plan asked for
   * {@code files}, so the largest files are halved until there are that many (or none has two
   * rows): a file of several cells at the cell boundary nearest its middle, a file inside one cell
   * at its middle row.
   */
  private static List<CellCut> fillUp(int[] sizes, List<CellCut> cuts, int files) {
    if (cuts.size() >= files - 1) {
      return cuts;
    }
    long[] cellStart = new long[sizes.length + 1];
    for (int cell = 0; cell < sizes.length; cell++) {
      cellStart[cell + 1] = cellStart[cell] + sizes[cell];
    }
    TreeSet<Long> offsets = new TreeSet<>();  // cuts as row offsets over all cells
    for (CellCut cut : cuts) {
      offsets.add(cellStart[cut.cell] + cut.rowsBelow);
    }
    while (offsets.size() < files - 1) {
      long cut = halvingCut(cellStart, offsets);
      if (cut < 0) {
        break;
      }
      offsets.add(cut);
    }
    List<CellCut> out = new ArrayList<>(offsets.size());
    for (long offset : offsets) {
      // a cut at a cell's end is written "after the cell"; otherwise inside the cell holding row `offset`
      int cell = CutSearch.countBelow(cellStart.length, index -> cellStart[index] < offset) - 1;
      out.add(new CellCut(cell, (int) (offset - cellStart[cell])));
    }
    return out;
  }

  /**
   * The row offset that halves the largest file between the {@code offsets} cut so far (the first
   * such file on a tie): the cell boundary nearest its middle when one lies within a quarter of the
   * file from it, else its middle row; -1 when no file has two rows.
   */
  private static long halvingCut(long[] cellStart, TreeSet<Long> offsets) {
    long total = cellStart[cellStart.length - 1];
    long bestFrom = 0;
    long bestTo = 0;
    long from = 0;
    for (long to : offsets) {
      if (to - from > bestTo - bestFrom) {
        bestFrom = from;
        bestTo = to;
      }
      from = to;
    }
    if (total - from > bestTo - bestFrom) {
      bestFrom = from;
      bestTo = total;
    }
    if (bestTo - bestFrom < 2) {
      return -1;
    }
    long middle = (bestFrom + bestTo) / 2;
    long cut = middle;
    int cell = CutSearch.countBelow(cellStart.length, index -> cellStart[index] <= middle) - 1;  // holds row `middle`
    long slack = (bestTo - bestFrom) / 4;  // a boundary this near the middle keeps cells whole
    for (long boundary : new long[] {cellStart[cell], cellStart[cell + 1]}) {
      if (boundary > bestFrom && boundary < bestTo && Math.abs(boundary - middle) <= slack
          && (cut == middle || Math.abs(boundary - middle) < Math.abs(cut - middle))) {
        cut = boundary;
      }
    }
    return cut;
  }

  /**
   * One pass of {@link #cutCells} at a given target: cells in order, a file closed before a cell
   * that would take it past (1 + tolerance) times the target and after one that brings it to
   * (1 - tolerance) times it, a cell over (1 + tolerance) times the target cut into its rounded
   * number of targets.
   */
  private static List<CellCut> wholeCells(int[] sizes, double target, double tolerance) {
    List<CellCut> cuts = new ArrayList<>();
    long filled = 0;
    for (int cell = 0; cell < sizes.length; cell++) {
      int size = sizes[cell];
      if (filled > 0 && filled + size > (1 + tolerance) * target) {
        cuts.add(new CellCut(cell - 1, sizes[cell - 1]));
        filled = 0;
      }
      if (size > (1 + tolerance) * target) {
        int parts = (int) Math.round(size / target);
        int previous = 0;
        for (int part = 1; part < parts; part++) {
          // with fewer sampled rows than parts (a tiny table), some cuts would hold no row
          int below = (int) ((long) part * size / parts);
          if (below > previous) {
            cuts.add(new CellCut(cell, below));
            previous = below;
          }
        }
        filled = size - (int) ((long) (parts - 1) * size / parts);
      } else {
        filled += size;
      }
      if (filled >= (1 - tolerance) * target && cell < sizes.length - 1) {
        cuts.add(new CellCut(cell, size));
        filled = 0;
      }
    }
    return cuts;
  }
}
