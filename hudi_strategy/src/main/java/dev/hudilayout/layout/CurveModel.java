package dev.hudilayout.layout;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.config.Mapping;
import dev.hudilayout.curve.Curve;
import dev.hudilayout.curve.HilbertCurve;
import dev.hudilayout.curve.ZOrderCurve;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything an executor needs to place a row: per column a mapping to a coordinate, the curve
 * that turns the coordinates into one key, and the key values at which one output file ends and
 * the next begins. Built once on the driver from a sample, shipped to the executors.
 */
public final class CurveModel implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Curve curve;
  private final ColumnMapping[] mappings;
  private final int bits;
  private final long[] fileCuts;

  private CurveModel(Curve curve, ColumnMapping[] mappings, int bits, long[] fileCuts) {
    this.curve = curve;
    this.mappings = mappings;
    this.bits = bits;
    this.fileCuts = fileCuts;
  }

  /**
   * Builds the model from sample rows (each row: the encoded sort-column values, in the spec's
   * column order) for {@code files} output files.
   */
  public static CurveModel build(LayoutSpec spec, List<byte[][]> sample, int files) {
    int d = spec.columns().size();
    int bits = spec.bitsPerColumn();
    if (spec.mapping() == Mapping.SAMPLE) {
      // A sample of m rows tells apart at most m quantiles; cutting into exactly 2^b buckets makes
      // the coordinates fill the curve's grid, so its sub-cubes (and the files cut from them) are
      // whole rather than a corner of a grid that is mostly empty.
      bits = Math.max(1, Math.min(bits, 63 - Long.numberOfLeadingZeros(Math.max(2, sample.size()))));
    }
    ColumnMapping[] mappings = new ColumnMapping[d];
    for (int c = 0; c < d; c++) {
      List<byte[]> values = new ArrayList<>(sample.size());
      for (byte[][] row : sample) {
        values.add(row[c]);
      }
      values.sort(Arrays::compareUnsigned);
      if (values.isEmpty()) {
        mappings[c] = v -> 0L;
      } else if (spec.mapping() == Mapping.SAMPLE) {
        mappings[c] = QuantileMapping.fromSorted(values, 1L << bits);
      } else {
        mappings[c] = new RangeMapping(values.get(0), values.get(values.size() - 1), bits);
      }
    }
    CurveModel unsplit = new CurveModel(spec.curve(), mappings, bits, new long[0]);
    long[] keys = new long[sample.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = unsplit.key(sample.get(i));
    }
    Arrays.sort(keys);
    int n = Math.max(1, files);
    long[] cuts = new long[keys.length == 0 ? 0 : n - 1];
    for (int i = 1; i <= cuts.length; i++) {
      cuts[i - 1] = keys[(int) ((long) i * keys.length / n)];
    }
    return new CurveModel(spec.curve(), mappings, bits, cuts);
  }

  /** The curve key of one row's encoded sort-column values; never negative. */
  public long key(byte[][] encoded) {
    long[] coords = new long[mappings.length];
    for (int c = 0; c < coords.length; c++) {
      coords[c] = mappings[c].coordinate(encoded[c]);
    }
    switch (curve) {
      case HILBERT:
        return HilbertCurve.index(coords, bits);
      case ZORDER:
        return ZOrderCurve.index(coords, bits);
      default:
        long k = 0;
        for (long x : coords) {
          k = (k << bits) | x;
        }
        return k;
    }
  }

  /** Output file (Spark partition) of a key: the number of file cuts below it. */
  public int file(long key) {
    int lo = 0;
    int hi = fileCuts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (fileCuts[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  public int bitsPerColumn() {
    return bits;
  }

  public int files() {
    return fileCuts.length + 1;
  }
}
