package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.mapping.BucketMapping;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.CutSearch;
import dev.hudilayout.layout.mapping.SortedValues;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.placement.CurvePlacement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * Stage "grid", for the aligned and continuous layouts: column i cut into k_i quantile buckets,
 * with the product of the k_i close to the number of output files, and the cells visited in curve
 * order. A row's key is its
 * cell's position along the curve followed by its fine curve key, so sorting by key keeps each
 * cell together and orders rows inside it; files are then cut on cell boundaries (see
 * {@link #fileCuts}). On evenly filled cells each file is one cell, a box 1/k_i wide in every
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
   * count that never split a value ({@link BucketMapping#bucketStarts}): a value holding half the
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
   * {@link BucketMapping#alignedLowerBounds} cuts it.
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
          ? BucketMapping.alignedLowerBounds(sample, c, alignTo[c], k[c])
          : BucketMapping.lowerBounds(sortedColumn.apply(c), k[c]);
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
   * encoded value it starts at and the one the next bucket starts at; {@code [0][c]} is null for
   * the first bucket of column c and {@code [1][c]} null for its last (open ends). Null for an
   * order no cell has.
   */
  public byte[][][] cellBox(long cellOrder) {
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
        byte[][][] box = new byte[2][k.length][];
        for (int c = 0; c < k.length; c++) {
          int b = (int) coords[c];
          box[0][c] = b == 0 ? null : cuts[c].value(b - 1);
          box[1][c] = b >= cuts[c].size() ? null : cuts[c].value(b);
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

  /**
   * File cuts over sorted sample keys (as made by {@link #key}) for {@code files} files of about
   * m / files sampled rows each, placed by {@link #cutCells}. A cut is the largest key of the file
   * below it; a cut on a cell boundary is the cell's prefix followed by 0xFF bytes, so unsampled
   * rows of a cell stay in it. A cut inside a cell ends a block of the fine curve key
   * ({@link #cutKeys}).
   */
  public static List<UnsignedBytesKey> fileCuts(List<UnsignedBytesKey> sortedKeys, int files, double tolerance) {
    int m = sortedKeys.size();
    if (m == 0 || files <= 1) {
      return new ArrayList<>();
    }
    int[] starts = cellStarts(sortedKeys);
    List<int[]> cuts = cutCells(cellSizes(starts, m), files, tolerance);
    int reach = (int) Math.floor(tolerance / 2 * m / files);
    return cutKeys(sortedKeys, starts, cuts, cell -> reach);
  }

  /** Where each cell begins among sorted keys: the indexes where the cell prefix changes. */
  private static int[] cellStarts(List<UnsignedBytesKey> sortedKeys) {
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < sortedKeys.size(); i++) {
      if (i == 0 || !samePrefix(sortedKeys.get(i - 1), sortedKeys.get(i))) {
        starts.add(i);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int[] cellSizes(int[] starts, int m) {
    int[] sizes = new int[starts.length];
    for (int c = 0; c < sizes.length; c++) {
      sizes[c] = (c + 1 < sizes.length ? starts[c + 1] : m) - starts[c];
    }
    return sizes;
  }

  /**
   * The keys of cuts {cell, rows of that cell below the cut}. A cut after a whole cell is the
   * cell's boundary. A cut inside a cell moves, by at most {@code reach.applyAsInt(cell)} sampled
   * rows and without leaving the cell or passing the cut before it, to where the fine curve key
   * leaves its largest block, and is set at that block's end, as files cut along the curve are
   * ({@link CurvePlacement}): the file's part of the cell is then a few whole boxes.
   */
  private static List<UnsignedBytesKey> cutKeys(List<UnsignedBytesKey> keys, int[] starts, List<int[]> cuts,
                                                IntUnaryOperator reach) {
    List<UnsignedBytesKey> out = new ArrayList<>(cuts.size());
    int previous = -1;  // the index of the last key below the previous cut
    for (int[] cut : cuts) {
      int start = starts[cut[0]];
      int end = cut[0] + 1 < starts.length ? starts[cut[0] + 1] : keys.size();  // the cell's keys: [start, end)
      int place = start + cut[1] - 1;
      if (start + cut[1] == end) {
        out.add(boundary(keys.get(place)));
      } else {
        int r = reach.applyAsInt(cut[0]);
        int last = CutSearch.fewestSharedBitsNear(keys, place, Math.max(Math.max(start, previous + 1), place - r),
            Math.min(end - 2, place + r), CurvePlacement::sharedBits);
        place = last;
        out.add((UnsignedBytesKey) CurvePlacement.cutAfter(keys, last));
      }
      previous = place;
    }
    return out;
  }

  /**
   * How many files each cell is cut into when every file lies inside one cell: one per cell with
   * rows, and the rest of the {@code files} asked for handed out one at a time to the cell whose
   * files are then the largest (so file sizes stay even). Max(files, non-empty cells) files in all;
   * never more files in a cell than its rows.
   */
  public static int[] filesPerCell(int[] sizes, int files) {
    int[] parts = new int[sizes.length];
    java.util.PriorityQueue<Integer> largest = new java.util.PriorityQueue<>(Math.max(1, sizes.length),
        (a, b) -> Double.compare((double) sizes[b] / (parts[b] + 1), (double) sizes[a] / (parts[a] + 1)));
    int total = 0;
    for (int c = 0; c < sizes.length; c++) {
      if (sizes[c] > 0) {
        parts[c] = 1;
        total++;
        if (sizes[c] > 1) {
          largest.add(c);
        }
      }
    }
    while (total < files && !largest.isEmpty()) {
      int c = largest.poll();
      parts[c]++;
      total++;
      if (parts[c] < sizes[c]) {
        largest.add(c);
      }
    }
    return parts;
  }

  /**
   * File cuts over sorted sample keys (as made by {@link #key}) that never put two cells in one
   * file: each cell with sampled rows is cut into its {@link #filesPerCell} files of about equal
   * counts (each cut within half the tolerance of one of them, ending a block of the fine curve
   * key: {@link #cutKeys}), and every cell ends a file. Used where each file must lie inside one
   * cell of a recorded grid (the continuous layout's regions), even when there are fewer files than
   * cells.
   */
  public static List<UnsignedBytesKey> fileCutsInCells(List<UnsignedBytesKey> sortedKeys, int files,
                                                       double tolerance) {
    int m = sortedKeys.size();
    int[] starts = cellStarts(sortedKeys);
    int[] sizes = cellSizes(starts, m);
    int[] parts = filesPerCell(sizes, files);
    List<int[]> cuts = new ArrayList<>();
    for (int c = 0; c < sizes.length; c++) {
      int previous = 0;
      for (int p = 1; p < parts[c]; p++) {
        int below = (int) ((long) p * sizes[c] / parts[c]);
        if (below > previous) {
          cuts.add(new int[] {c, below});
          previous = below;
        }
      }
      if (c + 1 < sizes.length) {
        cuts.add(new int[] {c, sizes[c]});
      }
    }
    return cutKeys(sortedKeys, starts, cuts, c -> (int) Math.floor(tolerance / 2 * sizes[c] / parts[c]));
  }

  /**
   * Where files end, for cells of the given sizes in key order, for about {@code files} files of
   * the same total size. Cells are taken whole: a cell larger than (1 + tolerance) times the target
   * is split at equal counts inside it, and consecutive small cells are merged until a file reaches
   * (1 - tolerance) times the target without passing (1 + tolerance). If that would make more
   * files than asked for, the target grows until it does not. Each cut is {cell, rows of that cell
   * below the cut}; a cut after a whole cell has all its rows below.
   */
  public static List<int[]> cutCells(int[] sizes, int files, double tolerance) {
    long m = 0;
    for (int size : sizes) {
      m += size;
    }
    if (m == 0 || files <= 1) {
      return new ArrayList<>();
    }
    double target = (double) m / files;
    List<int[]> cuts = plan(sizes, target, tolerance);
    while (cuts.size() > files - 1) {
      target *= 1.05;
      cuts = plan(sizes, target, tolerance);
    }
    return fillUp(sizes, cuts, files);
  }

  /**
   * Cells kept whole within the tolerance can leave fewer files than asked for; the plan asked for
   * {@code files}, so the largest files are halved until there are that many (or none has two
   * rows): a file of several cells at the cell boundary nearest its middle, a file inside one cell
   * at its middle row.
   */
  private static List<int[]> fillUp(int[] sizes, List<int[]> cuts, int files) {
    if (cuts.size() >= files - 1) {
      return cuts;
    }
    long[] cellStart = new long[sizes.length + 1];
    for (int c = 0; c < sizes.length; c++) {
      cellStart[c + 1] = cellStart[c] + sizes[c];
    }
    java.util.TreeSet<Long> at = new java.util.TreeSet<>();  // cuts as row offsets over all cells
    for (int[] cut : cuts) {
      at.add(cellStart[cut[0]] + cut[1]);
    }
    long total = cellStart[sizes.length];
    while (at.size() < files - 1) {
      long bestFrom = 0;
      long bestTo = 0;
      long from = 0;
      for (long to : at) {
        if (to - from > bestTo - bestFrom) {
          bestFrom = from;
          bestTo = to;
        }
        from = to;
      }
      if (total - from > bestTo - bestFrom) {
        bestFrom = from;
        bestTo = total;
      }
      if (bestTo - bestFrom < 2) {
        break;
      }
      long middle = (bestFrom + bestTo) / 2;
      long cut = middle;
      int cell = CutSearch.countBelow(cellStart.length, c -> cellStart[c] <= middle) - 1;  // holds row `middle`
      long slack = (bestTo - bestFrom) / 4;  // a boundary this near the middle keeps cells whole
      for (long boundary : new long[] {cellStart[cell], cellStart[cell + 1]}) {
        if (boundary > bestFrom && boundary < bestTo && Math.abs(boundary - middle) <= slack
            && (cut == middle || Math.abs(boundary - middle) < Math.abs(cut - middle))) {
          cut = boundary;
        }
      }
      at.add(cut);
    }
    List<int[]> out = new ArrayList<>(at.size());
    for (long g : at) {
      // a cut at a cell's end is written "after the cell"; otherwise inside the cell holding row g
      int cell = CutSearch.countBelow(cellStart.length, c -> cellStart[c] < g) - 1;
      out.add(new int[] {cell, (int) (g - cellStart[cell])});
    }
    return out;
  }

  private static List<int[]> plan(int[] sizes, double target, double tol) {
    List<int[]> cuts = new ArrayList<>();
    long acc = 0;
    for (int ci = 0; ci < sizes.length; ci++) {
      int size = sizes[ci];
      if (acc > 0 && acc + size > (1 + tol) * target) {
        cuts.add(new int[] {ci - 1, sizes[ci - 1]});
        acc = 0;
      }
      if (size > (1 + tol) * target) {
        int parts = (int) Math.round(size / target);
        int previous = 0;
        for (int p = 1; p < parts; p++) {
          // with fewer sampled rows than parts (a tiny table), some cuts would hold no row
          int below = (int) ((long) p * size / parts);
          if (below > previous) {
            cuts.add(new int[] {ci, below});
            previous = below;
          }
        }
        acc = size - (int) ((long) (parts - 1) * size / parts);
      } else {
        acc += size;
      }
      if (acc >= (1 - tol) * target && ci < sizes.length - 1) {
        cuts.add(new int[] {ci, size});
        acc = 0;
      }
    }
    return cuts;
  }

  private static boolean samePrefix(UnsignedBytesKey a, UnsignedBytesKey b) {
    return Arrays.equals(a.bytes(), 0, 8, b.bytes(), 0, 8);
  }

  /** The largest key of a cell: its 8-byte prefix followed by 0xFF. */
  private static UnsignedBytesKey boundary(UnsignedBytesKey inCell) {
    byte[] b = inCell.bytes().clone();
    Arrays.fill(b, 8, b.length, (byte) 0xFF);
    return new UnsignedBytesKey(b);
  }
}
