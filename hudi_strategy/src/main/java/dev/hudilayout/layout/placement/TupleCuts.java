package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.mapping.CutSearch;
import dev.hudilayout.layout.sample.SampleRow;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stage "placement" of the linear layout on the row-writer path, which sorts by the columns
 * themselves instead of a curve key: where one file ends and the next begins. Rows are ordered by
 * their sort columns, column after column, and cut at equal counts of a sample. Each column is compared by its
 * {@code ValueEncoding} (unsigned byte order = value order, nulls first). With sampled tuples
 * (1, a), (1, b), (2, a), (3, c) and 2 files, the cut is (2, a): (1, z) goes to file 0, (2, a)
 * and (2, b) to file 1.
 *
 * <p>The cuts depend only on which rows are sampled (a bottom-k sample by record key), not on
 * the order rows arrive in, so a re-executed clustering cuts the same files; Spark's range
 * partitioner samples each input partition in arrival order and does not.
 */
public final class TupleCuts implements Serializable {
  private static final long serialVersionUID = 1L;

  private final byte[][][] cuts;

  private TupleCuts(byte[][][] cuts) {
    this.cuts = cuts;
  }

  /** Cuts for {@code files} files from the sampled rows of one group. */
  public static TupleCuts fromSample(List<SampleRow> sample, int files) {
    List<byte[][]> tuples = new ArrayList<>(sample.size());
    for (SampleRow row : sample) {
      tuples.add(row.values);
    }
    tuples.sort(TupleCuts::compare);
    return new TupleCuts(CutSearch.atEqualCounts(tuples, files).toArray(new byte[0][][]));
  }

  /** Output file of a row's encoded sort values: the number of cuts below them. */
  public int file(byte[][] tuple) {
    return CutSearch.countBelow(cuts.length, i -> compare(tuple, cuts[i]) > 0);
  }

  static int compare(byte[][] first, byte[][] second) {
    for (int i = 0; i < first.length; i++) {
      int comparison = Arrays.compareUnsigned(first[i], second[i]);
      if (comparison != 0) {
        return comparison;
      }
    }
    return 0;
  }
}
