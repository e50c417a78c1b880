package dev.hudilayout.layout.mapping;

import dev.hudilayout.encoding.OrderedBytes;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SortedValuesTest {

  private static int naive(byte[][] sorted, byte[] v, boolean inclusive) {
    int n = 0;
    for (byte[] s : sorted) {
      int c = Arrays.compareUnsigned(s, v);
      if (c < 0 || (inclusive && c == 0)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Strings that share long prefixes (some agree on more than 16 bytes, so the search's two long
   * prefixes tie and it compares the arrays), numbers whose encodings differ only in the last
   * byte, nulls.
   */
  private static byte[] value(Random r) {
    switch (r.nextInt(5)) {
      case 3:
        return OrderedBytes.nullable(OrderedBytes.encodeString("https://example.com/shop/item/" + r.nextInt(40)));
      case 0:
        return OrderedBytes.nullable(OrderedBytes.encodeString("UNITED ST" + r.nextInt(12)));
      case 1:
        return OrderedBytes.nullable(OrderedBytes.encodeString("UNITED STATES".substring(0, 1 + r.nextInt(12))));
      case 2:
        return OrderedBytes.nullable(OrderedBytes.encodeLong(r.nextInt(300) - 20));
      default:
        return OrderedBytes.nullable(null);
    }
  }

  @Test
  void countsAsAScanOfTheArraysDoes() {
    Random r = new Random(5);
    for (int trial = 0; trial < 200; trial++) {
      List<byte[]> values = new ArrayList<>();
      int n = r.nextInt(40);
      // half the trials draw the sorted values from one kind only, so they share a long prefix
      int kind = r.nextInt(2);
      for (int i = 0; i < n; i++) {
        byte[] v = value(r);
        while (kind == 1 && v.length != values.stream().findFirst().map(x -> x.length).orElse(v.length)) {
          v = value(r);
        }
        values.add(v);
      }
      values.sort(Arrays::compareUnsigned);
      byte[][] sorted = values.toArray(new byte[0][]);
      SortedValues s = new SortedValues(sorted);
      for (int q = 0; q < 50; q++) {
        byte[] v = q % 5 == 0 && n > 0 ? sorted[r.nextInt(n)] : value(r);
        assertEquals(naive(sorted, v, true), s.count(v, true), "at or below " + Arrays.toString(v));
        assertEquals(naive(sorted, v, false), s.count(v, false), "below " + Arrays.toString(v));
      }
    }
  }
}
