package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.grid.AlignedCells;
import dev.hudilayout.layout.grid.GridSearch;
import dev.hudilayout.layout.grid.NestedCells;
import dev.hudilayout.layout.grid.PartitionReach;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.CutSearch;
import dev.hudilayout.layout.mapping.SortedValues;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage "placement" on a grid ({@link AlignedCells}): a row's key is its cell's position along the
 * curve followed by its fine curve key, so sorting by key keeps each cell together and orders rows
 * inside it, and files are cut on cell boundaries. Two cut rules: the aligned layout's, where
 * small neighbouring cells may share a file ({@link GridFileCuts#fileCuts}), and the continuous
 * layout's, where every file lies inside one cell ({@link GridFileCuts#fileCutsInCells}).
 */
public final class GridPlacement implements Placement {
  private static final long serialVersionUID = 1L;

  private final CurveSpace space;
  private final NestedCells cells;
  /** The largest key of each file but the last, ascending. */
  private final List<UnsignedBytesKey> cuts;
  /** Per column, the share of its axis the fine key keeps ({@link ColumnWeights#scales}); null: columns alike. */
  private final double[] scales;
  private final double[] buckets;
  private final GridSearch.Choice choice;
  /**
   * With {@code long} fine keys ({@link CurveSpace#longKeys()}), the file cuts as (cell order,
   * fine key) pairs, so placing a row compares two longs instead of building and comparing a
   * byte key; empty otherwise.
   */
  private final long[] cutCells;
  private final long[] cutFines;

  private GridPlacement(CurveSpace space, NestedCells cells, List<UnsignedBytesKey> cuts, double[] scales,
                        double[] buckets, GridSearch.Choice choice) {
    this.space = space;
    this.cells = cells;
    this.cuts = cuts;
    this.scales = scales;
    this.buckets = buckets;
    this.choice = choice;
    int pairs = space.longKeys() ? cuts.size() : 0;
    cutCells = new long[pairs];
    cutFines = new long[pairs];
    for (int i = 0; i < pairs; i++) {
      byte[] bytes = cuts.get(i).bytes();
      cutCells[i] = SortedValues.prefix(bytes);
      cutFines[i] = SortedValues.prefix(bytes, 8);
    }
  }

  /**
   * The aligned layout for {@code files} files: k_i buckets per column chosen from the group's
   * sample ({@link GridSearch}), keys that put each cell together, file cuts on cell boundaries;
   * with column weights ({@code shares}, null: columns alike) and, when
   * {@code fixedBuckets} is given, those buckets instead of the searched ones. A column whose
   * weight earns it less than one bucket ({@link ColumnWeights#buckets}) is dropped: never cut,
   * left out of the fine key, 0 in {@link #columnBuckets()}.
   */
  public static GridPlacement aligned(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                      double[] shares, int[] fixedBuckets) {
    return aligned(space, groupSample, files, tolerance, shares, fixedBuckets, null);
  }

  /**
   * {@link #aligned}, the grid searched with the weights times the group's partition's {@code reach}
   * ({@link PartitionReach}; null: every column reaches the whole table).
   */
  public static GridPlacement aligned(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                      double[] shares, int[] fixedBuckets, double[] reach) {
    int fileCount = Math.max(1, files);
    double[] real = shares == null ? null : ColumnWeights.buckets(shares, fileCount);
    double[] searchShares = shares == null ? null : shares.clone();
    if (shares != null) {
      for (int i : ColumnWeights.dropped(real)) {
        searchShares[i] = 0;
      }
    }
    GridSearch.Choice grid = chooseGrid(space, groupSample, fileCount, tolerance, PartitionReach.weigh(searchShares, reach),
        fixedBuckets, false);
    double[] buckets = ColumnWeights.asDoubles(grid.buckets());
    double[] scales = null;
    if (shares != null) {
      for (int i : ColumnWeights.dropped(real)) {
        buckets[i] = 0;
      }
      scales = ColumnWeights.scales(real);
    }
    NestedCells cells = NestedCells.flat(AlignedCells.fromSample(groupSample, grid, space));
    List<UnsignedBytesKey> keys = sortedKeys(space, cells, groupSample, scales);
    return new GridPlacement(space, cells, GridFileCuts.fileCuts(keys, fileCount, tolerance), scales, buckets, grid);
  }

  /**
   * A layout on a given grid ({@code cells}, recorded by an earlier clustering): rows keyed by
   * their cell's position along the curve, then their fine curve key, and each cell cut into its
   * share of about {@code files} files on its own ({@link GridFileCuts#fileCutsInCells}, each cut
   * within half the {@code tolerance} of a file of its equal-count place), so every file lies inside
   * one cell; a cell cut into several files is cut on a grid of its own first ({@link NestedCells}).
   * {@link #files()} says how many files that makes. {@code choice} is the grid search that
   * chose the cells, or null if they were given.
   */
  public static GridPlacement onCells(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                     AlignedCells cells, GridSearch.Choice choice) {
    return onCells(space, groupSample, files, tolerance, cells, choice, java.util.Map.of());
  }

  /**
   * {@link #onCells}, each cell's own grid weighed by its {@code shares} of the queries (by cell
   * order; see {@link NestedCells#within}).
   */
  public static GridPlacement onCells(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                     AlignedCells cells, GridSearch.Choice choice,
                                     java.util.Map<Long, double[]> shares) {
    return onCells(space, groupSample, files, tolerance, cells, choice, true, shares);
  }

  /**
   * A layout on the regions of a tree ({@link RegionTree}): as {@link #onCells} with the tree's
   * regions as cells, each region cut into several files on a grid of its own weighed by its
   * {@code shares} (by region number). Every file lies inside one region.
   */
  public static GridPlacement onTree(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                     RegionTree tree, java.util.Map<Long, double[]> shares) {
    NestedCells nested = NestedCells.within(tree, space, groupSample, files, tolerance, shares);
    List<UnsignedBytesKey> keys = sortedKeys(space, nested, groupSample, null);
    return new GridPlacement(space, nested, GridFileCuts.fileCutsInCells(keys, Math.max(1, files), tolerance), null,
        ColumnWeights.asDoubles(tree.root().buckets()), null);
  }

  /** {@link #onCells}, with or without grids inside its cells ({@code innerGrids}). */
  public static GridPlacement onCells(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                               AlignedCells cells, GridSearch.Choice choice, boolean innerGrids) {
    return onCells(space, groupSample, files, tolerance, cells, choice, innerGrids, java.util.Map.of());
  }

  private static GridPlacement onCells(CurveSpace space, List<SampleRow> groupSample, int files, double tolerance,
                                       AlignedCells cells, GridSearch.Choice choice, boolean innerGrids,
                                       java.util.Map<Long, double[]> shares) {
    NestedCells nested = innerGrids ? NestedCells.within(cells, space, groupSample, files, tolerance, shares)
        : NestedCells.flat(cells);
    List<UnsignedBytesKey> keys = sortedKeys(space, nested, groupSample, null);
    return new GridPlacement(space, nested, GridFileCuts.fileCutsInCells(keys, Math.max(1, files), tolerance), null,
        ColumnWeights.asDoubles(cells.buckets()), choice);
  }

  /**
   * The aligned grid's buckets: {@code fixedBuckets} evaluated, or the ones searched for, with
   * files cut as the aligned layout cuts them or, {@code filesInCells}, each inside one cell.
   */
  static GridSearch.Choice chooseGrid(CurveSpace space, List<SampleRow> sample, int files, double tolerance,
                                      double[] shares, int[] fixedBuckets, boolean filesInCells) {
    return fixedBuckets == null
        ? GridSearch.choose(sample, files, shares, space.curve(), tolerance, filesInCells)
        : GridSearch.evaluate(sample, files, fixedBuckets, space.curve(), tolerance, filesInCells);
  }

  private static List<UnsignedBytesKey> sortedKeys(CurveSpace space, NestedCells cells, List<SampleRow> sample,
                                                   double[] scales) {
    List<UnsignedBytesKey> keys = new ArrayList<>(sample.size());
    for (SampleRow row : sample) {
      keys.add(cells.key(row.values, space.key(row.values, row.recordKey, scales)));
    }
    keys.sort(null);
    return keys;
  }

  @Override
  public int files() {
    return cuts.size() + 1;
  }

  @Override
  public CurveSpace space() {
    return space;
  }

  /**
   * The grid this placement lays rows on (without the grids drawn inside its cells:
   * {@link #nested()}); null for a placement on a region tree ({@link #onTree}).
   */
  public AlignedCells cells() {
    return cells.outer() instanceof AlignedCells ? (AlignedCells) cells.outer() : null;
  }

  /** The grid with the grids drawn inside its cells. */
  public NestedCells nested() {
    return cells;
  }

  @Override
  public UnsignedBytesKey key(byte[][] encoded, long rowHash) {
    return cells.key(encoded, space.key(encoded, rowHash, scales));
  }

  @Override
  public int file(Comparable<?> key) {
    UnsignedBytesKey rowKey = (UnsignedBytesKey) key;
    return CutSearch.countBelow(cuts.size(), i -> rowKey.compareTo(cuts.get(i)) > 0);
  }

  @Override
  public long orderInFile(Comparable<?> key, int orderBits) {
    long next8 = SortedValues.prefix(((UnsignedBytesKey) key).bytes(), 8);
    long left = space.longKeys() ? space.leftAligned(next8) : next8;
    return left >>> (64 - orderBits);
  }

  @Override
  public long placement(byte[][] encoded, long rowHash, int[] tokens, int orderBits) {
    if (!space.longKeys()) {
      return Placement.super.placement(encoded, rowHash, tokens, orderBits);
    }
    long fine = space.longKey(encoded, rowHash, scales);
    long cell = cells.cellOrder(encoded);
    int file = CutSearch.countBelow(cutCells.length, i -> {
      int comparison = Long.compareUnsigned(cell, cutCells[i]);
      return comparison > 0 || (comparison == 0 && Long.compareUnsigned(fine, cutFines[i]) > 0);
    });
    return ((long) tokens[file] << orderBits) | (space.leftAligned(fine) >>> (64 - orderBits));
  }

  @Override
  public double[] columnBuckets() {
    return buckets.clone();
  }

  @Override
  public GridSearch.Choice gridChoice() {
    return choice;
  }
}
