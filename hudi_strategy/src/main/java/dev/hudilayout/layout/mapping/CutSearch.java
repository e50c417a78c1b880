package dev.hudilayout.layout.mapping;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.ToIntBiFunction;

/**
 * Cuts over sorted things (file cuts over curve keys, bucket cuts over a column's values, cell
 * starts over sampled rows): where equal-count cuts are taken, where a file's end moves within the
 * tolerance to end a block of the curve, and the one search that finds how many cuts lie below a
 * value. Every layout places a row by that count, so all of them search alike: a value equal to a
 * cut counts it or not as the caller's {@code below} says.
 */
public final class CutSearch {
  private CutSearch() {
  }

  /**
   * The number of cuts below a value, by binary search: {@code below.test(i)} says whether cut i
   * is below it, and must hold for cuts 0 to j - 1 and for no cut from j on; this returns j. With
   * cuts (10, 20, 30) and "cut &lt; value": 5 -&gt; 0, 20 -&gt; 1, 25 -&gt; 2, 31 -&gt; 3.
   */
  public static int countBelow(int cuts, IntPredicate below) {
    int low = 0;
    int high = cuts;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (below.test(mid)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * Cuts for {@code files} files of about equal counts over sorted keys: file i ends before the
   * key at i * m / files (m keys). None for no keys; 4 keys (a, b, c, d) and 2 files: (c).
   */
  public static <K> List<K> atEqualCounts(List<K> sortedKeys, int files) {
    int fileCount = Math.max(1, files);
    if (sortedKeys.isEmpty()) {
      return Collections.emptyList();
    }
    List<K> cuts = new ArrayList<>(fileCount - 1);
    for (int i = 1; i < fileCount; i++) {
      cuts.add(sortedKeys.get((int) ((long) i * sortedKeys.size() / fileCount)));
    }
    return cuts;
  }

  /**
   * Where {@code files} files end over sorted keys when each end may move up to
   * {@code tolerance / 2} of a file from its equal-count place ({@link #atEqualCounts}): to the
   * neighbouring keys that share the fewest leading bits ({@code sharedBits}), the nearest such
   * pair on a tie. Each file then holds between 1 - tolerance and 1 + tolerance of the target.
   * Returns, per end, the index of the file's last key; an end whose window holds only equal keys
   * stays at its equal-count place. Over the 4-bit keys (0000, 0001, 0010, 0100, 0101, 0110, 1001,
   * 1010), 2 files and tolerance 0.5, the first file's last key moves from index 3 (0100, which
   * shares 3 bits with the next key) to index 2 (0010, which shares 1): files of 3 and 5 keys.
   */
  public static <K> int[] atFewestSharedBits(List<K> sortedKeys, int files, double tolerance,
                                      ToIntBiFunction<K, K> sharedBits) {
    int fileCount = Math.max(1, files);
    int keyCount = sortedKeys.size();
    if (keyCount == 0) {
      return new int[0];
    }
    int[] ends = new int[fileCount - 1];
    int reach = (int) Math.floor(tolerance / 2 * keyCount / fileCount);
    int previous = -1;
    for (int i = 1; i < fileCount; i++) {
      int place = Math.max(0, (int) ((long) i * keyCount / fileCount) - 1);
      ends[i - 1] = fewestSharedBitsNear(sortedKeys, place, Math.max(previous + 1, place - reach),
          Math.min(keyCount - 2, place + reach), sharedBits);
      previous = Math.max(previous, ends[i - 1]);
    }
    return ends;
  }

  /**
   * The index in [first, last] whose keys at it and after it share the fewest leading bits, the one nearest
   * {@code place} on a tie; {@code place} itself when the range is empty or holds only equal keys.
   */
  public static <K> int fewestSharedBitsNear(List<K> sortedKeys, int place, int first, int last,
                                      ToIntBiFunction<K, K> sharedBits) {
    int best = place;
    int fewest = Integer.MAX_VALUE;
    for (int candidate = first; candidate <= last; candidate++) {
      int shared = sharedBits.applyAsInt(sortedKeys.get(candidate), sortedKeys.get(candidate + 1));
      if (shared < fewest || (shared == fewest && Math.abs(candidate - place) < Math.abs(best - place))) {
        fewest = shared;
        best = candidate;
      }
    }
    return best;
  }
}
