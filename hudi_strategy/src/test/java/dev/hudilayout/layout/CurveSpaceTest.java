package dev.hudilayout.layout;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
