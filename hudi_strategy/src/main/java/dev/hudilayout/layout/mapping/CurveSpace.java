package dev.hudilayout.layout.mapping;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.sample.RowHash;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.encoding.OrderedBytes;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Stage "curve": the space a clustering lays rows out in: per sort column a mapping from value to coordinate
 * (b bits each), and the curve that turns coordinates into one key. Built once per clustering
 * instant, from one sample of its input, and shared by all its groups.
 */
public final class CurveSpace implements Serializable {
  private static final long serialVersionUID = 1L;
  /** The seed of {@link #rowHash}. */
  public static final long ROW_HASH_SEED = 0x5EEDL;

  private final Curve curve;
  private final ColumnMapping[] mappings;
  private final int bits;
  private final boolean longKeys;
  /** Whether the row hash follows the curve index in the key (sample mapping). */
  private final boolean tieBreak;
  /**
   * Driver side only: the sample the space was built from and its sorted columns, so a group
   * whose sample is that whole sample (one group: the common case) does not sort them again.
   */
  private transient List<SampleRow> builtFrom;
  private transient Map<Integer, List<byte[]>> sortedColumns;

  CurveSpace(Curve curve, ColumnMapping[] mappings, int bits) {
    this(curve, mappings, bits, (long) bits * mappings.length <= 63, false);
  }

  private CurveSpace(Curve curve, ColumnMapping[] mappings, int bits, boolean longKeys, boolean tieBreak) {
    this.curve = curve;
    this.mappings = mappings;
    this.bits = bits;
    this.longKeys = longKeys;
    this.tieBreak = tieBreak;
  }

  /**
   * @param sample   sampled rows of the whole input
   * @param statsMin per column, the smallest encoded value the column-stats index knows (or null)
   * @param statsMax likewise, the largest
   */
  public static CurveSpace build(LayoutSpec spec, List<SampleRow> sample, byte[][] statsMin, byte[][] statsMax) {
    Map<Integer, List<byte[]>> sorted = new HashMap<>();
    CurveSpace space = build(spec, sample, statsMin, statsMax, column -> sorted.computeIfAbsent(column,
        missing -> sortedColumn(sample, missing)));
    space.builtFrom = sample;
    space.sortedColumns = sorted;
    return space;
  }

  /**
   * Column {@code column} of {@code sample} sorted in unsigned byte order ({@link #sortedColumn(List, int)});
   * the one this space sorted when it was built from that very sample.
   */
  public List<byte[]> sortedColumnOf(List<SampleRow> sample, int column) {
    List<SampleRow> from = builtFrom;
    // a group's sample is a part of the instant's, in its order: all of it if as long
    int count = sample.size();
    boolean same = from != null && from.size() == count
        && (count == 0 || (from.get(0) == sample.get(0) && from.get(count - 1) == sample.get(count - 1)));
    if (!same) {
      return sortedColumn(sample, column);
    }
    synchronized (this) {
      return sortedColumns.computeIfAbsent(column, missing -> sortedColumn(sample, missing));
    }
  }

  private static CurveSpace build(LayoutSpec spec, List<SampleRow> sample, byte[][] statsMin, byte[][] statsMax,
                                  IntFunction<List<byte[]>> sortedColumn) {
    int columns = spec.columns().size();
    if (spec.mapping() == Mapping.SAMPLE) {
      return sampleSpace(spec, sample, columns, sortedColumn);
    }
    int bits = spec.bitsPerColumn();
    ColumnMapping[] mappings = new ColumnMapping[columns];
    for (int column = 0; column < columns; column++) {
      List<byte[]> values = sortedColumn.apply(column);
      // The range is that of the non-null values. A sampled null would be the minimum; its
      // marker 0x00 shares no byte with the values' 0x01, so the 8-byte window would start at
      // the marker and squeeze all values into the top of the range (a long's 9-byte encoding
      // loses its last byte). Nulls still map to 0: they sort below the values' shared prefix.
      int firstValue = firstNonNull(values);
      byte[] min = lower(firstValue < values.size() ? values.get(firstValue) : null,
          statsMin == null ? null : statsMin[column]);
      byte[] max = upper(firstValue < values.size() ? values.get(values.size() - 1) : null,
          statsMax == null ? null : statsMax[column]);
      mappings[column] = min == null ? new QuantileMapping(new byte[0][]) : new RangeMapping(min, max, bits);
    }
    return new CurveSpace(spec.curve(), mappings, bits);
  }

  /**
   * The sample mapping's space: per column at most 2^b buckets of the sample that never split a
   * value ({@link BucketMapping}), b = min(configured bits, log2(sample size)) (a sample of m rows
   * tells apart at most m quantiles), then lowered to what the column with most buckets needs:
   * 250 cities and 1000 brands need 10 bits, not 17.
   *
   * <p>The row hash follows the curve index in the key, so rows with equal coordinates (a value
   * that holds many files' worth) still split evenly over files; it needs log2(sample size) bits
   * to split a tie as finely as file cuts taken from the sample can. Keys stay {@code long}s
   * when the coordinates leave that room at no fewer than min(b, 8) bits per column (8 being the
   * automatic floor, {@link LayoutSpec#bitsPerColumn}); beyond that they are byte strings.
   */
  private static CurveSpace sampleSpace(LayoutSpec spec, List<SampleRow> sample, int columns,
                                        IntFunction<List<byte[]>> sortedColumn) {
    int sampleBits = 63 - Long.numberOfLeadingZeros(Math.max(2, sample.size()));
    int maxBits = Math.max(1, Math.min(spec.bitsPerColumn(), sampleBits));
    byte[][][] lowers = new byte[columns][][];
    int mostBuckets = 1;
    for (int column = 0; column < columns; column++) {
      lowers[column] = BucketCuts.lowerBounds(sortedColumn.apply(column), 1L << maxBits);
      mostBuckets = Math.max(mostBuckets, lowers[column].length);
    }
    int bits = Math.min(maxBits, BucketMapping.bitsFor(mostBuckets));
    int tieBits = 64 - Long.numberOfLeadingZeros(Math.max(1, sample.size()));
    boolean longKeys = (long) bits * columns + tieBits <= 63;
    if (!longKeys) {
      int fitting = (63 - tieBits) / columns;
      if (fitting >= Math.min(bits, 8)) {
        bits = fitting;
        longKeys = true;
      }
    }
    // the finest column's buckets one coordinate apart (fewer bits than buckets, when a long key's
    // room ran out: the whole axis, and neighbouring buckets share a coordinate)
    long span = Math.min(mostBuckets, 1L << bits);
    ColumnMapping[] mappings = new ColumnMapping[columns];
    for (int column = 0; column < columns; column++) {
      mappings[column] = new BucketMapping(lowers[column], span);
    }
    return new CurveSpace(spec.curve(), mappings, bits, longKeys, true);
  }

  public static List<byte[]> sortedColumn(List<SampleRow> sample, int column) {
    // Sort columns repeat their values (250 cities in 200,000 sampled rows): count the values,
    // sort the distinct ones and repeat each; a column of mostly distinct values is sorted whole.
    Map<ByteBuffer, int[]> counts = new HashMap<>();
    for (SampleRow row : sample) {
      counts.computeIfAbsent(ByteBuffer.wrap(row.values[column]), value -> new int[1])[0]++;
      if (counts.size() > sample.size() / 4 + 16) {
        List<byte[]> values = new ArrayList<>(sample.size());
        for (SampleRow other : sample) {
          values.add(other.values[column]);
        }
        values.sort(Arrays::compareUnsigned);
        return values;
      }
    }
    List<ByteBuffer> distinct = new ArrayList<>(counts.keySet());
    distinct.sort((first, second) -> Arrays.compareUnsigned(first.array(), second.array()));
    List<byte[]> values = new ArrayList<>(sample.size());
    for (ByteBuffer value : distinct) {
      for (int i = counts.get(value)[0]; i > 0; i--) {
        values.add(value.array());
      }
    }
    return values;
  }

  /** Index of the first non-null encoding in a sorted list (nulls sort first); size() if none. */
  private static int firstNonNull(List<byte[]> sorted) {
    int i = 0;
    while (i < sorted.size() && sorted.get(i)[0] == OrderedBytes.NULL_MARKER) {
      i++;
    }
    return i;
  }

  private static byte[] lower(byte[] first, byte[] second) {
    if (first == null || second == null) {
      return first == null ? second : first;
    }
    return Arrays.compareUnsigned(first, second) <= 0 ? first : second;
  }

  private static byte[] upper(byte[] first, byte[] second) {
    if (first == null || second == null) {
      return first == null ? second : first;
    }
    return Arrays.compareUnsigned(first, second) >= 0 ? first : second;
  }

  public int bitsPerColumn() {
    return bits;
  }

  public Curve curve() {
    return curve;
  }

  /** Column {@code column}'s mapping from encoded value to coordinate. */
  ColumnMapping mapping(int column) {
    return mappings[column];
  }

  /** Bits a {@code long} key uses: the curve index, and the row-hash tie-break after it if any. */
  public int keyBits() {
    return tieBreak && longKeys ? 63 : bits * mappings.length;
  }

  /** A {@code long} key's bits ({@link #keyBits()}) moved to the top of the word. */
  public long leftAligned(long key) {
    int keyBits = keyBits();
    return keyBits == 0 ? 0 : key << (64 - keyBits);
  }

  /** Whether keys fit a non-negative {@code long}; otherwise they are {@link UnsignedBytesKey}s. */
  public boolean longKeys() {
    return longKeys;
  }

  /**
   * The curve key of a row, a {@link Long} or an {@link UnsignedBytesKey}, with column i's
   * coordinate scaled by {@code scales[i]} (in [0, 1]; see {@link ColumnWeights#scales}): a
   * weighted column keeps its whole axis, a lighter one only the low part of it, so it gets fewer
   * of the curve's splits. Null scales: every column alike.
   */
  public Comparable<?> key(byte[][] encoded, String recordKey, double[] scales) {
    return key(encoded, rowHash(recordKey), scales);
  }

  /**
   * The hash of a record key the keys use (to spread a column's heavy values and to order rows
   * with equal coordinates): {@link RowHash#of} under {@link #ROW_HASH_SEED}.
   */
  public static long rowHash(String recordKey) {
    return RowHash.of(recordKey, ROW_HASH_SEED);
  }

  /** {@link #key(byte[][], String, double[])} from the record key's {@link #rowHash}. */
  public Comparable<?> key(byte[][] encoded, long rowHash, double[] scales) {
    if (longKeys) {
      return longKey(encoded, rowHash, scales);
    }
    long[] coords = coordinates(encoded, rowHash, scales);
    if (!tieBreak) {
      return new UnsignedBytesKey(curve.indexBytes(coords, bits));
    }
    // byte keys carry the whole 8-byte tie-break hash after the index (see longKey)
    long tie = RowHash.forColumn(rowHash, coords.length);
    byte[] index = curve.indexBytes(coords, bits);
    byte[] out = Arrays.copyOf(index, index.length + 8);
    for (int i = 0; i < 8; i++) {
      out[index.length + i] = (byte) (tie >>> (56 - 8 * i));
    }
    return new UnsignedBytesKey(out);
  }

  /**
   * The curve key as a primitive, for a space whose keys fit one ({@link #longKeys()}), from the
   * record key's {@link #rowHash}.
   */
  public long longKey(byte[][] encoded, long rowHash, double[] scales) {
    long[] coords = coordinates(encoded, rowHash, scales);
    long index = curve.index(coords, bits);
    if (!tieBreak) {
      // direct mapping: the key is the curve index alone
      return index;
    }
    // Rows with equal coordinates are ordered by a hash of their record key after the curve index,
    // so equal-count file cuts split them over files instead of sending them all to one; the same
    // row always gets the same key. Long keys use the bits the curve leaves free.
    int tieBits = 63 - bits * coords.length;
    return tieBits <= 0 ? index : (index << tieBits) | (RowHash.forColumn(rowHash, coords.length) >>> (64 - tieBits));
  }

  private long[] coordinates(byte[][] encoded, long rowHash, double[] scales) {
    long[] coords = new long[mappings.length];
    for (int column = 0; column < coords.length; column++) {
      coords[column] = mappings[column].coordinate(encoded[column], RowHash.forColumn(rowHash, column));
      if (scales != null && scales[column] < 1) {
        // monotone in the coordinate, so each column's order is kept
        coords[column] = (long) Math.floor(coords[column] * scales[column]);
      }
    }
    return coords;
  }
}
