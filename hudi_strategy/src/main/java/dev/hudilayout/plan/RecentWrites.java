package dev.hudilayout.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The file groups the next write of a table is likely to touch, read from its own timeline.
 *
 * <p>A write touches a file group when it creates it (new rows) or updates it (rewrites it, or
 * appends a log file to it). An update's distance is the number of writes between it and the
 * group's previous touch (its creation, by a write or a clustering, or an earlier update). A
 * stream whose updates are late-arriving rows updates what the write just before made: distance
 * 0. One whose updates are spread over the whole table updates groups no write touched for long.
 * The depth is one more than the largest distance on the timeline (0 when no write ever updated):
 * the next write is likely to touch again what the last depth writes touched.
 *
 * <p>A clustering that takes a file group the next write updates either refuses that write (Hudi's
 * default update strategy) or loses to it at commit. So while the writers are active, the
 * continuous plan leaves out the groups the last depth writes touched. It leaves out none when that
 * would be every group of the partition: spread updates then meet the clustering anyway, and the
 * conflict resolution decides who gives way.
 *
 * <p>The writers are active while a write is in flight, or until they have paused: a clustering
 * completed after the newest write, or no write came for twice the writers' beat. The beat is the
 * longest interval between consecutive writes among the last {@link #BEAT_INTERVALS}: a stream
 * that has missed two beats has stopped, or slowed down enough for a clustering to finish between
 * its writes. Once the writers pause the plan leaves out nothing, so the layout catches up; without
 * the beat, a plan that finds nothing to do but the files it leaves out would never complete a
 * clustering after the last write, and the writers would count as active for ever.
 *
 * <p>Example: a clustering c made X; then w1 made A; w2 made B and updated A (distance 0); w3 made C
 * and updated B (distance 0). The depth is 1: the plan leaves out what w3 touched, B and C, and
 * takes A and X. Had w3 updated X instead (two writes since c made it: distance 2), the depth
 * would be 3, and A, B, C and X would all be touched: then nothing is left out.
 */
public final class RecentWrites {
  private final Set<String> touched;
  private final int depth;

  private RecentWrites(Set<String> touched, int depth) {
    this.touched = touched;
    this.depth = depth;
  }

  /** Leaves nothing out: the writers have paused. */
  public static final RecentWrites PAUSED = new RecentWrites(Set.of(), 0);

  /** The intervals between the newest writes that set the writers' beat. */
  public static final int BEAT_INTERVALS = 4;

  /**
   * When the writers count as paused, in ms: twice their beat after the newest write (the beat,
   * the longest of the last {@link #BEAT_INTERVALS} intervals between {@code writeTimes}, the
   * writes' completion times in ms, any order); at the newest write when there is no interval to
   * go by; {@link Long#MIN_VALUE} with no write.
   */
  public static long pausedAt(List<Long> writeTimes) {
    if (writeTimes.isEmpty()) {
      return Long.MIN_VALUE;
    }
    List<Long> sorted = new ArrayList<>(writeTimes);
    Collections.sort(sorted);
    int n = sorted.size();
    long beat = 0;
    for (int i = Math.max(1, n - BEAT_INTERVALS); i < n; i++) {
      beat = Math.max(beat, sorted.get(i) - sorted.get(i - 1));
    }
    return sorted.get(n - 1) + 2 * beat;
  }

  /**
   * Whether the writers are active at {@code now}: a write is in flight ({@code writing}), or the
   * newest of {@code writeTimes} completed after {@code newestClustering} and they have not
   * paused ({@link #pausedAt}). Times in ms; {@link Long#MIN_VALUE} for no clustering.
   */
  public static boolean writersActive(boolean writing, List<Long> writeTimes, long newestClustering, long now) {
    if (writing) {
      return true;
    }
    if (writeTimes.isEmpty() || Collections.max(writeTimes) <= newestClustering) {
      return false;
    }
    return now < pausedAt(writeTimes);
  }

  /** One completed write: its instant, the file groups it created and those it updated. */
  public static final class Write {
    final String instant;
    final Set<String> created;
    final Set<String> updated;

    public Write(String instant, Set<String> created, Set<String> updated) {
      this.instant = instant;
      this.created = created;
      this.updated = updated;
    }
  }

  /**
   * The groups the last depth of {@code writes} (any order) touched. {@code origins} gives the
   * instant that created a group (a write or a clustering; a group missing from it is older than
   * every write). Instants compare as strings, as Hudi's do.
   */
  public static RecentWrites of(List<Write> writes, Map<String, String> origins) {
    List<Write> sorted = new ArrayList<>(writes);
    sorted.sort((a, b) -> a.instant.compareTo(b.instant));
    List<String> instants = new ArrayList<>();
    sorted.forEach(w -> instants.add(w.instant));
    Map<String, String> lastTouch = new HashMap<>();
    int depth = 0;
    for (int i = 0; i < sorted.size(); i++) {
      Write w = sorted.get(i);
      for (String id : w.updated) {
        String previous = later(origins.getOrDefault(id, ""), lastTouch.getOrDefault(id, ""));
        depth = Math.max(depth, 1 + i - writesUpTo(instants, previous));
      }
      for (String id : w.created) {
        lastTouch.put(id, w.instant);
      }
      for (String id : w.updated) {
        lastTouch.put(id, w.instant);
      }
    }
    Set<String> touched = new HashSet<>();
    for (int i = Math.max(0, sorted.size() - depth); i < sorted.size(); i++) {
      touched.addAll(sorted.get(i).created);
      touched.addAll(sorted.get(i).updated);
    }
    return new RecentWrites(touched, depth);
  }

  /** How many of the newest writes' touches the plan avoids: 0 when no write ever updated a group. */
  public int depth() {
    return depth;
  }

  /**
   * Which of a partition's file groups the plan leaves out: those the last {@link #depth()}
   * writes touched, unless that is every one of them (then none). True at index i: leave out.
   */
  public boolean[] leaveOut(List<String> fileIds) {
    boolean[] out = new boolean[fileIds.size()];
    int kept = 0;
    for (int i = 0; i < out.length; i++) {
      out[i] = touched.contains(fileIds.get(i));
      kept += out[i] ? 0 : 1;
    }
    return kept == 0 ? new boolean[fileIds.size()] : out;
  }

  private static String later(String a, String b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** The writes at or before {@code instant}. */
  private static int writesUpTo(List<String> sorted, String instant) {
    int at = Collections.binarySearch(sorted, instant);
    return at >= 0 ? at + 1 : -at - 1;
  }
}
