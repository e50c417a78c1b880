package dev.hudilayout.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * What the continuous plan does with a partition whose recorded region tree was drawn on other
 * sort columns than the clustering asks for (or the same ones in another order).
 *
 * <p>The partition moves to the new columns region by region. Its files on the old layout (each
 * inside a region of the old tree) stay as they are until their region falls due. The first
 * clustering on the new columns lays out the new rows alone, on a grid drawn from them: that is the
 * first layout a table that started on the new columns would have drawn from its first rows, and a
 * grid drawn from old regions as well would have cells for the whole partition at once, which leaves
 * regions small beside the pending files every later round adds to each (with no new rows, one old
 * region stands in for them). Later clusterings lay the old regions that fall due on that tree as
 * new rows. An old region gets no new rows, so
 * it falls due with the table's growth instead: each clustering moves the old regions, in the old
 * tree's curve order, until their rows reach the new rows it lays out divided by the merge fraction,
 * which is what regions falling due rewrite for that many new rows, and at least one region, so a
 * table that stops growing still moves. For example, at the default fraction of 0.5 a clustering of
 * 1,000 new rows moves old regions holding at least 2,000 rows, and the old layout is gone once the
 * table has grown by half. Until then a query on the new columns reads the old layout's files as well.
 * A full clustering ({@code incremental=False}) lays the partition out anew at once.
 */
public final class ColumnChange {

  private ColumnChange() {
  }

  /** A region of the old layout: its path in the old tree and its rows. */
  public static final class OldRegion {
    public final String path;
    public final long rows;

    public OldRegion(String path, long rows) {
      this.path = path;
      this.rows = rows;
    }
  }

  /** Whether the grid recorded on {@code recorded} serves a clustering on {@code asked}. */
  public static boolean same(List<String> recorded, List<String> asked) {
    return recorded.equals(asked);
  }

  /**
   * The paths of the old regions this clustering moves: {@code regions} (in the old tree's curve
   * order) from the first, until their rows reach {@code newRows / mergeFraction}, and at least one;
   * none when {@code firstLayout} (the new columns have no tree yet) and there are new rows to draw
   * it from.
   */
  public static List<String> moving(List<OldRegion> regions, long newRows, double mergeFraction, boolean firstLayout) {
    if (firstLayout && newRows > 0) {
      return List.of();
    }
    double due = newRows / mergeFraction;
    List<String> out = new ArrayList<>();
    long moved = 0;
    for (OldRegion region : regions) {
      if (!out.isEmpty() && moved >= due) {
        break;
      }
      out.add(region.path);
      moved += region.rows;
    }
    return out;
  }

  /** Why the partition is laid out anew, for the commit. */
  public static String relayout(List<String> recorded, List<String> asked) {
    return "grid recorded on " + String.join(",", recorded) + "; laid out anew on " + String.join(",", asked)
        + " (a full clustering was asked for)";
  }

  /** What a clustering moved of the old layout, for the commit. */
  public static String moved(List<String> oldColumns, int moved, int regions, long movedRows, long newRows) {
    return String.format("moving from %s: %d of %d old region(s), %d rows, with %d new rows",
        String.join(",", oldColumns), moved, regions, movedRows, newRows);
  }
}
