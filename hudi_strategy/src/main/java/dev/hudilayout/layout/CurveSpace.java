package dev.hudilayout.layout;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.config.Mapping;
import dev.hudilayout.curve.Curve;
import dev.hudilayout.encoding.OrderedBytes;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The grid a clustering lays rows out on: per sort column a mapping from value to coordinate
 * (b bits each), and the curve that turns coordinates into one key. Built once per clustering
 * instant, from one sample of its input, and shared by all its groups.
 */
public final class CurveSpace implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Curve curve;
  private final ColumnMapping[] mappings;
  private final int bits;

  CurveSpace(Curve curve, ColumnMapping[] mappings, int bits) {
    this.curve = curve;
    this.mappings = mappings;
    this.bits = bits;
  }

  /**
   * @param sample   sampled rows of the whole input
   * @param statsMin per column, the smallest encoded value the column-stats index knows (or null)
   * @param statsMax likewise, the largest
   */
  public static CurveSpace build(LayoutSpec spec, List<SampleRow> sample, byte[][] statsMin, byte[][] statsMax) {
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
      for (SampleRow row : sample) {
        values.add(row.values[c]);
      }
      values.sort(Arrays::compareUnsigned);
      if (spec.mapping() == Mapping.SAMPLE) {
        mappings[c] = QuantileMapping.fromSorted(values, 1L << bits);
      } else {
        // The range is that of the non-null values. A sampled null would be the minimum; its
        // marker 0x00 shares no byte with the values' 0x01, so the 8-byte window would start at
        // the marker and squeeze all values into the top of the range (a long's 9-byte encoding
        // loses its last byte). Nulls still map to 0: they sort below the values' shared prefix.
        int firstValue = firstNonNull(values);
        byte[] min = lower(firstValue < values.size() ? values.get(firstValue) : null,
            statsMin == null ? null : statsMin[c]);
        byte[] max = upper(firstValue < values.size() ? values.get(values.size() - 1) : null,
            statsMax == null ? null : statsMax[c]);
        mappings[c] = min == null ? new QuantileMapping(new byte[0][]) : new RangeMapping(min, max, bits);
      }
    }
    return new CurveSpace(spec.curve(), mappings, bits);
  }

  /** Index of the first non-null encoding in a sorted list (nulls sort first); size() if none. */
  private static int firstNonNull(List<byte[]> sorted) {
    int i = 0;
    while (i < sorted.size() && sorted.get(i)[0] == OrderedBytes.NULL_MARKER) {
      i++;
    }
    return i;
  }

  private static byte[] lower(byte[] a, byte[] b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
  }

  private static byte[] upper(byte[] a, byte[] b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
  }

  public int bitsPerColumn() {
    return bits;
  }

  public Curve curve() {
    return curve;
  }

  /** The number of sort columns, the curve's dimensions. */
  public int dimensions() {
    return mappings.length;
  }

  /** Whether keys fit a non-negative {@code long}; otherwise they are {@link UnsignedBytesKey}s. */
  public boolean longKeys() {
    return (long) bits * mappings.length <= 63;
  }

  /** The curve key of a row: a {@link Long} or an {@link UnsignedBytesKey}. */
  public Comparable<?> key(byte[][] encoded, String recordKey) {
    return key(encoded, recordKey, null);
  }

  /**
   * The curve key with column i's coordinate scaled by {@code scales[i]} (in [0, 1]; see
   * {@link ColumnWeights#scales}): a weighted column keeps its whole axis, a lighter one only the
   * low part of it, so it gets fewer of the curve's splits. Null scales: every column alike.
   */
  public Comparable<?> key(byte[][] encoded, String recordKey, double[] scales) {
    long rowHash = RowHash.of(recordKey, 0x5EEDL);
    long[] coords = new long[mappings.length];
    for (int c = 0; c < coords.length; c++) {
      coords[c] = mappings[c].coordinate(encoded[c], RowHash.forColumn(rowHash, c));
      if (scales != null && scales[c] < 1) {
        // monotone in the coordinate, so each column's order is kept
        coords[c] = (long) Math.floor(coords[c] * scales[c]);
      }
    }
    if (longKeys()) {
      return curve.index(coords, bits);
    }
    return new UnsignedBytesKey(curve.indexBytes(coords, bits));
  }
}
