package dev.hudilayout.hudi;

import org.apache.hudi.config.HoodieWriteConfig;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The partitions a plan looks at on the Hudi lines that plan only those written since the last
 * clustering (1.0, 1.2): Hudi's selection and the plugin's own additions, joined here once for
 * every line's {@code LinePlanStrategy}.
 */
public final class PlanPartitions {
  private PlanPartitions() {
  }

  /**
   * {@code selected} (the partitions Hudi selects) and then the partitions {@code also} gives, as
   * {@code matched} (the line's Hudi filter by the plan's regular expression,
   * {@code getRegexPatternMatchedPartitions}) keeps them, each once, in that order; only
   * {@code selected} when the user named the partitions
   * ({@code hoodie.clustering.plan.partition.selected}), and {@code also} is then not asked.
   */
  public static List<String> withAlso(HoodieWriteConfig config, List<String> selected,
                                      Supplier<List<String>> also, UnaryOperator<List<String>> matched) {
    String named = config.getClusteringPartitionSelected();
    if (named != null && !named.trim().isEmpty()) {
      return selected;
    }
    LinkedHashSet<String> all = new LinkedHashSet<>(selected);
    all.addAll(matched.apply(also.get()));
    return new ArrayList<>(all);
  }
}
