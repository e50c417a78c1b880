package dev.hudilayout.layout;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CutSearchTest {

  @Test
  void workedExample() {
    // cuts (10, 20, 30), "cut < value": 5 -> 0, 20 -> 1, 25 -> 2, 31 -> 3; "cut <= value": 20 -> 2
    long[] cuts = {10, 20, 30};
    assertEquals(0, CutSearch.countBelow(3, i -> cuts[i] < 5));
    assertEquals(1, CutSearch.countBelow(3, i -> cuts[i] < 20));
    assertEquals(2, CutSearch.countBelow(3, i -> cuts[i] < 25));
    assertEquals(3, CutSearch.countBelow(3, i -> cuts[i] < 31));
    assertEquals(2, CutSearch.countBelow(3, i -> cuts[i] <= 20));
    assertEquals(0, CutSearch.countBelow(0, i -> true));
  }

  @Test
  void matchesCountingOneByOne() {
    // sorted arrays with runs of equal cuts, searched for values on, between and beyond them
    Random rnd = new Random(7);
    for (int round = 0; round < 2000; round++) {
      long[] cuts = new long[rnd.nextInt(40)];
      for (int i = 0; i < cuts.length; i++) {
        cuts[i] = rnd.nextInt(30);
      }
      Arrays.sort(cuts);
      long value = rnd.nextInt(34) - 2;
      int below = 0;
      int atOrBelow = 0;
      for (long c : cuts) {
        below += c < value ? 1 : 0;
        atOrBelow += c <= value ? 1 : 0;
      }
      assertEquals(below, CutSearch.countBelow(cuts.length, i -> cuts[i] < value), Arrays.toString(cuts) + " " + value);
      assertEquals(atOrBelow, CutSearch.countBelow(cuts.length, i -> cuts[i] <= value));
    }
  }

  @Test
  void equalCountCuts() {
    // 4 keys, 2 files: the second file starts at the key at 1 * 4 / 2 = 2
    assertEquals(List.of("c"), CutSearch.atEqualCounts(List.of("a", "b", "c", "d"), 2));
    // 10 keys, 3 files: keys at 10 / 3 = 3 and 20 / 3 = 6
    List<Integer> ten = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertEquals(List.of(3, 6), CutSearch.atEqualCounts(ten, 3));
    // one file, or 0 asked: no cut; no keys: no cut whatever the files
    assertEquals(Collections.emptyList(), CutSearch.atEqualCounts(ten, 1));
    assertEquals(Collections.emptyList(), CutSearch.atEqualCounts(ten, 0));
    assertEquals(Collections.emptyList(), CutSearch.atEqualCounts(Collections.<Integer>emptyList(), 5));
    // more files than keys: cuts repeat keys, so some files stay empty
    assertEquals(List.of(0, 1, 1, 2), CutSearch.atEqualCounts(List.of(0, 1, 2), 5));
  }
}
