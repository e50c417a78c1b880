package dev.hudilayout.layout;

import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.encoding.OrderedBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Test helper: places rows with a {@link Placement} and counts, from each file's [min, max] per
 * column (what the column-stats index keeps), the files a point query on a column would read.
 */
public final class PointQueries {
  private final List<byte[][]> lows = new ArrayList<>();
  private final List<byte[][]> highs = new ArrayList<>();
  public final Map<Integer, List<SampleRow>> files;

  public PointQueries(Placement model, List<SampleRow> rows) {
    files = new HashMap<>();
    for (SampleRow row : rows) {
      files.computeIfAbsent(model.file(model.key(row.values, row.recordKey)), f -> new ArrayList<>()).add(row);
    }
    for (List<SampleRow> f : files.values()) {
      int d = f.get(0).values.length;
      byte[][] lo = new byte[d][];
      byte[][] hi = new byte[d][];
      for (SampleRow row : f) {
        for (int c = 0; c < d; c++) {
          if (lo[c] == null || Arrays.compareUnsigned(row.values[c], lo[c]) < 0) {
            lo[c] = row.values[c];
          }
          if (hi[c] == null || Arrays.compareUnsigned(row.values[c], hi[c]) > 0) {
            hi[c] = row.values[c];
          }
        }
      }
      lows.add(lo);
      highs.add(hi);
    }
  }

  public static byte[] enc(long v) {
    return OrderedBytes.nullable(OrderedBytes.encodeLong(v));
  }

  /** Rows with d columns of uniform values in [0, 100000). */
  public static List<SampleRow> uniform(int rows, int d, long seed) {
    Random r = new Random(seed);
    List<SampleRow> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      byte[][] v = new byte[d][];
      for (int c = 0; c < d; c++) {
        v[c] = enc(r.nextInt(100_000));
      }
      out.add(new SampleRow("k" + i, "f", v));
    }
    return out;
  }

  /** Files whose [min, max] on column {@code c} holds the encoded value {@code v}. */
  public int filesHolding(int c, byte[] v) {
    int n = 0;
    for (int f = 0; f < lows.size(); f++) {
      if (Arrays.compareUnsigned(lows.get(f)[c], v) <= 0 && Arrays.compareUnsigned(v, highs.get(f)[c]) <= 0) {
        n++;
      }
    }
    return n;
  }

  /** Average files holding a value of column {@code c}, over {@code queries} uniform values. */
  public double averageFiles(int c, int queries, long seed) {
    Random r = new Random(seed);
    double total = 0;
    for (int q = 0; q < queries; q++) {
      total += filesHolding(c, enc(r.nextInt(100_000)));
    }
    return total / queries;
  }

  /** A workload's average: sum of shares[c] times the files a point query on column c reads. */
  public double workloadFiles(double[] shares, int queries) {
    double sum = 0;
    for (int c = 0; c < shares.length; c++) {
      sum += shares[c] * averageFiles(c, queries, c);
    }
    return sum;
  }
}
