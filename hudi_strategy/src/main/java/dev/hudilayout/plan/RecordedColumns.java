package dev.hudilayout.plan;

import java.util.List;

/**
 * What the continuous plan does with a partition whose recorded grid is on other sort columns than
 * the clustering asks for. The grid's regions are boxes in the recorded columns' space, so neither
 * new rows nor due regions can be placed on it for other columns: the partition is laid out anew
 * on the new columns when the user asks for a full clustering ({@code incremental=False}), and
 * refused, before any plan is saved, otherwise.
 */
public final class RecordedColumns {

  private RecordedColumns() {
  }

  /** Whether the grid recorded on {@code recorded} serves a clustering on {@code asked}. */
  public static boolean same(List<String> recorded, List<String> asked) {
    return recorded.equals(asked);
  }

  /** Why the partition is laid out anew, for the commit. */
  public static String relayout(List<String> recorded, List<String> asked) {
    return "grid recorded on " + String.join(",", recorded) + "; laid out anew on " + String.join(",", asked)
        + " (a full clustering was asked for)";
  }

  /** The error for a clustering on {@code asked} of a partition laid out on {@code recorded}. */
  public static String refusal(String partition, List<String> recorded, List<String> asked) {
    return String.format("hudi-layout: sort_columns (hoodie.clustering.plan.strategy.sort.columns) = %s, but "
        + "partition '%s' is laid out by the continuous layout on %s, and its recorded grid cannot place rows "
        + "on other columns. Accepted: the recorded columns %s, or a full clustering that lays every planned "
        + "partition out anew on the new columns (cluster(..., incremental=False), or "
        + "hoodie.table.services.incremental.enabled=false).",
        String.join(",", asked), partition, String.join(",", recorded), String.join(",", recorded));
  }
}
