package dev.hudilayout.config;

import org.apache.hudi.config.HoodieClusteringConfig;

import java.util.List;
import java.util.Map;

/**
 * Hudi's keys that hudi-layout reads, with the rule of values it accepts. The key, default and
 * since version are Hudi's ({@link HoodieClusteringConfig}); the documentation says what the key
 * means for hudi-layout.
 */
public final class HudiOptions {

  public static final DeclaredOption<String> SORT_COLUMNS = DeclaredOption.hudi(
      HoodieClusteringConfig.PLAN_STRATEGY_SORT_COLUMNS, Rule.columnNames(),
      "The columns the files are laid out by, most selective filters first; required. The clustering "
          + "group's strategy parameters (where the plan recorded them) win over the write config.");

  public static final DeclaredOption<String> CURVE = DeclaredOption.hudi(
      HoodieClusteringConfig.LAYOUT_OPTIMIZE_STRATEGY,
      Rule.oneOf(List.of("linear", "z-order", "hilbert"), Map.of("zorder", "z-order")),
      "The curve files are laid out along: linear sorts by the columns in their order, z-order and hilbert "
          + "interleave them so every column clusters. Read in any case.");

  public static final DeclaredOption<String> MAPPING = DeclaredOption.hudi(
      HoodieClusteringConfig.LAYOUT_OPTIMIZE_SPATIAL_CURVE_BUILD_METHOD,
      Rule.oneOf(List.of("direct", "sample"), Map.of()),
      "How values become curve coordinates: sample (quantiles of a sample, robust to skew) or direct "
          + "(each column's min/max from the column-stats index, no data pass). Read in any case.");

  public static final DeclaredOption<String> SAMPLE_SIZE = DeclaredOption.hudi(
      HoodieClusteringConfig.LAYOUT_OPTIMIZE_BUILD_CURVE_SAMPLE_SIZE, Rule.wholeNumber(1, Integer.MAX_VALUE),
      "Rows sampled per clustering for the quantiles and the file boundaries.");

  private static final List<DeclaredOption<?>> ALL = List.of(SORT_COLUMNS, CURVE, MAPPING, SAMPLE_SIZE);

  private HudiOptions() {
  }

  /** Every Hudi key the parser reads, in the order the documentation lists them. */
  public static List<DeclaredOption<?>> all() {
    return ALL;
  }
}
