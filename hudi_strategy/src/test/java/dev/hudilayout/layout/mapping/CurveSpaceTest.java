package dev.hudilayout.layout.mapping;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class CurveSpaceTest {

  private static List<byte[]> plainSort(List<SampleRow> rows, int c) {
    List<byte[]> values = new ArrayList<>();
    for (SampleRow r : rows) {
      values.add(r.values[c]);
    }
    values.sort(Arrays::compareUnsigned);
    return values;
  }

  private static void assertSameValues(List<byte[]> expected, List<byte[]> actual) {
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(0, Arrays.compareUnsigned(expected.get(i), actual.get(i)), "position " + i);
    }
  }

  @Test
  void sortedColumnIsTheSortedMultisetOfTheColumnsValues() {
    Random rnd = new Random(3);
    List<SampleRow> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      byte[] few = {(byte) rnd.nextInt(7), (byte) (rnd.nextInt(2) * 200)};  // 14 values, some bytes >= 0x80
      byte[] many = new byte[] {(byte) rnd.nextInt(256), (byte) rnd.nextInt(256), (byte) rnd.nextInt(256)};
      byte[] prefixes = i % 3 == 0 ? new byte[] {1} : i % 3 == 1 ? new byte[] {1, 0} : new byte[0];
      rows.add(new SampleRow("k" + i, "f", new byte[][] {few, many, prefixes}));
    }
    for (int c = 0; c < 3; c++) {
      assertSameValues(plainSort(rows, c), CurveSpace.sortedColumn(rows, c));
    }
  }

  @Test
  void aSpaceReusesTheColumnsItSortedOnlyForTheSampleItWasBuiltFrom() {
    Random rnd = new Random(4);
    List<SampleRow> built = new ArrayList<>();
    List<SampleRow> other = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      built.add(new SampleRow("k" + i, "f", new byte[][] {{(byte) rnd.nextInt(50)}, {(byte) rnd.nextInt(9)}}));
      other.add(new SampleRow("o" + i, "f", new byte[][] {{(byte) (100 + rnd.nextInt(50))}, {(byte) rnd.nextInt(9)}}));
    }
    for (Mapping mapping : Mapping.values()) {
      LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b")).curve(Curve.HILBERT).mapping(mapping).build();
      CurveSpace space = CurveSpace.build(spec, built, null, null);
      for (int c = 0; c < 2; c++) {
        List<byte[]> first = space.sortedColumnOf(new ArrayList<>(built), c);
        assertSameValues(plainSort(built, c), first);
        assertSame(first, space.sortedColumnOf(built, c), "sorted once, " + mapping);
        // another sample of the same size (a group that sampled its own input) is sorted for itself
        assertSameValues(plainSort(other, c), space.sortedColumnOf(other, c));
        assertSameValues(plainSort(built.subList(0, 100), c), space.sortedColumnOf(built.subList(0, 100), c));
      }
    }
  }
}
