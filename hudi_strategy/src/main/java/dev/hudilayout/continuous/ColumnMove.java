package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.plan.ColumnChange;
import dev.hudilayout.plan.PlannedGroup;

import org.apache.hudi.common.model.FileSlice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A partition's move to new sort columns ({@link ColumnChange}) in one continuous plan: the slices
 * this plan takes (new rows, files already on the new tree, and the old regions it moves), the old
 * files it moves and those that stay, and what the commit says of it.
 */
final class ColumnMove {
  /** The plan's logger: the move is part of the plan's log ({@code dev.hudilayout.continuous} at INFO). */
  private static final Logger LOG = LoggerFactory.getLogger(ContinuousPlanStrategy.class);

  final List<FileSlice> planned;
  final Set<FileSlice> moved;
  /** The old regions' files that stay on the old layout after this plan. */
  final Set<FileSlice> staying;
  final String why;
  /** The old layout's columns when regions of it remain after this plan, else null. */
  final List<String> remaining;

  private ColumnMove(List<FileSlice> planned, Set<FileSlice> moved, Set<FileSlice> staying, String why,
                     List<String> remaining) {
    this.planned = planned;
    this.moved = moved;
    this.staying = staying;
    this.why = why;
    this.remaining = remaining;
  }

  /** The group's metadata, marked with the old layout's columns while regions of it remain. */
  Map<String, String> mark(Map<String, String> metadata) {
    return remaining == null ? metadata : PlannedGroup.moving(metadata, remaining);
  }

  /**
   * The move of {@code partition} to {@code columns}, when it has a layout on other columns: the
   * newest recorded tree itself ({@code otherColumns}, the first clustering on the new columns), or
   * the one its newest commit says it is still moving from. Null when there is none, or when no file
   * of the partition lies in one of its regions any more.
   *
   * @param onNew {@code slices} sorted by the regions of the tree on {@code columns}, or null when it has none
   * @param stats what the column-stats index holds for the planned partitions' files, by the columns read
   */
  static ColumnMove of(String partition, RecordedGrids.Tree newest, boolean otherColumns, Regions onNew,
                       List<FileSlice> slices, List<String> columns, CommitHistory history,
                       Function<List<String>, ColumnStatsBounds.FileStats> stats, Properties props) {
    RecordedGrids.Tree old = otherColumns ? newest
        : newest == null || newest.movingFrom.isEmpty() ? null
        : RecordedGrids.newestOn(history.replacesNewestFirst(), partition, newest.movingFrom);
    if (old == null) {
      return null;
    }
    // files on the new tree stay on it; the others lie in an old region, or hold new rows
    List<FileSlice> outside = onNew == null ? slices : onNew.spanning;
    Regions onOld = Regions.of(RegionTree.parse(old.tree), stats.apply(old.columns), outside, history);
    if (onOld.inside.isEmpty()) {
      return null;
    }
    double perByte = onOld.rowsPerByte(slices);
    long newRows = onOld.rows(onOld.spanning, perByte);
    List<ColumnChange.OldRegion> regions = new ArrayList<>();
    onOld.inside.forEach((path, files) -> regions.add(new ColumnChange.OldRegion(path, onOld.rows(files, perByte))));
    List<String> chosen = ColumnChange.moving(regions, newRows, LayoutSpecParser.continuousMergeFraction(props),
        onNew == null);
    Set<FileSlice> moved = new HashSet<>();
    Set<FileSlice> staying = new HashSet<>();
    long movedRows = 0;
    for (Map.Entry<String, List<FileSlice>> region : onOld.inside.entrySet()) {
      boolean moves = chosen.contains(region.getKey());
      (moves ? moved : staying).addAll(region.getValue());
      movedRows += moves ? onOld.rows(region.getValue(), perByte) : 0;
    }
    String why = ColumnChange.moved(old.columns, chosen.size(), regions.size(), movedRows, newRows);
    LOG.info("hudi-layout: partition '{}' moves to {}: {}", partition, String.join(",", columns), why);
    List<FileSlice> planned = slices.stream().filter(slice -> !staying.contains(slice)).collect(Collectors.toList());
    return new ColumnMove(planned, moved, staying, why, staying.isEmpty() ? null : old.columns);
  }
}
