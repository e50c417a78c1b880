package dev.hudilayout.layout.sample;

/**
 * Part of stage "sample": how many of the instant's sampled rows each clustering group gets. A
 * plan of many partitions lays each partition out on its own grid, chosen from the sampled rows of
 * that partition alone; a share of one sample in proportion to rows would leave a partition of the
 * table's 1/1000 about 200 rows of a 200,000-row sample, and one of 1/100,000 two. So each group
 * gets the larger of its share in proportion to its rows and {@link #ROWS_PER_FILE} rows for each
 * file it writes (never more than the configured size, nor more rows than it holds). What the
 * floors add beyond the proportional shares is held to the configured size once more: the instant's
 * sample never exceeds twice {@code sample.size}, however many groups the plan has; when the floors
 * ask for more, each floor's extra shrinks by the same factor.
 */
public final class SampleAllotment {
  /**
   * Sampled rows per output file a group's cuts are drawn from at the least. A file's rows are
   * counted on the sample, so with r sampled rows a file a file's size strays by about 1/sqrt(r):
   * 64 rows keep two standard deviations within a quarter of the target size.
   */
  public static final int ROWS_PER_FILE = 64;

  private SampleAllotment() {
  }

  /**
   * @param rows       each group's rows
   * @param files      each group's output files
   * @param sampleSize the configured sample size
   * @return each group's sampled rows: at most its rows, at least one when it has any
   */
  public static int[] of(long[] rows, int[] files, int sampleSize) {
    if (rows.length != files.length) {
      throw new IllegalArgumentException("rows of " + rows.length + " groups, files of " + files.length);
    }
    long total = 0;
    for (long groupRows : rows) {
      total += Math.max(0, groupRows);
    }
    double[] share = new double[rows.length];
    double[] extra = new double[rows.length];
    double extras = 0;
    for (int group = 0; group < rows.length; group++) {
      long groupRows = Math.max(0, rows[group]);
      share[group] = total == 0 ? 0 : (double) sampleSize * groupRows / total;
      long floor = Math.min(groupRows, Math.min(sampleSize, (long) ROWS_PER_FILE * Math.max(1, files[group])));
      extra[group] = Math.max(0, floor - share[group]);
      extras += extra[group];
    }
    double scale = extras > sampleSize ? sampleSize / extras : 1.0;
    int[] out = new int[rows.length];
    for (int group = 0; group < rows.length; group++) {
      long groupRows = Math.max(0, rows[group]);
      long size = (long) Math.ceil(share[group] + extra[group] * scale - 1e-9);
      out[group] = (int) Math.min(groupRows, Math.max(groupRows > 0 ? 1 : 0, size));
    }
    return out;
  }
}
