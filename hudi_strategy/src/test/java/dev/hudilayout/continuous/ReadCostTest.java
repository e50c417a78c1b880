package dev.hudilayout.continuous;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** What a point query reads in a region, from its files' ranges, case by case. */
class ReadCostTest {
  private static final double EPS = 1e-9;

  private static byte[] v(int value) {
    return new byte[] {(byte) (value >>> 8), (byte) value};
  }

  /** A file of 1,000 rows over [lo[c], hi[c]] on each column c. */
  private static QueryShares.FileBox file(int[] lo, int[] hi) {
    byte[][] min = new byte[lo.length][];
    byte[][] max = new byte[lo.length][];
    for (int c = 0; c < lo.length; c++) {
      min[c] = v(lo[c]);
      max[c] = v(hi[c]);
    }
    return new QueryShares.FileBox(min, max, 1000);
  }

  /** The files of a k x k x k grid over [0, 100) per column, each bucket of 100 / k values. */
  private static List<QueryShares.FileBox> grid(int k) {
    int w = 100 / k;
    List<QueryShares.FileBox> out = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        for (int c = 0; c < k; c++) {
          out.add(file(new int[] {a * w, b * w, c * w}, new int[] {a * w + w - 1, b * w + w - 1, c * w + w - 1}));
        }
      }
    }
    return out;
  }

  private static List<QueryShares.FileBox> plus(List<QueryShares.FileBox> a, QueryShares.FileBox... more) {
    List<QueryShares.FileBox> out = new ArrayList<>(a);
    out.addAll(List.of(more));
    return out;
  }

  @Test
  void aGridReadsItsFilesOverItsBucketsAndAFileSpanningTheRegionReadsOnce() {
    List<QueryShares.FileBox> base = grid(2);
    QueryShares.FileBox spanning = file(new int[] {0, 0, 0}, new int[] {99, 99, 99});
    List<QueryShares.FileBox> region = plus(base, spanning);
    assertArrayEquals(new double[] {4, 4, 4}, ReadCost.filesPerPoint(base, region, 3), EPS,
        "8 files, 2 buckets a column: 4 per point query");
    assertArrayEquals(new double[] {1, 1, 1}, ReadCost.filesPerPoint(List.of(spanning), region, 3), EPS);
    assertArrayEquals(new double[] {16, 16, 16}, ReadCost.filesPerPoint(grid(4), grid(4), 3), EPS,
        "64 files, 4 buckets a column: 16 (64^(2/3))");
  }

  @Test
  void columnsThatMoveTogetherReadFewerFilesOfTheBase() {
    // 16 files along the diagonal of two columns holding the same values: a layout of 16 files cuts
    // both at once, so a point query on either reads one file, where a 4 x 4 grid of independent
    // columns reads 4
    List<QueryShares.FileBox> diagonal = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      diagonal.add(file(new int[] {i * 6, i * 6}, new int[] {i * 6 + 5, i * 6 + 5}));
    }
    assertArrayEquals(new double[] {1, 1}, ReadCost.filesPerPoint(diagonal, diagonal, 2), EPS);
    QueryShares.FileBox spanning = file(new int[] {0, 0}, new int[] {95, 95});
    assertEquals(1, ReadCost.weighted(List.of(spanning), plus(diagonal, spanning), null, 2), EPS,
        "one pending file adds as much as the whole base reads");
  }

  @Test
  void aFileWithoutStatsOnAColumnIsReadByEveryQueryOnItAndSharesWeighTheColumns() {
    List<QueryShares.FileBox> base = grid(2);
    QueryShares.FileBox unknown = new QueryShares.FileBox(null, null, 1000);
    List<QueryShares.FileBox> region = plus(base, unknown);
    assertArrayEquals(new double[] {1, 1, 1}, ReadCost.filesPerPoint(List.of(unknown), region, 3), EPS);
    // a base cut 4 x 1 x 1 reads 1 file on column 0 and 4 on the others: weighed 1/2, 1/4, 1/4, 2.5
    List<QueryShares.FileBox> strips = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      strips.add(file(new int[] {i * 25, 0, 0}, new int[] {i * 25 + 24, 99, 99}));
    }
    assertEquals(2.5, ReadCost.weighted(strips, strips, new double[] {0.5, 0.25, 0.25}, 3), EPS);
    assertEquals(3, ReadCost.weighted(strips, strips, null, 3), EPS);
    assertArrayEquals(new double[] {0, 0, 0}, ReadCost.filesPerPoint(List.of(), strips, 3), EPS);
  }
}
