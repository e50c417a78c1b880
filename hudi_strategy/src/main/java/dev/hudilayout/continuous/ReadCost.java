package dev.hudilayout.continuous;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a point query reads in one region, estimated from its files' [min, max] per sort column and
 * rows (the column-stats index): how many files of its base, and how many of its pending layers,
 * hold a value drawn from the region's rows. The continuous plan lays a region out again when its
 * pending layers read too much beside its base ({@link DeltaPlan}, by reads), so that what a query
 * reads stays near what a fresh layout would read whatever the data: a pending layer of one file
 * spanning the region adds one file to every query, which is a small part of a base that reads many
 * files (many sort columns, independent values) and a large part of one that reads few (few
 * columns, or columns that move together, where a region of n files reads about n^(1/2) of them
 * and not n^(2/3)).
 *
 * <p>The estimate works in rank space, so it needs no distance between values of any type: on
 * each column the ends of every file's range are sorted, a file covers the ranks from its min to
 * its max, and a value drawn from a file's rows lies anywhere in its ranks alike. A file holds the
 * value with the share of the drawing file's ranks that it covers; a file without stats on the
 * column covers every rank.
 */
final class ReadCost {
  private ReadCost() {
  }

  /**
   * Per sort column, how many of {@code layer}'s files a point query reads on average, its value
   * drawn from the rows of {@code drawn} (a region's files, the layer's among them); 0 per column
   * when {@code drawn} holds no rows.
   */
  static double[] filesPerPoint(List<QueryShares.FileBox> layer, List<QueryShares.FileBox> drawn, int d) {
    double[] out = new double[d];
    long total = drawn.stream().mapToLong(f -> f.rows).sum();
    if (total <= 0 || layer.isEmpty()) {
      return out;
    }
    for (int c = 0; c < d; c++) {
      byte[][] ends = ends(drawn, layer, c);
      double sum = 0;
      for (QueryShares.FileBox g : drawn) {
        if (g.rows <= 0) {
          continue;
        }
        int[] from = span(g, c, ends);
        double hit = 0;
        for (QueryShares.FileBox f : layer) {
          int[] to = span(f, c, ends);
          int overlap = Math.min(from[1], to[1]) - Math.max(from[0], to[0]);
          hit += Math.max(0, overlap) / (double) (from[1] - from[0]);
        }
        sum += g.rows * hit;
      }
      out[c] = sum / total;
    }
    return out;
  }

  /**
   * Files a point query reads in {@code files}, averaged over the sort columns weighted by
   * {@code shares} (null: alike): {@link #filesPerPoint} of the files drawn from {@code drawn}.
   */
  static double weighted(List<QueryShares.FileBox> files, List<QueryShares.FileBox> drawn, double[] shares, int d) {
    double[] perColumn = filesPerPoint(files, drawn, d);
    double sum = 0;
    double weights = 0;
    for (int c = 0; c < d; c++) {
      double w = shares == null ? 1 : shares[c];
      sum += w * perColumn[c];
      weights += w;
    }
    return weights <= 0 ? 0 : sum / weights;
  }

  /** The distinct ends of the ranges on column {@code c} of the files of both lists, sorted (unsigned bytes). */
  private static byte[][] ends(List<QueryShares.FileBox> a, List<QueryShares.FileBox> b, int c) {
    List<byte[]> all = new ArrayList<>();
    for (List<QueryShares.FileBox> files : List.of(a, b)) {
      for (QueryShares.FileBox f : files) {
        if (known(f, c)) {
          all.add(f.min[c]);
          all.add(f.max[c]);
        }
      }
    }
    all.sort(Arrays::compareUnsigned);
    List<byte[]> distinct = new ArrayList<>();
    for (byte[] v : all) {
      if (distinct.isEmpty() || Arrays.compareUnsigned(distinct.get(distinct.size() - 1), v) != 0) {
        distinct.add(v);
      }
    }
    return distinct.toArray(new byte[0][]);
  }

  /** The ranks a file covers on column {@code c}, [first, end): from its min's rank to its max's, inclusive. */
  private static int[] span(QueryShares.FileBox f, int c, byte[][] ends) {
    if (!known(f, c)) {
      return new int[] {0, Math.max(1, ends.length)};
    }
    int lo = Arrays.binarySearch(ends, f.min[c], Arrays::compareUnsigned);
    int hi = Arrays.binarySearch(ends, f.max[c], Arrays::compareUnsigned);
    return new int[] {lo, Math.max(lo, hi) + 1};
  }

  private static boolean known(QueryShares.FileBox f, int c) {
    return f.min != null && f.max != null && f.min[c] != null && f.max[c] != null;
  }
}
