package dev.hudilayout.layout.grid;

import dev.hudilayout.curve.Curve;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Estimated files per point query for a candidate grid ({@link GridSearch}'s class comment): the
 * sampled rows are put in their cells, the cells in curve order, and files cut from them as the
 * layout will cut the table's; a point query on a value of column c reads every file whose
 * [min, max] on the column holds it, averaged over the column's distinct values.
 */
final class Estimate {
  private final Ranks ranks;
  private final int files;
  private final Curve curve;
  private final double tolerance;
  private final boolean filesInCells;
  /** Per column, the dependent its cuts follow ({@link Ranks#bucketOfValue}), or -1. */
  private final int[] alignTo;
  /** Per sampled row, sorted: its cell's number times the rows, plus the row (cells together). */
  private final long[] packed;
  /** Per rank position, the files whose range starts there less those whose range ended before. */
  private final int[] coverChanges;

  Estimate(Ranks ranks, int files, Curve curve, double tolerance, boolean filesInCells, int[] alignTo) {
    this.ranks = ranks;
    this.alignTo = alignTo;
    this.files = files;
    this.curve = curve;
    this.tolerance = tolerance;
    this.filesInCells = filesInCells;
    this.packed = new long[ranks.rows];
    this.coverChanges = new int[ranks.rows + 1];
  }

  /** The files a point query reads, summed over the columns weighed by {@code weight}. */
  double cost(int[] buckets, double[] weight) {
    double[] perColumn = filesPerColumn(buckets, weight);
    double sum = 0;
    for (int column = 0; column < perColumn.length; column++) {
      sum += weight[column] * perColumn[column];
    }
    return sum;
  }

  double[] filesPerColumn(int[] buckets) {
    double[] all = new double[buckets.length];
    Arrays.fill(all, 1);
    return filesPerColumn(buckets, all);
  }

  /** The files each cell (in curve order) lies in: [from[j], to[j]], of {@code count} files. */
  private static final class FileSpans {
    final int[] from;
    final int[] to;
    int count;

    FileSpans(int cells) {
      from = new int[cells];
      to = new int[cells];
    }
  }

  /**
   * Per column with a positive weight (0 for the others): the share of the files a point query
   * reads, times the files asked for. The sampled rows are put in cells, the cells in curve
   * order, and files cut from them as {@link CellCuts#cutCells} cuts the table's; a file's
   * [min, max] on a column is that of the cells it holds rows of.
   */
  private double[] filesPerColumn(int[] buckets, double[] weight) {
    sortRowsByCell(buckets);
    int[] first = cellFirstRows();
    int cells = first.length - 1;
    Integer[] byCurve = cellsInCurveOrder(first, buckets);
    int[] sizes = new int[cells];
    for (int j = 0; j < cells; j++) {
      sizes[j] = first[byCurve[j] + 1] - first[byCurve[j]];
    }
    FileSpans spans = fileSpans(sizes);
    double[] out = new double[ranks.columns];
    for (int column = 0; column < ranks.columns; column++) {
      if (weight[column] <= 0) {
        continue;
      }
      long total = filesReadOverValues(column, first, byCurve, spans);
      int values = ranks.valueLows[column].length;
      // as a share of the files asked for, except where the cut rule decides the file count
      out[column] = filesInCells ? (double) total / values : (double) total / values / spans.count * files;
    }
    return out;
  }

  /** Fills {@link #packed} with each row's cell and row, and sorts it: the rows of a cell together. */
  private void sortRowsByCell(int[] buckets) {
    int rows = ranks.rows;
    int[][] bucketOf = new int[ranks.columns][];
    for (int column = 0; column < ranks.columns; column++) {
      bucketOf[column] = ranks.bucketOfValue(column, buckets[column], alignTo[column]);
    }
    for (int i = 0; i < rows; i++) {
      long cell = 0;
      for (int column = 0; column < ranks.columns; column++) {
        cell = cell * buckets[column] + bucketOf[column][ranks.valueIndex[column][i]];
      }
      packed[i] = cell * rows + i;
    }
    Arrays.sort(packed);
  }

  /** Where each non-empty cell's rows start in {@link #packed}, then the number of rows. */
  private int[] cellFirstRows() {
    int rows = ranks.rows;
    int cells = 0;
    int[] first = new int[rows + 1];
    for (int i = 0; i < rows; i++) {
      if (i == 0 || packed[i] / rows != packed[i - 1] / rows) {
        first[cells++] = i;
      }
    }
    first[cells] = rows;
    return Arrays.copyOf(first, cells + 1);
  }

  /** The non-empty cells (by their place in {@code first}) in the order the curve visits them. */
  private Integer[] cellsInCurveOrder(int[] first, int[] buckets) {
    int rows = ranks.rows;
    int cells = first.length - 1;
    long[] order = new long[cells];
    long[] coords = new long[ranks.columns];
    int bits = AlignedCells.cellBits(buckets);
    for (int cell = 0; cell < cells; cell++) {
      long number = packed[first[cell]] / rows;
      for (int column = ranks.columns - 1; column >= 0; column--) {
        coords[column] = number % buckets[column];
        number /= buckets[column];
      }
      order[cell] = curve.index(coords, bits);
    }
    Integer[] byCurve = new Integer[cells];
    for (int cell = 0; cell < cells; cell++) {
      byCurve[cell] = cell;
    }
    Arrays.sort(byCurve, Comparator.comparingLong(cell -> order[cell]));
    return byCurve;
  }

  /**
   * The files each cell of these sizes (in curve order) lies in, cut as the layout's rule cuts
   * them: every file inside one cell ({@link CellCuts#filesPerCell}), or small cells sharing files
   * ({@link CellCuts#cutCells}).
   */
  private FileSpans fileSpans(int[] sizes) {
    int cells = sizes.length;
    FileSpans spans = new FileSpans(cells);
    int file = 0;
    int next = 0;
    List<CellCut> cuts = filesInCells ? Collections.emptyList() : CellCuts.cutCells(sizes, files, tolerance);
    int[] parts = filesInCells ? CellCuts.filesPerCell(sizes, files) : null;
    for (int j = 0; filesInCells && j < cells; j++) {
      spans.from[j] = file;
      file += parts[j];
      spans.to[j] = file - 1;
    }
    for (int j = 0; !filesInCells && j < cells; j++) {
      spans.from[j] = file;
      boolean after = false;
      while (next < cuts.size() && cuts.get(next).cell == j) {
        if (cuts.get(next).rowsBelow < sizes[j]) {
          file++;
        } else {
          after = true;
        }
        next++;
      }
      spans.to[j] = file;
      if (after) {
        file++;
      }
    }
    spans.count = filesInCells ? file : file + 1;
    return spans;
  }

  /**
   * The files a point query on {@code column} reads, summed over the column's distinct values: each
   * file's [min, max] rank on the column is that of the cells it holds rows of, and a value is read from
   * every file whose range covers its position.
   */
  private long filesReadOverValues(int column, int[] first, Integer[] byCurve, FileSpans spans) {
    int rows = ranks.rows;
    int[] lowest = new int[spans.count];
    int[] highest = new int[spans.count];
    Arrays.fill(lowest, Integer.MAX_VALUE);
    Arrays.fill(highest, -1);
    for (int j = 0; j < byCurve.length; j++) {
      int cellLowest = Integer.MAX_VALUE;
      int cellHighest = -1;
      for (int i = first[byCurve[j]]; i < first[byCurve[j] + 1]; i++) {
        int rank = ranks.low[column][(int) (packed[i] % rows)];
        cellLowest = Math.min(cellLowest, rank);
        cellHighest = Math.max(cellHighest, rank);
      }
      for (int file = spans.from[j]; file <= spans.to[j]; file++) {
        lowest[file] = Math.min(lowest[file], cellLowest);
        highest[file] = Math.max(highest[file], cellHighest);
      }
    }
    Arrays.fill(coverChanges, 0);
    for (int file = 0; file < spans.count; file++) {
      coverChanges[lowest[file]]++;
      coverChanges[highest[file] + 1]--;
    }
    // files covering each rank position, read at each distinct value's position
    long covering = 0;
    long total = 0;
    int value = 0;
    int[] valueLows = ranks.valueLows[column];
    for (int position = 0; position < rows && value < valueLows.length; position++) {
      covering += coverChanges[position];
      if (valueLows[value] == position) {
        total += covering;
        value++;
      }
    }
    return total;
  }
}
