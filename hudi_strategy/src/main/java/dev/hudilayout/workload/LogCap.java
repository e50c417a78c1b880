package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * What keeps the query log small: past a cap of bytes, its oldest files go first. Losing entries
 * loses a little of the workload's history, never anything of the table.
 *
 * <p>For example, files of 40, 30 and 50 bytes (oldest first) under a cap of 90 bytes: the first
 * goes, and 80 bytes stay.
 */
public final class LogCap {
  private LogCap() {
  }

  /**
   * The indexes (into {@code bytesOldestFirst}) of the files to delete so that the rest hold at most
   * {@code maxBytes}, oldest first; the newest file always stays.
   */
  public static List<Integer> toDelete(long[] bytesOldestFirst, long maxBytes) {
    long total = 0;
    for (long b : bytesOldestFirst) {
      total += b;
    }
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < bytesOldestFirst.length - 1 && total > maxBytes; i++) {
      out.add(i);
      total -= bytesOldestFirst[i];
    }
    return out;
  }
}
