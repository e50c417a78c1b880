package dev.hudilayout.layout.mapping;

import java.util.List;

/**
 * Sample mapping: the coordinate is the quantile bucket the value falls in. With sample values
 * (10, 20, 30, 40, 50, 60) and 3 buckets the cuts are (30, 50): 29 is bucket 0, 30 to 49 bucket
 * 1, 50 and above bucket 2.
 *
 * <p>A value heavier than one bucket shows up as a run of equal cuts: with sample
 * (1, 7, 7, 7, 7, 9) and 6 buckets the cuts are (7, 7, 7, 7, 9), and 7 owns buckets 1 to 4. Its
 * rows are spread over those buckets by the hash of their record key, so they fill the files
 * there instead of piling into one; the same row always lands in the same bucket.
 */
public final class QuantileMapping implements ColumnMapping {
  private static final long serialVersionUID = 1L;
  private final SortedValues cuts;

  QuantileMapping(byte[][] cuts) {
    this.cuts = new SortedValues(cuts);
  }

  /** Cuts for {@code buckets} equal-count buckets of the sorted sample. */
  static QuantileMapping fromSorted(List<byte[]> sorted, long buckets) {
    int count = sorted.size();
    int bucketCount = (int) Math.max(1, Math.min(buckets, count));
    byte[][] cuts = new byte[bucketCount - 1][];
    for (int j = 1; j < bucketCount; j++) {
      cuts[j - 1] = sorted.get((int) ((long) j * count / bucketCount));
    }
    return new QuantileMapping(cuts);
  }

  @Override
  public long coordinate(byte[] encoded, long rowHash) {
    int above = cuts.count(encoded, true);   // cuts <= value
    int below = cuts.count(encoded, false);  // cuts < value
    int owned = above - below;              // cuts equal to the value
    if (owned < 2) {
      return above;
    }
    // buckets below+1 .. above hold only this value (bucket `below` also holds smaller ones)
    return below + 1 + Long.remainderUnsigned(rowHash, owned);
  }
}
