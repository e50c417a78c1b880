package dev.hudilayout.plan;

import dev.hudilayout.layout.LayoutMetadata;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placements;
import dev.hudilayout.layout.sample.SampleRow;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one clustering group of the continuous layout does, as the plan wrote it into the group's
 * extra metadata ({@code ContinuousPlanStrategy}) and execution reads it back:
 * <ul>
 *   <li>{@code full}: the partition has no region tree yet; the group lays the whole partition out
 *       on a grid chosen from its sample, cuts files inside its cells, and records the grid on the
 *       replacecommit as the root of the partition's tree;</li>
 *   <li>{@code delta}: files that lie in no single region (new rows), with every file of the
 *       regions due to be laid out again and the pending layers of regions merging theirs, are
 *       laid on the recorded tree, each region cut on its own, so every output file lies inside
 *       one region; a due region the plan splits gets a grid drawn from its rows first, whose
 *       cells become regions, and the commit records the grown tree.</li>
 * </ul>
 * A group of a partition moving to new sort columns ({@link ColumnChange}) also names the old
 * layout's columns while regions of it remain after the group, and the commit records them.
 */
public final class PlannedGroup {
  private static final String KEY = LayoutMetadata.KIND.key();
  /** The key earlier builds wrote the kind under: a plan they left pending still holds it. */
  private static final String LEGACY_KEY = LayoutMetadata.PREFIX + "stage";
  private static final String GRID = LayoutMetadata.GRID.key();
  private static final String WHY = LayoutMetadata.WHY.key();
  private static final String SHARES = LayoutMetadata.SHARES.key();
  private static final String SPLITS = LayoutMetadata.SPLITS.key();
  private static final String MOVING = LayoutMetadata.MOVING.key();

  public enum Kind { FULL, DELTA }

  public final Kind kind;
  public final String partition;
  public final String why;
  /** The old layout's sort columns (comma-separated) while regions of it remain after this group; else null. */
  public final String movingFrom;
  /** The recorded tree a delta group lays rows on; null for a full group. */
  private final RegionTree tree;
  /** Per region (path), the sort columns' shares of the queries that meet it ({@link QueryShares}). */
  private final Map<String, double[]> shares;
  /** Due regions the group splits, and into how many cells ({@link Splits}). */
  private final Map<String, Integer> splits;

  private PlannedGroup(Kind kind, String partition, RegionTree tree, String why, Map<String, double[]> shares,
                Map<String, Integer> splits, String movingFrom) {
    this.kind = kind;
    this.movingFrom = movingFrom;
    this.partition = partition;
    this.tree = tree;
    this.why = why;
    this.shares = shares;
    this.splits = splits;
  }

  /** The group as the continuous plan planned it, or null for a group a plan of ours did not mark (any other plan strategy). */
  public static PlannedGroup of(Map<String, String> groupMetadata, String partition) {
    String kind = groupMetadata == null ? null : groupMetadata.getOrDefault(KEY, groupMetadata.get(LEGACY_KEY));
    if (kind == null) {
      return null;
    }
    String grid = groupMetadata.get(GRID);
    return new PlannedGroup(Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT)), partition,
        grid == null ? null : RegionTree.parse(grid), groupMetadata.getOrDefault(WHY, ""),
        QueryShares.parse(groupMetadata.get(SHARES)), parseSplits(groupMetadata.get(SPLITS)), groupMetadata.get(MOVING));
  }

  /**
   * Where this group's rows go: on the recorded tree for a delta (split where the plan says, each
   * region cut into several files on a grid of its own weighed by its query shares), on a new
   * grid for a partition's first layout; every file inside one region either way
   * ({@link Placements#onTree}, {@link Placements#onGrid}).
   */
  public GridPlacement placement(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                                 Supplier<List<SampleRow>> ownSample, int files, double[] reach) {
    return kind == Kind.DELTA
        ? Placements.onTree(spec, space, groupSample, ownSample, files, tree, splits, shares, reach)
        : Placements.onGrid(spec, space, groupSample, ownSample, files, null, Map.of(), reach);
  }

  /** The region tree the partition keeps after this group: the grid it drew (a first layout), else the grown tree. */
  public RegionTree treeAfter(GridPlacement placement) {
    return kind == Kind.FULL ? RegionTree.of(placement.cells()) : (RegionTree) placement.nested().outer();
  }

  /** The group extra metadata the plan writes for a group of this kind. */
  public static Map<String, String> metadata(Kind kind, String tree, String why, String shares, Map<String, Integer> splits) {
    Map<String, String> m = new HashMap<>();
    m.put(KEY, kind.name().toLowerCase(java.util.Locale.ROOT));
    if (tree != null) {
      m.put(GRID, tree);
    }
    if (shares != null && !shares.isEmpty()) {
      m.put(SHARES, shares);
    }
    if (!splits.isEmpty()) {
      StringBuilder sb = new StringBuilder();
      splits.forEach((path, cells) -> sb.append(sb.length() == 0 ? "" : ";").append(path).append(':').append(cells));
      m.put(SPLITS, sb.toString());
    }
    m.put(WHY, why);
    return m;
  }

  /** {@code metadata} of a group that leaves regions of the layout on {@code oldColumns} to later clusterings. */
  public static Map<String, String> moving(Map<String, String> metadata, List<String> oldColumns) {
    Map<String, String> m = new HashMap<>(metadata);
    m.put(MOVING, String.join(",", oldColumns));
    return m;
  }

  private static Map<String, Integer> parseSplits(String text) {
    Map<String, Integer> out = new LinkedHashMap<>();
    if (text != null && !text.isEmpty()) {
      for (String split : text.split(";")) {
        String[] parts = split.split(":");
        out.put(parts[0], Integer.parseInt(parts[1]));
      }
    }
    return out;
  }

  /** What the commit says about this group: "full" or "delta", and why. */
  public String describe() {
    return kind.name().toLowerCase(java.util.Locale.ROOT) + (why.isEmpty() ? "" : " (" + why + ")");
  }
}
