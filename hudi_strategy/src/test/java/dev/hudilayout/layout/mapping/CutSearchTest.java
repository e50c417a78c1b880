package dev.hudilayout.layout.mapping;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

  @Test
  void fileEndsMoveWithinHalfTheToleranceToTheNeighboursSharingFewestBits() {
    // 4-bit keys as ints: their shared leading bits among the low 4
    java.util.function.ToIntBiFunction<Integer, Integer> shared =
        (a, b) -> a.equals(b) ? Integer.MAX_VALUE : Integer.numberOfLeadingZeros(a ^ b) - 28;
    List<Integer> keys = List.of(0b0000, 0b0001, 0b0010, 0b0100, 0b0101, 0b0110, 0b1001, 0b1010);
    // equal counts end the first file at index 3 (0100, sharing 3 bits with 0101); within a
    // quarter file (tolerance 0.5) index 2 (0010, sharing 1 bit with 0100) is the coarser end
    assertArrayEquals(new int[] {2}, CutSearch.atFewestSharedBits(keys, 2, 0.5, shared));
    // a tolerance too small to reach a neighbour keeps the equal-count place
    assertArrayEquals(new int[] {3}, CutSearch.atFewestSharedBits(keys, 2, 0.1, shared));
    // 4 files, one key each way of places 1, 3 and 5: 0010|0100 (1 bit) beats 0001|0010 (2);
    // 0101|0110 (2) beats 0100|0101 (3); 0110|1001 (none) stays
    assertArrayEquals(new int[] {2, 4, 5}, CutSearch.atFewestSharedBits(keys, 4, 1.0, shared));
    // a window of equal keys: no end can fall between them, the place stays
    assertArrayEquals(new int[] {3}, CutSearch.atFewestSharedBits(List.of(7, 7, 7, 7, 7, 7, 7, 7), 2, 0.5, shared));
    // no keys: no ends
    assertArrayEquals(new int[0], CutSearch.atFewestSharedBits(Collections.<Integer>emptyList(), 3, 0.5, shared));
  }
}
