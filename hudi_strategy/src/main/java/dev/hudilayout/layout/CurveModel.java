package dev.hudilayout.layout;

import dev.hudilayout.config.LayoutSpec;

import java.io.Serializable;
import java.util.ArrayList;
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

  private CurveModel(CurveSpace space, Object[] fileCuts, AlignedCells cells, double[] scales, double[] buckets) {
    this.space = space;
    this.fileCuts = fileCuts;
    this.cells = cells;
    this.scales = scales;
    this.buckets = buckets;
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
    return new CurveModel(space, cuts, null, scales, buckets);
  }

  /**
   * The aligned layout for {@code files} files: k_i buckets per column from the group's sample
   * (see {@link AlignedCells}), keys that put each cell together, file cuts on cell boundaries.
   */
  public static CurveModel alignedForGroup(CurveSpace space, List<SampleRow> groupSample, int files,
                                           double tolerance) {
    return alignedForGroup(space, groupSample, files, tolerance, null);
  }

  /**
   * The aligned layout with k_i from column weights ({@link ColumnWeights#integerBuckets}); null
   * {@code shares}: columns alike. A dropped column gets one bucket (no cut).
   */
  public static CurveModel alignedForGroup(CurveSpace space, List<SampleRow> groupSample, int files,
                                           double tolerance, double[] shares) {
    int n = Math.max(1, files);
    int d = groupSample.isEmpty() ? 1 : groupSample.get(0).values.length;
    int[] k = shares == null ? AlignedCells.bucketsPerColumn(n, d) : ColumnWeights.integerBuckets(shares, n);
    double[] buckets = ColumnWeights.asDoubles(k);
    double[] scales = null;
    if (shares != null) {
      double[] real = ColumnWeights.buckets(shares, n);
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
    return new CurveModel(space, AlignedCells.fileCuts(keys, n, tolerance), cells, scales, buckets);
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
    return spec.aligned() ? alignedForGroup(space, sample, files, spec.alignedTolerance(), spec.shares())
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
