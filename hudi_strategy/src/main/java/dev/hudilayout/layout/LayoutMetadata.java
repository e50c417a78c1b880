package dev.hudilayout.layout;

import java.util.List;

/**
 * Every {@code hudilayout.*} key hudi-layout writes into Hudi's metadata, declared once with what
 * it holds. {@link Scope#COMMIT} keys are the extra metadata of a clustering's replacecommit (what
 * the layout did, read by the report and the Python {@code ClusteringResult}); {@link Scope#GROUP}
 * keys are the extra metadata the continuous plan gives a clustering group, read back when the
 * group executes. {@code OptionsData} exports them with the options.
 */
public final class LayoutMetadata {

  public static final String PREFIX = "hudilayout.";

  /** Where a key is written. */
  public enum Scope { COMMIT, GROUP }

  /** One key: its name, where it is written, whether it is a prefix (the rest names a partition), and what it holds. */
  public static final class Key {
    private final String key;
    private final Scope scope;
    private final boolean prefix;
    private final String doc;

    private Key(String name, Scope scope, boolean prefix, String doc) {
      this.key = PREFIX + name;
      this.scope = scope;
      this.prefix = prefix;
      this.doc = doc;
    }

    public String key() {
      return key;
    }

    public Scope scope() {
      return scope;
    }

    /** Whether the key is followed by a partition path ("" for a non-partitioned table). */
    public boolean prefix() {
      return prefix;
    }

    public String doc() {
      return doc;
    }

    @Override
    public String toString() {
      return key;
    }
  }

  public static final Key STRATEGY = commit("strategy", "The execution strategy class that laid the files out.");
  public static final Key CURVE = commit("curve", "The curve of the layout: linear, zorder or hilbert.");
  public static final Key MAPPING = commit("mapping", "How values became curve coordinates: direct or sample.");
  public static final Key COLUMNS = commit("columns", "The sort columns, in order, separated by commas.");
  public static final Key BITS_PER_COLUMN = commit("bits.per.column",
      "Bits each column got in the curve key (z-order and hilbert only).");
  public static final Key LAYOUT = commit("layout",
      "\"aligned\" when files were cut on the cells of an aligned grid; absent when cut along the curve.");
  public static final Key ALIGNED_TOLERANCE = commit("aligned.tolerance",
      "The share of the target size a file could stray (z-order and hilbert): before its cell was split or merged "
          + "(aligned), or to end a larger block of the curve (cut along the curve).");
  public static final Key AUTO = commit("auto",
      "With the layout option auto: how the sort columns and weights were chosen from the query log, or why "
          + "the given columns stayed.");
  public static final Key PAYS = commit("pays",
      "With when=pays: why the clustering pays, the reads it saves against the bytes it rewrites.");
  public static final Key COLUMN_WEIGHTS = commit("column.weights",
      "The sort columns' weights as shares summing to 1 (4 significant digits), when weights were set.");
  public static final Key BUCKETS = commit("buckets",
      "Buckets each sort column earned in the largest group (aligned grid or weighted curve), separated by commas.");
  public static final Key DROPPED_COLUMNS = commit("dropped.columns",
      "Sort columns whose weight earned less than one bucket, so the layout left them out.");
  public static final Key DEPENDENT_COLUMNS = commit("dependent.columns",
      "column:determinant pairs: sort columns the aligned grid found to depend on another and did not cut.");
  public static final Key GRID_CHOSEN = commit("grid.chosen",
      "Where the aligned grid's buckets came from: sample (searched) or fixed (hoodie.hudilayout.grid.buckets).");
  public static final Key ESTIMATED_FILES = commit("estimated.files",
      "Per sort column, the files a point query reads as the grid search estimated it on the sample.");
  public static final Key SAMPLE_SIZE = commit("sample.size", "The configured sample size.");
  public static final Key SAMPLE_SCOPE = commit("sample.scope",
      "instant: one sample of the whole input served every group; group: some group sampled its own input.");
  public static final Key SAMPLE_ROWS = commit("sample.rows",
      "Rows of the base files the instant's sample was drawn from: \"N from commits\" (the write statistics of "
      + "the commits that wrote the files) or \"N counted\" (a Spark job counted them).");
  public static final Key SAMPLE_TAKEN = commit("sample.taken",
      "Rows the instant's sample held over all groups: each group's share in proportion to its rows, at least "
      + "64 a file it writes (at most its rows), the extras held to sample.size.");
  public static final Key SAMPLE_FEWEST = commit("sample.fewest",
      "The group whose layout was chosen from the fewest sampled rows per file it writes: \"M of R rows for F files\".");
  public static final Key GROUPS = commit("groups", "Clustering groups laid out.");
  public static final Key PARTITIONS = commit("partitions", "Partitions the groups laid out were in.");
  public static final Key READ = commit("read",
      "How the groups were read: scan (one Spark scan of their base files), hudi, or scan:N,hudi:M.");
  public static final Key FILES = commit("files", "Files written, over all groups.");
  public static final Key CONTINUOUS = commit("continuous",
      "With the continuous plan: each group's kind, full or delta, and why, separated by '; '.");
  public static final Key CONTINUOUS_GRID = new Key("continuous.grid.", Scope.COMMIT, true,
      "Followed by a partition path: the region tree the continuous layout keeps for that partition (its root grid, "
          + "then |path=grid per split region), read by the next plan and the writes on the grid.");
  public static final Key CONTINUOUS_MOVING = new Key("continuous.moving.", Scope.COMMIT, true,
      "Followed by a partition path: the sort columns of the layout the partition is moving from, while regions of "
          + "it remain after this commit; they move onto the partition's tree on the new columns as they fall due.");
  public static final Key MOVING = group("moving",
      "For a group of a partition moving to new sort columns: the columns it moves from, while regions laid out on "
          + "them remain after the group.");
  public static final Key KIND = group("kind", "The group's kind in the continuous plan: full (the partition's first "
      + "layout, on a grid drawn from its sample) or delta (rows laid on the recorded region tree).");
  public static final Key GRID = group("grid", "For a delta group: the partition's recorded region tree its rows are laid on.");
  public static final Key WHY = group("why", "Why the plan gave the group its kind.");
  public static final Key SHARES = group("shares",
      "For a delta group: per region (its path in the tree), each sort column's share of the point queries that "
          + "meet it, weighing the columns of the grid the region's files are cut on: path:q1,q2,...; ';' between "
          + "regions.");
  public static final Key SPLITS = group("splits",
      "For a delta group: the due regions it splits, and into how many cells: path:cells; ';' between regions.");

  private static final List<Key> ALL = List.of(STRATEGY, CURVE, MAPPING, COLUMNS, BITS_PER_COLUMN, LAYOUT,
      ALIGNED_TOLERANCE, AUTO, PAYS, COLUMN_WEIGHTS, BUCKETS, DROPPED_COLUMNS, DEPENDENT_COLUMNS, GRID_CHOSEN, ESTIMATED_FILES,
      SAMPLE_SIZE, SAMPLE_SCOPE, SAMPLE_ROWS, SAMPLE_TAKEN, SAMPLE_FEWEST, GROUPS, PARTITIONS, READ, FILES, CONTINUOUS,
      CONTINUOUS_GRID, CONTINUOUS_MOVING, MOVING, KIND, GRID, WHY,
      SHARES, SPLITS);

  private LayoutMetadata() {
  }

  private static Key commit(String name, String doc) {
    return new Key(name, Scope.COMMIT, false, doc);
  }

  private static Key group(String name, String doc) {
    return new Key(name, Scope.GROUP, false, doc);
  }

  /** Every key, commit keys first, in the order a commit lists them. */
  public static List<Key> all() {
    return ALL;
  }
}
