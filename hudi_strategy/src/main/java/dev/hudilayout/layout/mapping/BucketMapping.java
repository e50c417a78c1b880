package dev.hudilayout.layout.mapping;

/**
 * Sample mapping: the sorted sample is cut into buckets of about equal count that never split a
 * value ({@link BucketCuts}), and bucket i of n is the single coordinate floor(i * span / n), where
 * span is the bucket count of the space's column with most buckets (at most 2^bits): that column's
 * buckets are one coordinate apart and every other column's spread over the same stretch of the
 * axis. With sample (10, 20, 30, 40, 50, 60), 3 buckets and span 6 the buckets start at 10, 30 and
 * 50 and get coordinates 0, 2, 4.
 *
 * <p>Why span and not the whole axis 2^bits: with 1000 brands and 250 cities on 10 bits, the whole
 * axis puts brands 1 or 2 coordinates apart and cities 4 or 5; this spacing puts them 1 and 4
 * apart, every time, so the curve splits each column at the same buckets wherever it passes (the
 * files read per query: docs/benchmarks.md#files-read-per-query-make-bench).
 *
 * <p>Why a value is never split and always gets one point (unlike {@link QuantileMapping}, which
 * gives a heavy value a run of buckets and spreads its rows over them by hash):
 * <ul>
 *   <li>A value whose rows are spread along its own axis lets the curve spend splits on that
 *   spread: every file in the spread holds the same value, so a query on it reads them all anyway,
 *   while the files get narrower on that axis and wider on the others, and queries on the other
 *   columns read more of them. A heavy value kept on one coordinate is a thin slab that the curve
 *   divides along the other columns only.</li>
 *   <li>A point never straddles a cell boundary of the curve, at any level; a value spread over a
 *   range of fine quantile buckets does whenever its range crosses one, and is then in the files on
 *   both sides.</li>
 * </ul>
 * Rows that share every coordinate are told apart by the row hash after the curve key
 * ({@link CurveSpace#key}), so files still fill evenly when a value holds many files' worth.
 */
public final class BucketMapping implements ColumnMapping {
  private static final long serialVersionUID = 1L;
  private final SortedValues lowers;
  /** Coordinates the buckets spread over: [0, span), at most 2^bits. */
  private final long span;

  /**
   * @param span the bucket count of the column with most buckets, or 2^bits if that is smaller
   *     (the long key's room ran out: neighbouring buckets then share a coordinate)
   */
  BucketMapping(byte[][] lowers, long span) {
    this.lowers = new SortedValues(lowers);
    this.span = span;
  }

  /** Bits that tell {@code buckets} buckets apart: ceil(log2(buckets)), at least 1. */
  static int bitsFor(int buckets) {
    return Math.max(1, 64 - Long.numberOfLeadingZeros(Math.max(1, buckets - 1)));
  }

  int buckets() {
    return lowers.size();
  }

  @Override
  public long coordinate(byte[] encoded, long rowHash) {
    if (lowers.size() <= 1) {
      return 0;
    }
    // bucket i holds [lowers[i], lowers[i + 1]); values below the first sampled one join bucket 0
    long bucket = Math.max(0, lowers.atOrBelow(encoded) - 1);
    // columns with fewer buckets spread over the same span, so every column spans the same cells
    return bucket * span / lowers.size();
  }
}
