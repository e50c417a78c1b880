package dev.hudilayout.layout.sample;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleAllotmentTest {

  @Test
  void oneGroupGetsTheConfiguredSize() {
    assertArrayEquals(new int[] {200_000}, SampleAllotment.of(new long[] {6_000_000}, new int[] {4000}, 200_000));
    assertArrayEquals(new int[] {5_000}, SampleAllotment.of(new long[] {5_000}, new int[] {4}, 200_000));
  }

  @Test
  void aPartitionOfAThousandthGetsRowsForEachOfItsFiles() {
    // 1000 partitions of 4 files: a proportional share is 200 rows, 50 a file; each gets 64 a file
    long[] rows = new long[1000];
    int[] files = new int[1000];
    Arrays.fill(rows, 6_000);
    Arrays.fill(files, 4);
    int[] k = SampleAllotment.of(rows, files, 200_000);
    for (int g : k) {
      assertEquals(256, g);
    }
  }

  @Test
  void unevenPartitionsEachGetTheirOwn() {
    // one partition of 99% of the rows, and 100 of 100 rows each
    long[] rows = new long[101];
    int[] files = new int[101];
    rows[0] = 990_000;
    files[0] = 100;
    for (int g = 1; g <= 100; g++) {
      rows[g] = 100;
      files[g] = 1;
    }
    int[] k = SampleAllotment.of(rows, files, 10_000);
    assertTrue(k[0] >= 9_900, "the large partition keeps its share: " + k[0]);
    for (int g = 1; g <= 100; g++) {
      assertEquals(64, k[g], "a small partition gets 64 rows for its one file, not its share of 1");
    }
    // a partition of fewer rows than its floor is sampled whole
    assertArrayEquals(new int[] {1000, 10}, SampleAllotment.of(new long[] {1_000_000, 10}, new int[] {10, 2}, 1000));
  }

  @Test
  void theFloorsAddAtMostTheConfiguredSize() {
    // 10,000 groups of 100 files: the floors would want 64 x 10^6 rows
    long[] rows = new long[10_000];
    int[] files = new int[10_000];
    Arrays.fill(rows, 1_000_000);
    Arrays.fill(files, 100);
    int[] k = SampleAllotment.of(rows, files, 200_000);
    long total = Arrays.stream(k).asLongStream().sum();
    assertTrue(total <= 2 * 200_000 + k.length, "total " + total);
    assertEquals(40, k[0]); // 20 a share and 20 of the extras
  }

  private static List<SampleRow> rows(String prefix, int n) {
    List<SampleRow> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new SampleRow(prefix + i, prefix, new byte[0][]));
    }
    return out;
  }

  @Test
  void eachGroupKeepsItsOwnBottomKAndTheLowestAreTheWholeInputsSample() {
    List<SampleRow> big = rows("big-", 20_000);
    List<SampleRow> small = rows("small-", 300);
    int[] sizes = SampleAllotment.of(new long[] {20_000, 300}, new int[] {10, 2}, 1000);
    assertArrayEquals(new int[] {986, 128}, sizes);
    GroupedSample grouped = new GroupedSample(sizes, new long[] {20_000, 300}, 42L);
    GroupedSample other = new GroupedSample(sizes, new long[] {20_000, 300}, 42L);
    for (int i = 0; i < big.size(); i++) {
      (i % 2 == 0 ? grouped : other).add(0, big.get(i));
    }
    for (SampleRow r : small) {
      other.add(1, r);
    }
    grouped.merge(other);
    assertArrayEquals(sizes, grouped.sizes());
    // each group's rows are exactly the bottom-k of its own rows
    BottomKSample smallAlone = new BottomKSample(128, 42L);
    small.forEach(smallAlone::add);
    assertEquals(keys(smallAlone.rows()), keys(grouped.rowsOf(1)));
    // the lowest of both groups are the first rows of the sample one BottomKSample of the whole input takes
    BottomKSample whole = new BottomKSample(1000, 42L);
    big.forEach(whole::add);
    small.forEach(whole::add);
    List<String> lowest = keys(grouped.lowest(1000));
    assertTrue(lowest.size() >= 950 && lowest.size() <= 1000, "uniform rows: " + lowest.size());
    assertEquals(keys(whole.rows()).subList(0, lowest.size()), lowest);
    assertTrue(lowest.stream().anyMatch(k -> k.startsWith("small-")));
    assertEquals(986 + 128, grouped.rows().size());
    Set<String> all = new HashSet<>(keys(grouped.rows()));
    assertTrue(all.containsAll(keys(grouped.lowest(1000))));
  }

  @Test
  void aPlanOfOneGroupSamplesAsOneSampleDoes() {
    List<SampleRow> input = rows("key-", 5000);
    int[] sizes = SampleAllotment.of(new long[] {5000}, new int[] {40}, 1000);
    GroupedSample grouped = new GroupedSample(sizes, new long[] {5000}, 42L);
    BottomKSample one = new BottomKSample(1000, 42L, BottomKSample.admissionThreshold(1000, 5000));
    for (SampleRow r : input) {
      grouped.add(0, r);
      one.add(r);
    }
    assertEquals(keys(one.rows()), keys(grouped.rows()));
    assertEquals(keys(one.rows()), keys(grouped.lowest(1000)));
  }

  private static List<String> keys(List<SampleRow> rows) {
    return rows.stream().map(r -> r.recordKey).collect(Collectors.toList());
  }
}
