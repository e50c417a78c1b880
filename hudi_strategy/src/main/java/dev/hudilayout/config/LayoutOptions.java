package dev.hudilayout.config;

import dev.hudilayout.layout.LayoutSpec;

import java.util.List;
import java.util.Map;

/**
 * The options of hudi-layout itself, all under {@link #PREFIX}. Hudi's own layout keys
 * ({@code hoodie.clustering.plan.strategy.sort.columns}, {@code hoodie.layout.optimize.*}) are
 * honoured as they are ({@link HudiOptions}); these only add what Hudi has no key for. Each is a
 * {@link DeclaredOption}: Hudi's {@code ConfigProperty} (key, default, doc, since) with the one
 * {@link Rule} of values it accepts, whose text ends its documentation.
 */
public final class LayoutOptions {

  public static final String PREFIX = "hoodie.hudilayout.";

  public static final DeclaredOption<Integer> BITS_PER_COLUMN = DeclaredOption.ours(
      PREFIX + "bits.per.column", LayoutSpec.DEFAULT_BITS,
      "Bits each sort column gets in the curve key. 0 (auto) gives max(8, min(20, 63 / columns)): "
          + "the key is a 64-bit number up to 7 columns and an unsigned byte string beyond. The sample "
          + "mapping never uses more bits than its sample can tell apart (log2 of the sampled rows).",
      Rule.wholeNumber(0, 63));

  public static final DeclaredOption<Long> SAMPLE_SEED = DeclaredOption.ours(
      PREFIX + "sample.seed", LayoutSpec.DEFAULT_SEED,
      "Seed of the sample that places file boundaries (and, with the sample mapping, "
          + "the quantile buckets). A fixed seed makes a re-executed clustering write the same files.",
      Rule.anyLong());

  public static final DeclaredOption<Double> WRITER_SIZE_FACTOR = DeclaredOption.ours(
      PREFIX + "writer.max.file.size.factor", 4.0,
      "The layout already sizes each output file (the plan gives a group "
          + "ceil(bytes / target.file.max.bytes) files, and rows are cut into that many equal parts). Hudi "
          + "caps the clustering writer at target.file.max.bytes, and its size estimate before the first "
          + "row group is flushed counts unencoded bytes, so it would split a laid-out file into several. "
          + "The cap is raised to this factor times the target; 1.0 is Hudi's behaviour.",
      Rule.numberAtLeast(1.0));

  public static final DeclaredOption<Boolean> ALIGNED = DeclaredOption.ours(
      PREFIX + "aligned", LayoutSpec.DEFAULT_ALIGNED,
      "Aligned layout (the default): for N files, column i is cut into k_i buckets "
          + "of about equal count that never split a value, chosen from the instant's sample so that the "
          + "estimated files a point query reads is smallest "
          + "(columns found to depend on another are not cut: they share its axis), the cells are visited in "
          + "the order of the configured curve, and files are cut on cell boundaries, so each file is about "
          + "one cell; rows are sorted inside a file by the curve key. A cell larger than the target by more "
          + "than the tolerance is split, small neighbours are merged. false: files are cut along the curve key "
          + "at about equal counts, each cut moved within the tolerance to where the curve leaves the largest "
          + "block of key space. Applies to z-order and hilbert; linear ignores it (and its tolerance).",
      Rule.trueOrFalse());

  public static final DeclaredOption<String> GRID_BUCKETS = DeclaredOption.ours(
      PREFIX + "grid.buckets", "",
      "With the aligned layout, the buckets per sort column to use instead of the ones chosen "
          + "from the sample, in the sort columns' order, e.g. '10,10,10' (1: the column is not cut). For "
          + "reproducing or comparing a grid; every clustering group gets these buckets whatever its file "
          + "count. Empty: chosen from the sample.",
      Rule.wholeNumberPerColumn(1, 1_000_000));

  public static final DeclaredOption<Double> ALIGNED_TOLERANCE = DeclaredOption.ours(
      PREFIX + "aligned.tolerance", LayoutSpec.DEFAULT_ALIGNED_TOLERANCE,
      "How far a file may stray from the target size, as a share of the target. With the aligned "
          + "layout, a cell is split above 1 + tolerance and merged with the next below 1 - tolerance. A "
          + "file's end along the curve (with aligned=false, and inside a cell cut into several files) "
          + "may move by half the tolerance of a file from its equal-count place to end a larger block of "
          + "the curve.",
      Rule.numberBetween(0, 1, "a number above 0 and below 1"));

  public static final DeclaredOption<String> COLUMN_WEIGHTS = DeclaredOption.ours(
      PREFIX + "column.weights", "",
      "Weights of the sort columns, in their order: each column's share of the queries, e.g. "
          + "'0.6,0.3,0.1'. Column i gets k_i buckets in proportion to its weight (k_i = p_i (N / prod p)^(1/d) "
          + "for N files), which minimises the files an average point query of that workload reads: on the "
          + "aligned grid as its bucket counts, on a curve as the share of the curve's splits along the column. "
          + "A column whose k_i falls below 1 is dropped from the layout and named in the commit metadata "
          + "(hudilayout.dropped.columns) and the driver log. Empty: all columns alike. Not with the linear curve.",
      Rule.weightPerColumn());

  public static final DeclaredOption<Double> CONTINUOUS_MERGE_FRACTION = DeclaredOption.ours(
      PREFIX + "continuous.merge.fraction", 0.5,
      "With the continuous plan (hoodie.clustering.plan.strategy.class="
          + "dev.hudilayout.continuous.ContinuousPlanStrategy): a region of the partition's recorded region tree "
          + "is laid out again, together with its share of the new rows, when the rows of its pending layers "
          + "(file groups made after its oldest ones; a file an upsert rewrote in place keeps its layer) plus "
          + "that share reach this fraction of the rows of its oldest layer (rows as the column-stats index "
          + "counts them); otherwise the new rows become files inside the region. Lower: fewer files per query, "
          + "more bytes rewritten.",
      Rule.numberAbove(0, "0"));

  public static final DeclaredOption<Integer> CONTINUOUS_MERGE_TIERS = DeclaredOption.ours(
      PREFIX + "continuous.merge.tiers", 3,
      "With the continuous plan: a region not due to be laid out again merges its pending files (one layer "
          + "per clustering that wrote them) with its share of the new rows when this many layers, the new rows "
          + "counting as one, are of one size tier (tiers grow by this factor from the new rows' size), so a "
          + "region holds at most this many minus one layers per tier between its layouts and each row is "
          + "rewritten once per tier it climbs. Lower: fewer files per query, more bytes rewritten. 0 or 1: "
          + "pending layers are never merged among themselves.",
      Rule.wholeNumber(0, 64));

  public static final DeclaredOption<Integer> CONTINUOUS_REGION_FILES = DeclaredOption.ours(
      PREFIX + "continuous.region.files", 0,
      "With the continuous plan: the fewest files a region keeps. A region laid out again into at least twice "
          + "this many files is split: a grid drawn from its rows, of files / this many cells, is recorded and its "
          + "cells become regions. 0: the files at which one pending layer (about one file spanning the region) "
          + "adds a tenth to the n^((d-1)/d) files a point query reads in a region of n files, 10^(d/(d-1)): 32 "
          + "for 3 sort columns, 100 for 2, 22 for 4; a single sort column never splits.",
      Rule.wholeNumber(0, 1 << 20));

  public static final DeclaredOption<Boolean> WRITERS_FIRST = DeclaredOption.ours(
      PREFIX + "writers.first", true,
      "A clustering beside writes (under optimistic concurrency, or Hudi's async clustering; not inline) "
          + "gives way to them. The continuous plan leaves out the file groups the "
          + "next write is likely to touch: those the last writes touched, as many writes back as a write on "
          + "the timeline reached to update a group (none when that is every group of the partition). Under "
          + "optimistic concurrency, a clustering our routes run resolves conflicts in the writers' favour "
          + "(Hudi's PreferWriterConflictResolutionStrategy; on Hudi 1.2 also against writes not yet "
          + "inflight), and a clustering that loses is rolled back, so its file groups return to the next "
          + "plan; the Python writers let updates into file groups under clustering "
          + "(SparkAllowUpdateStrategy), which is safe only there. false: every file is planned, and Hudi's "
          + "settings stand.",
      Rule.trueOrFalse());

  public static final DeclaredOption<Boolean> AUTO = DeclaredOption.ours(
      PREFIX + "auto", false,
      "Sort columns and their weights chosen from the table's query log (the queries recorded "
          + "beside the table, in .hoodie/.aux/hudi-layout/queries): the columns whose cuts make the "
          + "recorded queries read the fewest files, at most auto.max.columns, each weighted by the cuts it earns; "
          + "a column read by wide ranges earns fewer. The choice and its reason are recorded on the "
          + "replacecommit. With no queries recorded, the sort columns apply as given. With the continuous "
          + "plan, the columns are chosen when the plan is made, and a table laid out on other columns "
          + "moves to them region by region, when they save at least a tenth of the files read.",
      Rule.trueOrFalse());

  public static final DeclaredOption<Integer> AUTO_MAX_COLUMNS = DeclaredOption.ours(
      PREFIX + "auto.max.columns", 4,
      "With auto: the most sort columns chosen.",
      Rule.wholeNumber(1, 16));

  public static final DeclaredOption<String> WHEN = DeclaredOption.ours(
      PREFIX + "when", "always",
      "When a clustering plan of ours is made. always: whenever Hudi asks for one. pays: only when the "
          + "table's query log says it pays: the scans recorded since the last clustering, as many again, "
          + "would stop reading at least when.pays.ratio times the bytes the clustering reads and writes "
          + "(the layout's files read estimated from the log, as auto does). Otherwise no plan is made, the "
          + "log says why, and so does .hoodie/.aux/hudi-layout/payoff.json. With Hudi's size-based plan, "
          + "set dev.hudilayout.SizeBasedPlanStrategy as the plan strategy (the Python layout does).",
      Rule.oneOf(List.of("always", "pays"), Map.of()));

  public static final DeclaredOption<Double> PAYS_RATIO = DeclaredOption.ours(
      PREFIX + "when.pays.ratio", 1.0,
      "With when=pays: the least ratio of bytes saved to bytes rewritten that pays.",
      Rule.numberAbove(0, "0"));

  private static final List<DeclaredOption<?>> ALL = List.of(BITS_PER_COLUMN, SAMPLE_SEED, WRITER_SIZE_FACTOR, ALIGNED,
      ALIGNED_TOLERANCE, GRID_BUCKETS, COLUMN_WEIGHTS, CONTINUOUS_MERGE_FRACTION,
      CONTINUOUS_MERGE_TIERS, CONTINUOUS_REGION_FILES, WRITERS_FIRST, AUTO, AUTO_MAX_COLUMNS, WHEN, PAYS_RATIO);

  private LayoutOptions() {
  }

  /** Every option of ours, in the order the documentation lists them. */
  public static List<DeclaredOption<?>> all() {
    return ALL;
  }
}
