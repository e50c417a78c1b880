package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.grid.GridSearch;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.CutSearch;
import dev.hudilayout.layout.mapping.SortedValues;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stage "placement" along the curve: rows ordered by their curve key and cut into files of about
 * equal counts of the group's sampled keys, so each file holds one stretch of the curve. Each cut
 * may move up to half the tolerance of a file from its equal-count place, to where the curve
 * leaves the largest block of key space (consecutive sampled keys sharing the fewest leading
 * bits), and is then set at that block's end. A block of the Hilbert or z-order key is a box of
 * coordinates, so a file made of few whole blocks has a small box for its size, and the column
 * stats let a query skip it more often. With column weights each column's coordinate is scaled to
 * its share of the buckets ({@link ColumnWeights}).
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
   * File cuts for {@code files} files from the sample rows of one group, each file within
   * {@code tolerance} of the target's sampled rows. With {@code shares} (column weights summing to
   * 1, or null for columns alike) each column's coordinate is scaled to its share of the buckets
   * for this many files ({@link ColumnWeights}).
   */
  public static CurvePlacement fromSample(CurveSpace space, List<SampleRow> groupSample, int files, double[] shares,
                                          double tolerance) {
    double[] buckets = shares == null ? null : ColumnWeights.buckets(shares, Math.max(1, files));
    double[] scales = buckets == null ? null : ColumnWeights.scales(buckets);
    List<Comparable<?>> keys = new ArrayList<>(groupSample.size());
    for (SampleRow row : groupSample) {
      keys.add(space.key(row.values, row.recordKey, scales));
    }
    keys.sort(CurvePlacement::compare);
    int[] lastKeys = CutSearch.atFewestSharedBits(keys, files, tolerance, CurvePlacement::sharedBits);
    List<Comparable<?>> cuts = new ArrayList<>(lastKeys.length);
    for (int last : lastKeys) {
      cuts.add(cutAfter(keys, last));
    }
    return new CurvePlacement(space, cuts, scales, buckets);
  }

  /**
   * The cut after sorted key {@code last}: the end of its block against the next key
   * ({@link #blockEnd}), or the key itself when it is the last or the next is equal.
   */
  static Comparable<?> cutAfter(List<? extends Comparable<?>> sortedKeys, int last) {
    Comparable<?> key = sortedKeys.get(last);
    return last + 1 < sortedKeys.size() ? blockEnd(key, sharedBits(key, sortedKeys.get(last + 1))) : key;
  }

  /** The leading bits two keys of one space have in common; {@link Integer#MAX_VALUE} if equal. */
  static int sharedBits(Comparable<?> first, Comparable<?> second) {
    if (first instanceof Long) {
      long diff = (Long) first ^ (Long) second;
      return diff == 0 ? Integer.MAX_VALUE : Long.numberOfLeadingZeros(diff);
    }
    byte[] firstBytes = ((UnsignedBytesKey) first).bytes();
    byte[] secondBytes = ((UnsignedBytesKey) second).bytes();
    int at = Arrays.mismatch(firstBytes, secondBytes);
    if (at < 0 || at >= Math.min(firstBytes.length, secondBytes.length)) {
      return Integer.MAX_VALUE;  // equal, or one a prefix of the other: no bit tells them apart
    }
    return 8 * at + Integer.numberOfLeadingZeros((firstBytes[at] ^ secondBytes[at]) & 0xFF) - 24;
  }

  /**
   * The largest key that shares {@code key}'s first {@code shared + 1} bits: the end of the block
   * of key space it lies in when the next key differs from it first at bit {@code shared}. The key
   * itself when {@code shared} is {@link Integer#MAX_VALUE} (the next key is equal).
   */
  static Comparable<?> blockEnd(Comparable<?> key, int shared) {
    if (shared == Integer.MAX_VALUE) {
      return key;
    }
    if (key instanceof Long) {
      return (Long) key | (-1L >>> (shared + 1));
    }
    byte[] out = ((UnsignedBytesKey) key).bytes().clone();
    int at = shared / 8;
    out[at] |= (byte) (0xFF >>> (shared % 8 + 1));
    Arrays.fill(out, at + 1, out.length, (byte) 0xFF);
    return new UnsignedBytesKey(out);
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
  private static int compare(Comparable first, Comparable second) {
    return first.compareTo(second);
  }
}
