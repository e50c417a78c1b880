package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.mapping.AlignedBucketCuts;
import dev.hudilayout.layout.mapping.BucketCuts;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.SortedValues;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Stage "grid", for the aligned and continuous layouts: column i cut into k_i quantile buckets,
 * with the product of the k_i close to the number of output files, and the cells visited in curve
 * order. A row's key is its
 * cell's position along the curve followed by its fine curve key, so sorting by key keeps each
 * cell together and orders rows inside it; files are then cut on cell boundaries (see
 * {@link CellCuts}). On evenly filled cells each file is one cell, a box 1/k_i wide in every
 * column, and a point query on column i reads N / k_i files.
 */
public final class AlignedCells implements Cells {
  private static final long serialVersionUID = 1L;

  private final SortedValues[] cuts;
  private final int[] buckets;
  private final Curve curve;

  private AlignedCells(SortedValues[] cuts, int[] buckets, Curve curve) {
    this.cuts = cuts;
    this.buckets = buckets;
    this.curve = curve;
  }

  /**
   * Buckets per column for equal weights: as equal as possible, with the largest product not
   * above {@code files} that growing one column at a time (smallest first) reaches; larger counts
   * first. See {@link ColumnWeights#integerBuckets} for weighted columns.
   */
  public static int[] bucketsPerColumn(int files, int columns) {
    double[] equal = new double[columns];
    Arrays.fill(equal, 1.0 / columns);
    return ColumnWeights.integerBuckets(equal, files);
  }

  /**
   * Cuts each column of {@code sample} (encoded values) into at most k_i buckets of about equal
   * count that never split a value ({@link BucketCuts#bucketStarts}): a value holding half the
   * rows is one bucket, and the other values share the other k_i - 1, instead of that value
   * swallowing half the cuts and leaving the rest of the column few and wide buckets.
   */
  public static AlignedCells fromSample(List<SampleRow> sample, int[] buckets, Curve curve) {
    return fromSortedColumns(column -> CurveSpace.sortedColumn(sample, column), buckets, null, sample, curve);
  }

  /** {@link #fromSample(List, int[], Curve)} on a space's curve, with the columns it has sorted. */
  public static AlignedCells fromSample(List<SampleRow> sample, int[] buckets, CurveSpace space) {
    return fromSortedColumns(column -> space.sortedColumnOf(sample, column), buckets, null, sample, space.curve());
  }

  /**
   * The grid a search chose: its buckets per column, each column whose cuts the search aligned
   * with a coarser column's values ({@link GridSearch.Choice#alignedTo}) cut as
   * {@link AlignedBucketCuts#alignedLowerBounds} cuts it.
   */
  public static AlignedCells fromSample(List<SampleRow> sample, GridSearch.Choice choice, CurveSpace space) {
    return fromSortedColumns(column -> space.sortedColumnOf(sample, column), choice.buckets(), choice.alignedTo(), sample,
        space.curve());
  }

  private static AlignedCells fromSortedColumns(IntFunction<List<byte[]>> sortedColumn, int[] buckets, int[] alignTo,
                                                List<SampleRow> sample, Curve curve) {
    int columns = buckets.length;
    SortedValues[] cuts = new SortedValues[columns];
    for (int column = 0; column < columns; column++) {
      byte[][] lowers = alignTo != null && alignTo[column] >= 0
          ? AlignedBucketCuts.alignedLowerBounds(sample, column, alignTo[column], buckets[column])
          : BucketCuts.lowerBounds(sortedColumn.apply(column), buckets[column]);
      // bucket i starts at lowers[i]: the cuts are the lower bounds after the first
      cuts[column] = new SortedValues(lowers.length == 0 ? lowers : Arrays.copyOfRange(lowers, 1, lowers.length));
    }
    return new AlignedCells(cuts, buckets, curve);
  }

  public int[] buckets() {
    return buckets.clone();
  }

  /** The number of cells, the product of the buckets per column. */
  public long cells() {
    long count = 1;
    for (int bucketCount : buckets) {
      count *= bucketCount;
    }
    return count;
  }

  /**
   * The cell holding a box, as {@link #cellOrder}, or -1 when the box spans more than one cell:
   * {@code min[c]} and {@code max[c]} are the encoded bounds of column c (a null bound spans).
   */
  public long cellOfBox(byte[][] min, byte[][] max) {
    long[] coords = new long[buckets.length];
    for (int column = 0; column < buckets.length; column++) {
      if (min[column] == null || max[column] == null) {
        return -1;
      }
      int lowBucket = bucket(column, min[column]);
      if (lowBucket != bucket(column, max[column])) {
        return -1;
      }
      coords[column] = lowBucket;
    }
    return curve.index(coords, cellBits(buckets));
  }

  /**
   * The grid as one line of text, read back by {@link #parse}: the curve, the buckets per column,
   * then each column's cut values in hex, ';' between parts and ',' between values.
   */
  public String serialize() {
    StringBuilder text = new StringBuilder(curve.hudiName());
    for (int column = 0; column < buckets.length; column++) {
      text.append(column == 0 ? ';' : ',').append(buckets[column]);
    }
    for (SortedValues column : cuts) {
      text.append(';');
      for (int i = 0; i < column.size(); i++) {
        text.append(i == 0 ? "" : ",").append(hex(column.value(i)));
      }
    }
    return text.toString();
  }

  /** The grid {@link #serialize} wrote; IllegalArgumentException naming what is wrong otherwise. */
  public static AlignedCells parse(String text) {
    String[] parts = text == null ? new String[0] : text.split(";", -1);
    try {
      Curve curve = Curve.parse("grid curve", parts[0]);
      String[] bucketTexts = parts[1].split(",");
      int columns = bucketTexts.length;
      if (parts.length != columns + 2) {
        throw new IllegalArgumentException(columns + " columns but " + (parts.length - 2) + " cut lists");
      }
      int[] buckets = new int[columns];
      SortedValues[] cuts = new SortedValues[columns];
      for (int column = 0; column < columns; column++) {
        buckets[column] = Integer.parseInt(bucketTexts[column]);
        String[] values = parts[column + 2].isEmpty() ? new String[0] : parts[column + 2].split(",");
        byte[][] bytes = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
          bytes[i] = unhex(values[i]);
        }
        cuts[column] = new SortedValues(bytes);
      }
      return new AlignedCells(cuts, buckets, curve);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("hudi-layout: cannot read a recorded grid '"
          + (text == null ? "null" : text.substring(0, Math.min(80, text.length()))) + "': " + e.getMessage(), e);
    }
  }

  private static String hex(byte[] bytes) {
    StringBuilder text = new StringBuilder(bytes.length * 2);
    for (byte octet : bytes) {
      text.append(Character.forDigit((octet >> 4) & 0xF, 16)).append(Character.forDigit(octet & 0xF, 16));
    }
    return text.toString();
  }

  private static byte[] unhex(String hexText) {
    if (hexText.length() % 2 != 0) {
      throw new IllegalArgumentException("odd hex length in '" + hexText + "'");
    }
    byte[] bytes = new byte[hexText.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Integer.parseInt(hexText.substring(2 * i, 2 * i + 2), 16);
    }
    return bytes;
  }

  /** Bucket of a column value: how many of the column's cuts are at or below it. */
  int bucket(int column, byte[] value) {
    return cuts[column].atOrBelow(value);
  }

  /** The position along the curve of the cell holding these encoded values. */
  @Override
  public long cellOrder(byte[][] encoded) {
    long[] coords = new long[buckets.length];
    for (int column = 0; column < coords.length; column++) {
      coords[column] = bucket(column, encoded[column]);
    }
    return curve.index(coords, cellBits(buckets));
  }

  /**
   * Every cell's {@link #cellOrder}, ascending: as many as {@link #cells}, and sparse along the
   * curve when a bucket count is not a power of two.
   */
  public long[] cellOrders() {
    long[] out = new long[Math.toIntExact(cells())];
    int bits = cellBits(buckets);
    for (int i = 0; i < out.length; i++) {
      long[] coords = new long[buckets.length];
      long rest = i;
      for (int column = 0; column < buckets.length; column++) {
        coords[column] = rest % buckets[column];
        rest /= buckets[column];
      }
      out[i] = curve.index(coords, bits);
    }
    Arrays.sort(out);
    return out;
  }

  /**
   * The box of the cell at {@code cellOrder} (as {@link #cellOrder} gives it): per column, the
   * encoded value it starts at and the one the next bucket starts at; no lower end on the first
   * bucket of a column and no upper end on its last. Null for an order no cell has.
   */
  public Box cellBox(long cellOrder) {
    int bits = cellBits(buckets);
    long cells = cells();
    for (long i = 0; i < cells; i++) {
      long[] coords = new long[buckets.length];
      long rest = i;
      for (int column = 0; column < buckets.length; column++) {
        coords[column] = rest % buckets[column];
        rest /= buckets[column];
      }
      if (curve.index(coords, bits) == cellOrder) {
        Box box = new Box(buckets.length);
        for (int column = 0; column < buckets.length; column++) {
          int bucket = (int) coords[column];
          box.setLower(column, bucket == 0 ? null : cuts[column].value(bucket - 1));
          box.setUpper(column, bucket >= cuts[column].size() ? null : cuts[column].value(bucket));
        }
        return box;
      }
    }
    return null;
  }

  @Override
  public int orderBits() {
    return cellBits(buckets) * buckets.length;
  }

  /** Bits per coordinate of the curve that orders the cells: enough for the largest bucket count. */
  static int cellBits(int[] buckets) {
    int max = 1;
    for (int bucketCount : buckets) {
      max = Math.max(max, bucketCount);
    }
    return Math.max(1, 32 - Integer.numberOfLeadingZeros(max - 1));
  }

  /** The row key: 8 bytes of cell order, then the fine key's bytes. */
  public UnsignedBytesKey key(byte[][] encoded, Comparable<?> fineKey) {
    return key(cellOrder(encoded), fineKey);
  }

  /** The row key of a cell order (as {@link #cellOrder} or {@link NestedCells#cellOrder} give it). */
  static UnsignedBytesKey key(long cellOrder, Comparable<?> fineKey) {
    byte[] fine = fineKey instanceof UnsignedBytesKey ? ((UnsignedBytesKey) fineKey).bytes()
        : longBytes((Long) fineKey);
    byte[] out = new byte[8 + fine.length];
    System.arraycopy(longBytes(cellOrder), 0, out, 0, 8);
    System.arraycopy(fine, 0, out, 8, fine.length);
    return new UnsignedBytesKey(out);
  }

  private static byte[] longBytes(long value) {
    byte[] bytes = new byte[8];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (value >>> (8 * (7 - i)));
    }
    return bytes;
  }
}

