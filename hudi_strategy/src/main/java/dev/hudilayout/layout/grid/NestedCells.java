package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.sample.SampleRow;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stage "grid" inside the cells of a given grid: a cell that a group cuts into several files gets
 * a grid of its own, drawn from the cell's sampled rows by the aligned layout's search for that
 * many files ({@link GridSearch#choose}, files inside cells), so the cell's files are boxes of the
 * cell instead of stretches of the fine curve through it. A row's cell order is then its outer
 * cell's order followed by its inner cell's order, and files are cut on inner cell boundaries as
 * on outer ones ({@code layout/placement/GridFileCuts#fileCutsInCells}): every file still lies inside one outer
 * cell.
 *
 * <p>The outer cells are a grid ({@link AlignedCells}) or the regions of a tree ({@link RegionTree}),
 * and only they are recorded (the continuous layout's regions read no more than that); a cell's
 * inner grid is drawn again from its rows each time a group lays the cell out, so it follows the
 * rows the cell holds then. (A region that splits gets a coarser grid of its own, recorded in the
 * tree: {@link dev.hudilayout.layout.placement.Placements#onTree}.)
 */
public final class NestedCells implements Serializable {
  private static final long serialVersionUID = 1L;
  /** Outer and inner cell order together must fit a long's 63 value bits. */
  private static final int ORDER_BITS = 63;

  private final Cells outer;
  /** Inner grids by outer cell order; empty when no cell has one. */
  private final Map<Long, AlignedCells> inner;
  private final int innerBits;

  private NestedCells(Cells outer, Map<Long, AlignedCells> inner, int innerBits) {
    this.outer = outer;
    this.inner = inner;
    this.innerBits = innerBits;
  }

  /** The grid (or tree) alone, no cell with a grid of its own. */
  public static NestedCells flat(Cells outer) {
    return new NestedCells(outer, new HashMap<>(), 0);
  }

  /**
   * Inner grids for the cells of {@code outer} that {@code files} files cut into several
   * ({@link CellCuts#filesPerCell} over the cells' sampled rows), each drawn from its cell's
   * sampled rows; the grid alone if the orders would not fit a long.
   */
  public static NestedCells within(Cells outer, CurveSpace space, List<SampleRow> sample, int files,
                                   double tolerance) {
    return within(outer, space, sample, files, tolerance, Map.of());
  }

  /**
   * {@link #within}, each cell's grid chosen with its {@code shares} of the queries (by outer cell
   * order, see {@link GridSearch#choose}; a cell not named weighs its columns alike): a cell met
   * by every query on a column but by half of those on another is cut more finely on the first.
   */
  public static NestedCells within(Cells outer, CurveSpace space, List<SampleRow> sample, int files,
                                   double tolerance, Map<Long, double[]> shares) {
    Map<Long, List<SampleRow>> byCell = new TreeMap<>(Long::compareUnsigned);
    for (SampleRow row : sample) {
      byCell.computeIfAbsent(outer.cellOrder(row.values), cell -> new ArrayList<>()).add(row);
    }
    List<Long> orders = new ArrayList<>(byCell.keySet());
    int[] sizes = new int[orders.size()];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = byCell.get(orders.get(i)).size();
    }
    int[] parts = CellCuts.filesPerCell(sizes, Math.max(1, files));
    Map<Long, AlignedCells> inner = new HashMap<>();
    int bits = 0;
    for (int i = 0; i < sizes.length; i++) {
      if (parts[i] < 2) {
        continue;
      }
      List<SampleRow> rows = byCell.get(orders.get(i));
      GridSearch.Choice choice = GridSearch.choose(rows, parts[i], shares.get(orders.get(i)), space.curve(),
          tolerance, true);
      int[] buckets = choice.buckets();
      long product = 1;
      for (int bucketCount : buckets) {
        product *= bucketCount;
      }
      if (product > 1) {
        inner.put(orders.get(i), AlignedCells.fromSample(rows, choice, space));
        bits = Math.max(bits, AlignedCells.cellBits(buckets) * buckets.length);
      }
    }
    int outerBits = outer.orderBits();
    return inner.isEmpty() || outerBits + bits > ORDER_BITS ? flat(outer) : new NestedCells(outer, inner, bits);
  }

  /** The outer grid or tree: the one recorded. */
  public Cells outer() {
    return outer;
  }

  /** Cells that have a grid of their own. */
  public int cellsWithInnerGrids() {
    return inner.size();
  }

  /** The position of a row's cell: its outer cell's along the curve, then its inner cell's. */
  public long cellOrder(byte[][] encoded) {
    long order = outer.cellOrder(encoded);
    if (innerBits == 0) {
      return order;
    }
    AlignedCells grid = inner.get(order);
    return (order << innerBits) | (grid == null ? 0 : grid.cellOrder(encoded));
  }

  /** The row key ({@link AlignedCells#key(long, Comparable)}) with {@link #cellOrder}. */
  public UnsignedBytesKey key(byte[][] encoded, Comparable<?> fineKey) {
    return AlignedCells.key(cellOrder(encoded), fineKey);
  }
}
