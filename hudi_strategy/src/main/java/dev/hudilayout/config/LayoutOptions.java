package dev.hudilayout.config;

import org.apache.hudi.common.config.ConfigProperty;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The options of hudi-layout itself, all under {@link #PREFIX}. Hudi's own layout keys
 * ({@code hoodie.clustering.plan.strategy.sort.columns}, {@code hoodie.layout.optimize.*}) are
 * honoured as they are; these only add what Hudi has no key for.
 */
public final class LayoutOptions {

  public static final String PREFIX = "hoodie.hudilayout.";

  public static final ConfigProperty<Integer> BITS_PER_COLUMN = ConfigProperty
      .key(PREFIX + "bits.per.column")
      .defaultValue(0)
      .sinceVersion("0.1.0")
      .withDocumentation("Bits each sort column gets in the curve key. 0 (auto) gives max(8, min(20, 63 / columns)): "
          + "the key is a 64-bit number up to 7 columns and an unsigned byte string beyond. The sample "
          + "mapping never uses more bits than its sample can tell apart (log2 of the sampled rows). "
          + "Accepted: 0 to 63.");

  public static final ConfigProperty<Long> SAMPLE_SEED = ConfigProperty
      .key(PREFIX + "sample.seed")
      .defaultValue(42L)
      .sinceVersion("0.1.0")
      .withDocumentation("Seed of the sample that places file boundaries (and, with the sample mapping, "
          + "the quantile buckets). A fixed seed makes a re-executed clustering write the same files.");

  public static final ConfigProperty<Double> WRITER_SIZE_FACTOR = ConfigProperty
      .key(PREFIX + "writer.max.file.size.factor")
      .defaultValue(4.0)
      .sinceVersion("0.1.0")
      .withDocumentation("The layout already sizes each output file (the plan gives a group "
          + "ceil(bytes / target.file.max.bytes) files, and rows are cut into that many equal parts). Hudi "
          + "caps the clustering writer at target.file.max.bytes, and its size estimate before the first "
          + "row group is flushed counts unencoded bytes, so it would split a laid-out file into several. "
          + "The cap is raised to this factor times the target. Accepted: 1.0 (Hudi's behaviour) or more.");

  public static final ConfigProperty<Boolean> ALIGNED = ConfigProperty
      .key(PREFIX + "aligned")
      .defaultValue(true)
      .sinceVersion("0.1.0")
      .withDocumentation("Aligned layout (the default): for N files, column i is cut into k_i buckets "
          + "of about equal count that never split a value, chosen from the instant's sample so that the "
          + "estimated files a point query reads is smallest "
          + "(columns found to depend on another are not cut: they share its axis), the cells are visited in "
          + "the order of the configured curve, and files are cut on cell boundaries, so each file is about "
          + "one cell; rows are sorted inside a file by the curve key. A cell larger than the target by more "
          + "than the tolerance is split, small neighbours are merged. false: files are cut at equal counts "
          + "along the curve key. Applies to z-order and hilbert (linear ignores it). Accepted: true, false.");

  public static final ConfigProperty<String> GRID_BUCKETS = ConfigProperty
      .key(PREFIX + "grid.buckets")
      .defaultValue("")
      .sinceVersion("0.1.0")
      .withDocumentation("With the aligned layout, the buckets per sort column to use instead of the ones chosen "
          + "from the sample, in the sort columns' order, e.g. '10,10,10' (1: the column is not cut). For "
          + "reproducing or comparing a grid; every clustering group gets these buckets whatever its file "
          + "count. Empty: chosen from the sample. Accepted: one whole number from 1 to 1000000 per sort column.");

  public static final ConfigProperty<Double> ALIGNED_TOLERANCE = ConfigProperty
      .key(PREFIX + "aligned.tolerance")
      .defaultValue(0.25)
      .sinceVersion("0.1.0")
      .withDocumentation("With the aligned layout, how far a file may stray from the target size before its "
          + "cell is split (above 1 + tolerance) or merged with the next (below 1 - tolerance), as a share "
          + "of the target. Accepted: more than 0 and less than 1.");

  public static final ConfigProperty<String> COLUMN_WEIGHTS = ConfigProperty
      .key(PREFIX + "column.weights")
      .defaultValue("")
      .sinceVersion("0.1.0")
      .withDocumentation("Weights of the sort columns, in their order: each column's share of the queries, e.g. "
          + "'0.6,0.3,0.1'. Column i gets k_i buckets in proportion to its weight (k_i = p_i (N / prod p)^(1/d) "
          + "for N files), which minimises the files an average point query of that workload reads: on the "
          + "aligned grid as its bucket counts, on a curve as the share of the curve's splits along the column. "
          + "A column whose k_i falls below 1 is dropped from the layout and named in the commit metadata "
          + "(hudilayout.dropped.columns) and the driver log. Empty: all columns alike. Not with the linear curve. "
          + "Accepted: one non-negative number per sort column, at least one above 0.");

  public static final ConfigProperty<Double> CONTINUOUS_MERGE_FRACTION = ConfigProperty
      .key(PREFIX + "continuous.merge.fraction")
      .defaultValue(0.5)
      .sinceVersion("0.1.0")
      .withDocumentation("With the continuous plan (hoodie.clustering.plan.strategy.class="
          + "dev.hudilayout.continuous.ContinuousPlanStrategy): a region of the partition's recorded grid is "
          + "laid out again, together with its share of the new rows, when the bytes of its files written after "
          + "its oldest ones plus that share reach this fraction of the bytes of its oldest ones; otherwise the "
          + "new rows become files inside the region. Lower: fewer files per query, more bytes rewritten. "
          + "Accepted: a number above 0.");

  private static final List<ConfigProperty<?>> ALL = Collections.unmodifiableList(
      Arrays.asList(BITS_PER_COLUMN, SAMPLE_SEED, WRITER_SIZE_FACTOR, ALIGNED, ALIGNED_TOLERANCE, GRID_BUCKETS,
          COLUMN_WEIGHTS, CONTINUOUS_MERGE_FRACTION));

  private LayoutOptions() {
  }

  /** Every option of ours, in the order the documentation lists them. */
  public static List<ConfigProperty<?>> all() {
    return ALL;
  }
}
