package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutMetadata;
import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.layout.AlignedCells;
import dev.hudilayout.layout.CurveSpace;
import dev.hudilayout.layout.GridPlacement;
import dev.hudilayout.layout.Placements;
import dev.hudilayout.layout.SampleRow;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one clustering group of the continuous layout does, as the plan wrote it into the group's
 * extra metadata ({@link ContinuousPlanStrategy}) and execution reads it back:
 * <ul>
 *   <li>{@code full}: the partition has no grid yet (or it was re-drawn); the group lays the whole
 *       partition out on a grid chosen from its sample, cuts files inside its cells, and records
 *       the grid on the replacecommit;</li>
 *   <li>{@code delta}: files that lie in no single region (new rows), with every file of the
 *       regions due to be laid out again, are laid on the recorded grid, each cell cut on its own,
 *       so every output file lies inside one region.</li>
 * </ul>
 */
public final class Stage {
  private static final String KEY = LayoutMetadata.STAGE.key();
  private static final String GRID = LayoutMetadata.GRID.key();
  private static final String WHY = LayoutMetadata.WHY.key();

  public enum Kind { FULL, DELTA }

  public final Kind kind;
  public final String partition;
  public final AlignedCells grid;
  public final String why;

  private Stage(Kind kind, String partition, AlignedCells grid, String why) {
    this.kind = kind;
    this.partition = partition;
    this.grid = grid;
    this.why = why;
  }

  /** The group's stage, or null for a group a plan of ours did not mark (any other plan strategy). */
  public static Stage of(Map<String, String> groupMetadata, String partition) {
    String kind = groupMetadata == null ? null : groupMetadata.get(KEY);
    if (kind == null) {
      return null;
    }
    String grid = groupMetadata.get(GRID);
    return new Stage(Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT)), partition,
        grid == null ? null : AlignedCells.parse(grid), groupMetadata.getOrDefault(WHY, ""));
  }

  /**
   * Where this group's rows go: on the recorded grid for new rows ({@code delta}), on a new grid
   * for a partition's first layout ({@code full}); every file inside one cell either way
   * ({@link Placements#onGrid}).
   */
  public GridPlacement placement(LayoutSpec spec, CurveSpace space, List<SampleRow> groupSample,
                                 Supplier<List<SampleRow>> ownSample, int files) {
    return Placements.onGrid(spec, space, groupSample, ownSample, files, kind == Kind.DELTA ? grid : null);
  }

  /** The grid the partition keeps after this group: the one it drew (a first layout), else the recorded one. */
  public AlignedCells gridAfter(GridPlacement placement) {
    return kind == Kind.FULL ? placement.cells() : grid;
  }

  /** The group extra metadata the plan writes for a stage. */
  static Map<String, String> metadata(Kind kind, String grid, String why) {
    Map<String, String> m = new HashMap<>();
    m.put(KEY, kind.name().toLowerCase(java.util.Locale.ROOT));
    if (grid != null) {
      m.put(GRID, grid);
    }
    m.put(WHY, why);
    return m;
  }

  /** What the commit says about this group: "full" or "delta", and why. */
  public String describe() {
    return kind.name().toLowerCase(java.util.Locale.ROOT) + (why.isEmpty() ? "" : " (" + why + ")");
  }
}
