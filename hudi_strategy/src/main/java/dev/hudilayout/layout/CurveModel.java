package dev.hudilayout.layout;

import dev.hudilayout.config.LayoutSpec;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where one clustering group's rows go: the instant's {@link CurveSpace} and the keys at which one
 * output file ends and the next begins, taken at equal counts from the group's sampled keys.
 */
public final class CurveModel implements Serializable {
  private static final long serialVersionUID = 1L;

  private final CurveSpace space;
  private final Object[] fileCuts;
  private final AlignedCells cells;
  private final double[] scales;
  private final double[] buckets;
  private final GridSearch.Choice grid;
  /**
   * On the aligned grid with {@code long} fine keys, the file cuts as (cell order, fine key)
   * pairs, so placing a row compares two longs instead of building and comparing a byte key;
   * null otherwise.
   */
  private final long[] cutCells;
  private final long[] cutFines;

  private CurveModel(CurveSpace space, Object[] fileCuts, AlignedCells cells, double[] scales, double[] buckets,
                     GridSearch.Choice grid) {
    this.space = space;
    this.fileCuts = fileCuts;
    this.cells = cells;
    this.scales = scales;
    this.buckets = buckets;
    this.grid = grid;
    if (cells != null && space.longKeys()) {
      cutCells = new long[fileCuts.length];
      cutFines = new long[fileCuts.length];
      for (int i = 0; i < fileCuts.length; i++) {
        byte[] b = ((UnsignedBytesKey) fileCuts[i]).bytes();
        cutCells[i] = SortedValues.prefix(b);
        cutFines[i] = SortedValues.prefix(Arrays.copyOfRange(b, 8, b.length));
      }
    } else {
      cutCells = null;
      cutFines = null;
    }
  }

  /** File cuts for {@code files} files from the sample rows of one group; columns alike. */
  public static CurveModel forGroup(CurveSpace space, List<SampleRow> groupSample, int files) {
    return forGroup(space, groupSample, files, null);
  }

  /**
   * File cuts for {@code files} files from the sample rows of one group. With {@code shares}
   * (column weights summing to 1, or null for columns alike) each column's coordinate is scaled
   * to its share of the buckets for this many files ({@link ColumnWeights}).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static CurveModel forGroup(CurveSpace space, List<SampleRow> groupSample, int files, double[] shares) {
    double[] buckets = shares == null ? null : ColumnWeights.buckets(shares, Math.max(1, files));
    double[] scales = buckets == null ? null : ColumnWeights.scales(buckets);
    List<Comparable> keys = new ArrayList<>(groupSample.size());
    for (SampleRow row : groupSample) {
      keys.add(space.key(row.values, row.recordKey, scales));
    }
    keys.sort(null);
    int n = Math.max(1, files);
    Object[] cuts = new Object[keys.isEmpty() ? 0 : n - 1];
    for (int i = 1; i <= cuts.length; i++) {
      cuts[i - 1] = keys.get((int) ((long) i * keys.size() / n));
    }
    return new CurveModel(space, cuts, null, scales, buckets, null);
  }

  /**
   * The aligned layout for {@code files} files: k_i buckets per column chosen from the group's
   * sample ({@link GridSearch}), keys that put each cell together, file cuts on cell boundaries.
   */
  public static CurveModel alignedForGroup(CurveSpace space, List<SampleRow> groupSample, int files,
                                           double tolerance) {
    return alignedForGroup(space, groupSample, files, tolerance, null, null);
  }

  /**
   * The aligned layout with column weights ({@code shares}, null: columns alike) and, when
   * {@code fixedBuckets} is given, those buckets instead of the searched ones. A column whose
   * weight earns it less than one bucket ({@link ColumnWeights#buckets}) is dropped: never cut,
   * left out of the fine key, 0 in {@link #columnBuckets()}.
   */
  public static CurveModel alignedForGroup(CurveSpace space, List<SampleRow> groupSample, int files,
                                           double tolerance, double[] shares, int[] fixedBuckets) {
    int n = Math.max(1, files);
    double[] real = shares == null ? null : ColumnWeights.buckets(shares, n);
    double[] searchShares = shares == null ? null : shares.clone();
    if (shares != null) {
      for (int i : ColumnWeights.dropped(real)) {
        searchShares[i] = 0;
      }
    }
    GridSearch.Choice grid = chooseGrid(space, groupSample, n, tolerance, searchShares, fixedBuckets, false);
    int[] k = grid.buckets();
    double[] buckets = ColumnWeights.asDoubles(k);
    double[] scales = null;
    if (shares != null) {
      for (int i : ColumnWeights.dropped(real)) {
        buckets[i] = 0;
      }
      scales = ColumnWeights.scales(real);
    }
    AlignedCells cells = AlignedCells.fromSample(groupSample, k, space.curve());
    List<UnsignedBytesKey> keys = new ArrayList<>(groupSample.size());
    for (SampleRow row : groupSample) {
      keys.add(cells.key(row.values, space.key(row.values, row.recordKey, scales)));
    }
    keys.sort(null);
    return new CurveModel(space, AlignedCells.fileCuts(keys, n, tolerance), cells, scales, buckets, grid);
  }

  /**
   * A layout on a given grid ({@code cells}, recorded by an earlier clustering): rows keyed by
   * their cell's position along the curve, then their fine curve key, and each cell cut into its
   * share of about {@code files} files on its own ({@link AlignedCells#fileCutsInCells}), so every
   * file lies inside one cell. {@link #files()} says how many files that makes.
   */
  public static CurveModel onCells(CurveSpace space, List<SampleRow> groupSample, int files, AlignedCells cells) {
    return onCells(space, groupSample, files, cells, null);
  }

  /** {@link #onCells(CurveSpace, List, int, AlignedCells)}, recording the grid search that chose the cells. */
  private static CurveModel onCells(CurveSpace space, List<SampleRow> groupSample, int files, AlignedCells cells,
                                    GridSearch.Choice choice) {
    List<UnsignedBytesKey> keys = new ArrayList<>(groupSample.size());
    for (SampleRow row : groupSample) {
      keys.add(cells.key(row.values, space.key(row.values, row.recordKey, null)));
    }
    keys.sort(null);
    return new CurveModel(space, AlignedCells.fileCutsInCells(keys, Math.max(1, files)), cells, null,
        ColumnWeights.asDoubles(cells.buckets()), choice);
  }

  /**
   * The model of a continuous-layout group that lays rows on a grid: on {@code grid} when given
   * (new rows on the recorded grid), else on a grid drawn from the group's sample (a partition's
   * first layout: the aligned layout's cells, or equal buckets per column when it is off), with
   * every file inside one cell. The grid it used is {@link #cells()}.
   */
  public static CurveModel onGrid(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                  Supplier<List<SampleRow>> ownSample, int files, AlignedCells grid) {
    List<SampleRow> sample = usesInstantSample(instantSpace, groupSample) ? groupSample : ownSample.get();
    CurveSpace space = instantSpace != null ? instantSpace : CurveSpace.build(spec, sample, null, null);
    if (grid != null) {
      return onCells(space, sample, files, grid, null);
    }
    int n = Math.max(1, files);
    GridSearch.Choice choice = spec.aligned()
        ? chooseGrid(space, sample, n, spec.alignedTolerance(), null, spec.gridBuckets(), true) : null;
    int[] k = choice != null ? choice.buckets() : AlignedCells.bucketsPerColumn(n, spec.columns().size());
    return onCells(space, sample, files, AlignedCells.fromSample(sample, k, space.curve()), choice);
  }

  /** The files this model cuts rows into: one more than its cuts. */
  public int files() {
    return fileCuts.length + 1;
  }

  /** The grid this model lays rows on, or null for a plain curve. */
  public AlignedCells cells() {
    return cells;
  }

  /**
   * The aligned grid's buckets: {@code fixedBuckets} evaluated, or the ones searched for, with
   * files cut as the aligned layout cuts them or, {@code filesInCells}, each inside one cell.
   */
  private static GridSearch.Choice chooseGrid(CurveSpace space, List<SampleRow> sample, int files, double tolerance,
                                              double[] shares, int[] fixedBuckets, boolean filesInCells) {
    return fixedBuckets == null
        ? GridSearch.choose(sample, files, shares, space.curve(), tolerance, filesInCells)
        : GridSearch.evaluate(sample, files, fixedBuckets, space.curve(), tolerance, filesInCells);
  }

  /**
   * The model for one group: from the instant's space and the group's share of the instant's
   * sample when there is one; otherwise from a sample of the group's own input (taken only then),
   * in the instant's space if it exists.
   */
  public static CurveModel forGroup(LayoutSpec spec, CurveSpace instantSpace, List<SampleRow> groupSample,
                                    Supplier<List<SampleRow>> ownSample, int files) {
    List<SampleRow> sample = usesInstantSample(instantSpace, groupSample) ? groupSample : ownSample.get();
    CurveSpace space = instantSpace != null ? instantSpace : CurveSpace.build(spec, sample, null, null);
    return spec.aligned()
        ? alignedForGroup(space, sample, files, spec.alignedTolerance(), spec.shares(), spec.gridBuckets())
        : forGroup(space, sample, files, spec.shares());
  }

  /** Whether {@link #forGroup(LayoutSpec, CurveSpace, List, Supplier, int)} uses the instant's sample. */
  public static boolean usesInstantSample(CurveSpace instantSpace, List<SampleRow> groupSample) {
    return instantSpace != null && !groupSample.isEmpty();
  }

  public CurveSpace space() {
    return space;
  }

  public Comparable<?> key(byte[][] encoded, String recordKey) {
    Comparable<?> fine = space.key(encoded, recordKey, scales);
    return cells == null ? fine : cells.key(encoded, fine);
  }

  /**
   * Where a row goes, as one {@code long}: {@code tokens[file]} in the bits above {@code orderBits}
   * and the row's order inside that file ({@link #orderInFile}) in the low {@code orderBits}.
   */
  public long placement(byte[][] encoded, String recordKey, int[] tokens, int orderBits) {
    if (cutFines != null) {
      long fine = space.longKey(encoded, recordKey, scales);
      long cell = cells.cellOrder(encoded);
      int lo = 0;
      int hi = cutCells.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        int c = Long.compareUnsigned(cell, cutCells[mid]);
        if (c > 0 || (c == 0 && Long.compareUnsigned(fine, cutFines[mid]) > 0)) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return ((long) tokens[lo] << orderBits) | (leftAligned(fine) >>> (64 - orderBits));
    }
    Comparable<?> key = key(encoded, recordKey);
    return ((long) tokens[file(key)] << orderBits) | orderInFile(key, orderBits);
  }

  /**
   * A row's order inside its file in {@code orderBits} bits: the leading bits of its fine curve
   * key (on the aligned grid, the key after the cell's position). A file holds rows close on the
   * curve, so its rows keep their curve order, and the order fits a {@code long} beside the file's
   * partition token: Spark then sorts each file by a long, not by a byte string.
   */
  public long orderInFile(Comparable<?> key, int orderBits) {
    long left;
    if (key instanceof Long) {
      left = leftAligned((Long) key);
    } else {
      byte[] b = ((UnsignedBytesKey) key).bytes();
      int from = cells == null ? 0 : 8;
      long next8 = SortedValues.prefix(from == 0 ? b : Arrays.copyOfRange(b, from, Math.max(from, b.length)));
      left = cells != null && space.longKeys() ? leftAligned(next8) : next8;
    }
    return left >>> (64 - orderBits);
  }

  /** A {@code long} fine key's bits moved to the top of the word. */
  private long leftAligned(long fine) {
    int keyBits = space.keyBits();
    return keyBits == 0 ? 0 : fine << (64 - keyBits);
  }

  /** Whether keys are {@code long}s; otherwise {@link UnsignedBytesKey}s. */
  public boolean longKeys() {
    return cells == null && space.longKeys();
  }

  /** The aligned grid's buckets per column, or null for a plain curve. */
  public int[] alignedBuckets() {
    return cells == null ? null : cells.buckets();
  }

  /**
   * Buckets each column earned: whole numbers on the aligned grid, real numbers on a weighted
   * curve (its split count along the column), 0 for a dropped column; null for an unweighted curve.
   */
  public double[] columnBuckets() {
    if (buckets != null) {
      return buckets.clone();
    }
    return cells == null ? null : ColumnWeights.asDoubles(cells.buckets());
  }

  /** The aligned grid as chosen (buckets, dependent columns, estimates), or null for a plain curve. */
  public GridSearch.Choice grid() {
    return grid;
  }

  /** Output file of a key: the number of file cuts below it. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public int file(Object key) {
    Comparable k = (Comparable) key;
    int lo = 0;
    int hi = fileCuts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (k.compareTo(fileCuts[mid]) > 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  public int bitsPerColumn() {
    return space.bitsPerColumn();
  }
}
