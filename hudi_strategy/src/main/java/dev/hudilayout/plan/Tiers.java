package dev.hudilayout.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which pending layers of a region are merged with its share of the new rows, when the region is
 * not due to be laid out again whole: the continuous layout's second level of merges
 * ({@link dev.hudilayout.config.LayoutOptions#CONTINUOUS_MERGE_TIERS}).
 *
 * <p>A region's pending files come in layers, one per clustering that wrote them; a point query
 * on the region reads about n^(2/3) files of a layer of n files, so many small layers cost more
 * than one layer of their rows, and merging them rewrites only pending rows, not the region's
 * base. Layers are put in tiers by their rows, powers of {@code t} of the region's share of the
 * new rows (tier 0 about as many, tier 1 about t times as many, ...; tiers are centred on the
 * powers, so t layers that came out a little under t times the new rows still make the next tier),
 * the new rows counting as one more layer of tier 0; whenever a tier holds {@code t} layers they
 * become one, which may fill the next tier. With as many new rows each round, the layers follow a
 * base-t counter: at most t - 1 per tier, and each row is rewritten once per tier it climbs.
 */
public final class Tiers {
  private Tiers() {
  }

  /**
   * Indexes of the {@code layers} (rows of each pending layer of a region) to merge with the
   * region's {@code newRows} into one layer; empty when no tier fills, there are no new rows, or
   * {@code t < 2} (never).
   */
  static List<Integer> toMerge(long[] layers, long newRows, int t) {
    if (t < 2 || layers.length == 0 || newRows <= 0) {
      return List.of();
    }
    long smallest = newRows;
    // items: {rows} with the layers they hold; the new rows are item -1
    List<long[]> sizes = new ArrayList<>();
    List<TreeSet<Integer>> members = new ArrayList<>();
    sizes.add(new long[] {smallest});
    members.add(new TreeSet<>(List.of(-1)));
    for (int i = 0; i < layers.length; i++) {
      sizes.add(new long[] {Math.max(1, layers[i])});
      members.add(new TreeSet<>(List.of(i)));
    }
    while (true) {
      int full = -1;
      for (int tier = 0; tier < 64 && full < 0; tier++) {
        int count = 0;
        for (long[] s : sizes) {
          count += tierOf(s[0], smallest, t) == tier ? 1 : 0;
        }
        full = count >= t ? tier : -1;
      }
      if (full < 0) {
        break;
      }
      long merged = 0;
      TreeSet<Integer> joined = new TreeSet<>();
      for (int i = sizes.size() - 1; i >= 0; i--) {
        if (tierOf(sizes.get(i)[0], smallest, t) == full) {
          merged += sizes.get(i)[0];
          joined.addAll(members.get(i));
          sizes.remove(i);
          members.remove(i);
        }
      }
      sizes.add(new long[] {merged});
      members.add(joined);
    }
    List<Integer> out = new ArrayList<>();
    for (TreeSet<Integer> m : members) {
      if (m.size() > 1) {
        m.stream().filter(i -> i >= 0).forEach(out::add);
      }
    }
    out.sort(null);
    return out;
  }

  /**
   * {@link #toMerge} for a region whose new rows are already its newest pending layer (a write
   * on the grid put them inside the region, so no new files carry a share for it): that layer
   * (the last of {@code layers}, oldest first) takes the new rows' place. Indexes of the layers to
   * merge into one, the newest among them; empty when no tier fills.
   */
  static List<Integer> toMergeNewest(long[] layers, int t) {
    int n = layers.length;
    if (n < 2) {
      return List.of();
    }
    List<Integer> out = new ArrayList<>(toMerge(java.util.Arrays.copyOf(layers, n - 1), layers[n - 1], t));
    if (!out.isEmpty()) {
      out.add(n - 1);
    }
    return out;
  }

  /** The tier of a layer of {@code rows}: log_t of its rows over the new rows', rounded. */
  static int tierOf(long rows, long smallest, int t) {
    int tier = 0;
    double limit = smallest * Math.sqrt(t);
    while (rows >= limit && tier < 63) {
      tier++;
      limit *= t;
    }
    return tier;
  }
}
