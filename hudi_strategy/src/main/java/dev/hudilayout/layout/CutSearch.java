package dev.hudilayout.layout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Cuts over sorted things (file cuts over curve keys, bucket cuts over a column's values, cell
 * starts over sampled rows): where equal-count cuts are taken, and the one search that finds how
 * many cuts lie below a value. Every layout places a row by that count, so all of them search
 * alike: a value equal to a cut counts it or not as the caller's {@code below} says.
 */
final class CutSearch {
  private CutSearch() {
  }

  /**
   * The number of cuts below a value, by binary search: {@code below.test(i)} says whether cut i
   * is below it, and must hold for cuts 0 to j - 1 and for no cut from j on; this returns j. With
   * cuts (10, 20, 30) and "cut &lt; value": 5 -&gt; 0, 20 -&gt; 1, 25 -&gt; 2, 31 -&gt; 3.
   */
  static int countBelow(int cuts, IntPredicate below) {
    int lo = 0;
    int hi = cuts;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (below.test(mid)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Cuts for {@code files} files of about equal counts over sorted keys: file i ends before the
   * key at i * m / files (m keys). None for no keys; 4 keys (a, b, c, d) and 2 files: (c).
   */
  static <K> List<K> atEqualCounts(List<K> sortedKeys, int files) {
    int n = Math.max(1, files);
    if (sortedKeys.isEmpty()) {
      return Collections.emptyList();
    }
    List<K> cuts = new ArrayList<>(n - 1);
    for (int i = 1; i < n; i++) {
      cuts.add(sortedKeys.get((int) ((long) i * sortedKeys.size() / n)));
    }
    return cuts;
  }
}
