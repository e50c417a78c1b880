package dev.hudilayout.layout.sample;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * Stage "sample" for a plan of several groups: a {@link BottomKSample} of each group's own rows,
 * each of the size {@link SampleAllotment} gave it, taken in the same single pass. The priorities
 * are the ones a single sample of the whole input would use, so the {@code k} lowest of all the
 * groups' rows before the first row any group dropped ({@link #lowest}) are the whole input's own
 * bottom sample.
 */
public final class GroupedSample implements Serializable {
  private static final long serialVersionUID = 1L;

  private final BottomKSample[] groups;

  /**
   * @param sizes      each group's sampled rows
   * @param rows       each group's rows (for each group's admission threshold,
   *                   {@link BottomKSample#admissionThreshold}); a negative count admits every row
   */
  public GroupedSample(int[] sizes, long[] rows, long seed) {
    this.groups = new BottomKSample[sizes.length];
    for (int group = 0; group < sizes.length; group++) {
      long admit = rows[group] < 0 ? Long.MAX_VALUE : BottomKSample.admissionThreshold(sizes[group], rows[group]);
      groups[group] = new BottomKSample(sizes[group], seed, admit);
    }
  }

  public int groups() {
    return groups.length;
  }

  /** Whether a row of group {@code group} with this priority can enter the group's sample. */
  public boolean admits(int group, long priority) {
    return groups[group].admits(priority);
  }

  public GroupedSample add(int group, SampleRow row) {
    groups[group].add(row);
    return this;
  }

  public GroupedSample merge(GroupedSample other) {
    if (other.groups.length != groups.length) {
      throw new IllegalArgumentException("samples of " + groups.length + " and " + other.groups.length + " groups");
    }
    for (int group = 0; group < groups.length; group++) {
      groups[group].merge(other.groups[group]);
    }
    return this;
  }

  /** Group {@code group}'s sampled rows, in the sample's order ({@link BottomKSample#rows}). */
  public List<SampleRow> rowsOf(int group) {
    return groups[group].rows();
  }

  /** Every group's sampled rows in one list, in the sample's order. */
  public List<SampleRow> rows() {
    return BottomKSample.inOrder(Arrays.asList(groups), Integer.MAX_VALUE, false);
  }

  /**
   * A uniform sample of the whole input of at most {@code size} rows: the first of {@link #rows} that a single
   * sample of the whole input would hold too (every group keeps at least its share in proportion
   * to its rows, so they fall short of {@code size} by a few rows a group at most).
   */
  public List<SampleRow> lowest(int size) {
    return BottomKSample.inOrder(Arrays.asList(groups), size, true);
  }

  /** Each group's sampled rows. */
  public int[] sizes() {
    int[] out = new int[groups.length];
    for (int group = 0; group < groups.length; group++) {
      out[group] = groups[group].size();
    }
    return out;
  }
}
