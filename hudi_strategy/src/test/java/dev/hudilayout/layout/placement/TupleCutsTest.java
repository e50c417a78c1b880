package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.spark.ValueEncoding;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TupleCutsTest {

  private static byte[][] tuple(Object... values) {
    byte[][] out = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      out[i] = ValueEncoding.encode(values[i]);
    }
    return out;
  }

  private static SampleRow row(Object... values) {
    return new SampleRow("k", "f", tuple(values));
  }

  @Test
  void workedExample() {
    // sample (1, a), (1, b), (2, a), (3, c), 2 files: the cut is (2, a)
    TupleCuts cuts = TupleCuts.fromSample(
        Arrays.asList(row(3L, "c"), row(1L, "b"), row(2L, "a"), row(1L, "a")), 2);
    assertEquals(0, cuts.file(tuple(1L, "z")));
    assertEquals(0, cuts.file(tuple(2L, "a")));   // equal to the cut: the lower file, as the curve placements
    assertEquals(1, cuts.file(tuple(2L, "b")));
    assertEquals(1, cuts.file(tuple(9L, "a")));
    assertEquals(0, cuts.file(tuple(null, "z")));  // nulls first
  }

  @Test
  void equalCountsWhateverTheSampleOrder() {
    Random r = new Random(11);
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      sample.add(row((long) r.nextInt(20), "s" + r.nextInt(1000)));
    }
    TupleCuts cuts = TupleCuts.fromSample(sample, 8);
    List<SampleRow> shuffled = new ArrayList<>(sample);
    Collections.shuffle(shuffled, new Random(12));
    TupleCuts again = TupleCuts.fromSample(shuffled, 8);
    int[] perFile = new int[8];
    for (SampleRow s : sample) {
      int f = cuts.file(s.values);
      assertEquals(f, again.file(s.values));
      perFile[f]++;
    }
    for (int n : perFile) {
      assertTrue(n > 1000 && n < 1500, Arrays.toString(perFile));
    }
  }

  @Test
  void emptySampleMakesOneFile() {
    TupleCuts cuts = TupleCuts.fromSample(Collections.emptyList(), 4);
    assertEquals(0, cuts.file(tuple(5L)));
  }
}
