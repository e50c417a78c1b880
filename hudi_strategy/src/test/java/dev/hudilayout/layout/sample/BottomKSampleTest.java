package dev.hudilayout.layout.sample;

import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BottomKSampleTest {

  private static List<String> keys(BottomKSample s) {
    return s.rows().stream().map(r -> r.recordKey).sorted(Comparator.naturalOrder()).collect(Collectors.toList());
  }

  private static BottomKSample sample(int n, int k, long admit, int partitions) {
    BottomKSample total = new BottomKSample(k, 42L, admit);
    for (int p = 0; p < partitions; p++) {
      BottomKSample part = new BottomKSample(k, 42L, admit);
      for (int i = p; i < n; i += partitions) {
        part.add(new SampleRow("key-" + i, "f", new byte[0][]));
      }
      total.merge(part);
    }
    return total;
  }

  @Test
  void sizeIsExactAndIndependentOfPartitioning() {
    BottomKSample one = sample(50_000, 1000, Long.MAX_VALUE, 1);
    BottomKSample many = sample(50_000, 1000, Long.MAX_VALUE, 37);
    assertEquals(1000, one.rows().size());
    assertEquals(keys(one), keys(many));
  }

  @Test
  void admissionThresholdKeepsTheExactSample() {
    BottomKSample exact = sample(200_000, 2000, Long.MAX_VALUE, 16);
    BottomKSample thresholded = sample(200_000, 2000, BottomKSample.admissionThreshold(2000, 200_000), 16);
    assertEquals(keys(exact), keys(thresholded));
  }

  @Test
  void rowsComeInTheSameOrderWhateverOrderTheyWereAddedIn() {
    // The plan lists its files in the order of their random ids, so the same rows reach the
    // sample in another order on every run: the sample's order must not follow it.
    BottomKSample forward = new BottomKSample(300, 42L);
    BottomKSample backward = new BottomKSample(300, 42L);
    for (int i = 0; i < 5000; i++) {
      forward.add(new SampleRow("key-" + i, "f", new byte[0][]));
      backward.add(new SampleRow("key-" + (4999 - i), "f", new byte[0][]));
    }
    List<String> a = forward.rows().stream().map(r -> r.recordKey).collect(Collectors.toList());
    List<String> b = backward.rows().stream().map(r -> r.recordKey).collect(Collectors.toList());
    assertEquals(300, a.size());
    assertEquals(a, b);
    assertEquals(a, sample(5000, 300, Long.MAX_VALUE, 7).rows().stream().map(r -> r.recordKey)
        .collect(Collectors.toList()));
  }

  @Test
  void equalPrioritiesGiveTheSameSampleInAnyMergeOrder() {
    // Every key made of "Aa"/"BB" blocks has the same String.hashCode and length, hence the same
    // priority: 16 keys, two partial samples of 8, k = 5. The merged sample must not depend on
    // which partial reached the driver first.
    List<String> all = new java.util.ArrayList<>();
    for (int i = 0; i < 16; i++) {
      StringBuilder sb = new StringBuilder();
      for (int b = 3; b >= 0; b--) {
        sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
      }
      all.add(sb.toString());
    }
    assertEquals(1, all.stream().map(String::hashCode).distinct().count());
    BottomKSample first = new BottomKSample(5, 42L);
    BottomKSample second = new BottomKSample(5, 42L);
    for (int i = 0; i < 16; i++) {
      (i % 2 == 0 ? first : second).add(new SampleRow(all.get(i), "f", new byte[0][]));
    }
    BottomKSample ab = new BottomKSample(5, 42L).merge(first).merge(second);
    BottomKSample ba = new BottomKSample(5, 42L).merge(second).merge(first);
    assertEquals(keys(ab), keys(ba));
    assertEquals(all.stream().sorted().limit(5).collect(Collectors.toList()), keys(ab));
  }

  @Test
  void thresholdAdmitsLittleMoreThanK() {
    long admit = BottomKSample.admissionThreshold(1000, 100_000);
    int passed = 0;
    for (int i = 0; i < 100_000; i++) {
      if (RowHash.of("key-" + i, 42L) < admit) {
        passed++;
      }
    }
    // expected 1000 + 8 sqrt(1000) + 16 = 1269, standard deviation about 35
    assertTrue(passed > 1100 && passed < 1400, "passed " + passed);
    assertEquals(Long.MAX_VALUE, BottomKSample.admissionThreshold(1000, 500));
  }
}
