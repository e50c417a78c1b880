package dev.hudilayout.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage "placement" along the curve: rows ordered by their curve key and cut into files at equal
 * counts of the group's sampled keys, so each file holds one stretch of the curve. With column
 * weights each column's coordinate is scaled to its share of the buckets ({@link ColumnWeights}).
 */
public final class CurvePlacement implements Placement {
  private static final long serialVersionUID = 1L;

  private final CurveSpace space;
  /** The largest key of each file but the last, ascending. */
  private final List<Comparable<?>> cuts;
  /** Per column, the share of its axis it keeps ({@link ColumnWeights#scales}); null: columns alike. */
  private final double[] scales;
  /** Per column, the buckets its weight earned; null: columns alike. */
  private final double[] buckets;

  private CurvePlacement(CurveSpace space, List<Comparable<?>> cuts, double[] scales, double[] buckets) {
    this.space = space;
    this.cuts = cuts;
    this.scales = scales;
    this.buckets = buckets;
  }

  /**
   * File cuts for {@code files} files from the sample rows of one group. With {@code shares}
   * (column weights summing to 1, or null for columns alike) each column's coordinate is scaled
   * to its share of the buckets for this many files ({@link ColumnWeights}).
   */
  public static CurvePlacement fromSample(CurveSpace space, List<SampleRow> groupSample, int files, double[] shares) {
    double[] buckets = shares == null ? null : ColumnWeights.buckets(shares, Math.max(1, files));
    double[] scales = buckets == null ? null : ColumnWeights.scales(buckets);
    List<Comparable<?>> keys = new ArrayList<>(groupSample.size());
    for (SampleRow row : groupSample) {
      keys.add(space.key(row.values, row.recordKey, scales));
    }
    keys.sort(CurvePlacement::compare);
    return new CurvePlacement(space, new ArrayList<>(CutSearch.atEqualCounts(keys, files)), scales, buckets);
  }

  @Override
  public int files() {
    return cuts.size() + 1;
  }

  @Override
  public CurveSpace space() {
    return space;
  }

  @Override
  public Comparable<?> key(byte[][] encoded, long rowHash) {
    return space.key(encoded, rowHash, scales);
  }

  @Override
  public int file(Comparable<?> key) {
    return CutSearch.countBelow(cuts.size(), i -> compare(key, cuts.get(i)) > 0);
  }

  @Override
  public long orderInFile(Comparable<?> key, int orderBits) {
    long left = key instanceof Long ? space.leftAligned((Long) key)
        : SortedValues.prefix(((UnsignedBytesKey) key).bytes());
    return left >>> (64 - orderBits);
  }

  @Override
  public double[] columnBuckets() {
    return buckets == null ? null : buckets.clone();
  }

  @Override
  public GridSearch.Choice gridChoice() {
    return null;
  }

  /** Two keys of one space (both {@code Long}s or both {@link UnsignedBytesKey}s). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Comparable a, Comparable b) {
    return a.compareTo(b);
  }
}
