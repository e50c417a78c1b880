package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns a table grows along: its rows arrive in their order, so most of the newest commit's
 * rows hold values past every older row's. An order date in a table fed day by day is one; a
 * region or a discount is not, nor is any column of a table written by one commit.
 *
 * <p>Such a column keeps gaining values as the table grows, and a layout chosen now serves the
 * table it grows into. So the model of the recorded queries ({@link WorkloadModel}) prices it as it
 * will be once the table has grown as much again ({@link #GROWTH}): twice its distinct values over
 * twice its span, and, as a sort column, twice its cuts, since the new rows land past its end in
 * files of their own. A scan that found no rows because it asked for values past the end (next
 * year's orders) then counts as one that will read them.
 *
 * <p>Example: after two time-ordered commits, a sample holds 1992 and 1993 orders, the 1993 ones
 * all from the newest commit. {@code d_year} grows: it is priced with 4 years, so {@code d_year =
 * 1993} reads about a quarter of the files on a layout cut 2 times along the order date, not a half.
 */
public final class Arrival {
  /** How many times its present values a column the table grows along is priced with: as much again. */
  public static final double GROWTH = 2;

  private Arrival() {
  }

  /**
   * Of {@code columns}, those the table grows along, from {@code rows}: each row the columns'
   * values and then the instant of the commit that wrote it (instants order as text). A column
   * grows where more than half the rows of the newest commit in the sample hold a value greater
   * than every older row's. None where the rows hold one commit, or no instants.
   */
  public static Set<String> of(List<String> columns, List<Object[]> rows) {
    int instant = columns.size();
    String newest = null;
    for (Object[] row : rows) {
      String at = row.length > instant && row[instant] != null ? row[instant].toString() : null;
      if (at != null && (newest == null || at.compareTo(newest) > 0)) {
        newest = at;
      }
    }
    List<Object[]> latest = new ArrayList<>();
    List<Object[]> older = new ArrayList<>();
    for (Object[] row : rows) {
      if (row.length > instant && row[instant] != null) {
        (row[instant].toString().equals(newest) ? latest : older).add(row);
      }
    }
    Set<String> out = new LinkedHashSet<>();
    if (latest.isEmpty() || older.isEmpty()) {
      return out;
    }
    for (int c = 0; c < columns.size(); c++) {
      Object greatest = null;
      for (Object[] row : older) {
        if (row[c] != null && (greatest == null || Dependence.LAYOUT_ORDER.compare(row[c], greatest) > 0)) {
          greatest = row[c];
        }
      }
      if (greatest == null) {
        continue;
      }
      long past = 0;
      for (Object[] row : latest) {
        if (row[c] != null && Dependence.LAYOUT_ORDER.compare(row[c], greatest) > 0) {
          past++;
        }
      }
      if (2 * past > latest.size()) {
        out.add(columns.get(c));
      }
    }
    return out;
  }
}
