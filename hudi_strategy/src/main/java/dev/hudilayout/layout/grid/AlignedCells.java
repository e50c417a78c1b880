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
  private final int[] k;
  private final Curve curve;

  private AlignedCells(SortedValues[] cuts, int[] k, Curve curve) {
    this.cuts = cuts;
    this.k = k;
    this.curve = curve;
  }

  /**
   * Buckets per column for equal weights: as equal as possible, with the largest product not
   * above {@code files} that growing one column at a time (smallest first) reaches; larger counts
   * first. See {@link ColumnWeights#integerBuckets} for weighted columns.
   */
  public static int[] bucketsPerColumn(int files, int d) {
    double[] equal = new double[d];
    Arrays.fill(equal, 1.0 / d);
    return ColumnWeights.integerBuckets(equal, files);
  }

  /**
   * Cuts each column of {@code sample} (encoded values) into at most k_i buckets of about equal
   * count that never split a value ({@link BucketCuts#bucketStarts}): a value holding half the
   * rows is one bucket, and the other values share the other k_i - 1, instead of that value
   * swallowing half the cuts and leaving the rest of the column few and wide buckets.
   */
  public static AlignedCells fromSample(List<SampleRow> sample, int[] k, Curve curve) {
    return fromSortedColumns(c -> CurveSpace.sortedColumn(sample, c), k, null, sample, curve);
  }

  /** {@link #fromSample(List, int[], Curve)} on a space's curve, with the columns it has sorted. */
  public static AlignedCells fromSample(List<SampleRow> sample, int[] k, CurveSpace space) {
    return fromSortedColumns(c -> space.sortedColumnOf(sample, c), k, null, sample, space.curve());
  }

  /**
   * The grid a search chose: its buckets per column, each column whose cuts the search aligned
   * with a coarser column's values ({@link GridSearch.Choice#alignedTo}) cut as
   * {@link AlignedBucketCuts#alignedLowerBounds} cuts it.
   */
  public static AlignedCells fromSample(List<SampleRow> sample, GridSearch.Choice choice, CurveSpace space) {
    return fromSortedColumns(c -> space.sortedColumnOf(sample, c), choice.buckets(), choice.alignedTo(), sample,
        space.curve());
  }

  private static AlignedCells fromSortedColumns(IntFunction<List<byte[]>> sortedColumn, int[] k, int[] alignTo,
                                                List<SampleRow> sample, Curve curve) {
    int d = k.length;
    SortedValues[] cuts = new SortedValues[d];
    for (int c = 0; c < d; c++) {
      byte[][] lowers = alignTo != null && alignTo[c] >= 0
          ? AlignedBucketCuts.alignedLowerBounds(sample, c, alignTo[c], k[c])
          : BucketCuts.lowerBounds(sortedColumn.apply(c), k[c]);
      // bucket i starts at lowers[i]: the cuts are the lower bounds after the first
      cuts[c] = new SortedValues(lowers.length == 0 ? lowers : Arrays.copyOfRange(lowers, 1, lowers.length));
    }
    return new AlignedCells(cuts, k, curve);
  }

  public int[] buckets() {
    return k.clone();
  }

  /** The number of cells, the product of the buckets per column. */
  public long cells() {
    long n = 1;
    for (int ki : k) {
      n *= ki;
    }
    return n;
  }

  /**
   * The cell holding a box, as {@link #cellOrder}, or -1 when the box spans more than one cell:
   * {@code min[c]} and {@code max[c]} are the encoded bounds of column c (a null bound spans).
   */
  public long cellOfBox(byte[][] min, byte[][] max) {
    long[] coords = new long[k.length];
    for (int c = 0; c < k.length; c++) {
      if (min[c] == null || max[c] == null) {
        return -1;
      }
      int lo = bucket(c, min[c]);
      if (lo != bucket(c, max[c])) {
        return -1;
      }
      coords[c] = lo;
    }
    return curve.index(coords, cellBits(k));
  }

  /**
   * The grid as one line of text, read back by {@link #parse}: the curve, the buckets per column,
   * then each column's cut values in hex, ';' between parts and ',' between values.
   */
  public String serialize() {
    StringBuilder sb = new StringBuilder(curve.hudiName());
    for (int c = 0; c < k.length; c++) {
      sb.append(c == 0 ? ';' : ',').append(k[c]);
    }
    for (SortedValues column : cuts) {
      sb.append(';');
      for (int i = 0; i < column.size(); i++) {
        sb.append(i == 0 ? "" : ",").append(hex(column.value(i)));
      }
    }
    return sb.toString();
  }

  /** The grid {@link #serialize} wrote; IllegalArgumentException naming what is wrong otherwise. */
  public static AlignedCells parse(String text) {
    String[] parts = text == null ? new String[0] : text.split(";", -1);
    try {
      Curve curve = Curve.parse("grid curve", parts[0]);
      String[] ks = parts[1].split(",");
      int d = ks.length;
      if (parts.length != d + 2) {
        throw new IllegalArgumentException(d + " columns but " + (parts.length - 2) + " cut lists");
      }
      int[] k = new int[d];
      SortedValues[] cuts = new SortedValues[d];
      for (int c = 0; c < d; c++) {
        k[c] = Integer.parseInt(ks[c]);
        String[] values = parts[c + 2].isEmpty() ? new String[0] : parts[c + 2].split(",");
        byte[][] bytes = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
          bytes[i] = unhex(values[i]);
        }
        cuts[c] = new SortedValues(bytes);
      }
      return new AlignedCells(cuts, k, curve);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("hudi-layout: cannot read a recorded grid '"
          + (text == null ? "null" : text.substring(0, Math.min(80, text.length()))) + "': " + e.getMessage(), e);
    }
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length * 2);
    for (byte x : b) {
      sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
    }
    return sb.toString();
  }

  private static byte[] unhex(String s) {
    if (s.length() % 2 != 0) {
      throw new IllegalArgumentException("odd hex length in '" + s + "'");
    }
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  /** Bucket of a column value: how many of the column's cuts are at or below it. */
  int bucket(int column, byte[] value) {
    return cuts[column].atOrBelow(value);
  }

  /** The position along the curve of the cell holding these encoded values. */
  @Override
  public long cellOrder(byte[][] encoded) {
    long[] coords = new long[k.length];
    for (int c = 0; c < coords.length; c++) {
      coords[c] = bucket(c, encoded[c]);
    }
    return curve.index(coords, cellBits(k));
  }

  /**
   * Every cell's {@link #cellOrder}, ascending: as many as {@link #cells}, and sparse along the
   * curve when a bucket count is not a power of two.
   */
  public long[] cellOrders() {
    long[] out = new long[Math.toIntExact(cells())];
    int bits = cellBits(k);
    for (int i = 0; i < out.length; i++) {
      long[] coords = new long[k.length];
      long rest = i;
      for (int c = 0; c < k.length; c++) {
        coords[c] = rest % k[c];
        rest /= k[c];
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
    int bits = cellBits(k);
    long cells = cells();
    for (long i = 0; i < cells; i++) {
      long[] coords = new long[k.length];
      long rest = i;
      for (int c = 0; c < k.length; c++) {
        coords[c] = rest % k[c];
        rest /= k[c];
      }
      if (curve.index(coords, bits) == cellOrder) {
        Box box = new Box(k.length);
        for (int c = 0; c < k.length; c++) {
          int b = (int) coords[c];
          box.setLower(c, b == 0 ? null : cuts[c].value(b - 1));
          box.setUpper(c, b >= cuts[c].size() ? null : cuts[c].value(b));
        }
        return box;
      }
    }
    return null;
  }

  @Override
  public int orderBits() {
    return cellBits(k) * k.length;
  }

  /** Bits per coordinate of the curve that orders the cells: enough for the largest bucket count. */
  static int cellBits(int[] k) {
    int max = 1;
    for (int ki : k) {
      max = Math.max(max, ki);
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

  private static byte[] longBytes(long v) {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (v >>> (8 * (7 - i)));
    }
    return b;
  }
}
