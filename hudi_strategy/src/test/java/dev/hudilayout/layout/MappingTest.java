package dev.hudilayout.layout;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MappingTest {

  private static byte[] enc(long v) {
    return ValueEncoding.encode(v);
  }

  @Test
  void quantileBucketsWorkedExample() {
    // sample (10, 20, 30, 40, 50, 60), 3 buckets: cuts at 30 and 50
    List<byte[]> sorted = new ArrayList<>();
    for (long v : new long[] {10, 20, 30, 40, 50, 60}) {
      sorted.add(enc(v));
    }
    QuantileMapping m = QuantileMapping.fromSorted(sorted, 3);
    assertEquals(0, m.coordinate(enc(5)));
    assertEquals(0, m.coordinate(enc(29)));
    assertEquals(1, m.coordinate(enc(30)));
    assertEquals(1, m.coordinate(enc(49)));
    assertEquals(2, m.coordinate(enc(50)));
    assertEquals(2, m.coordinate(enc(1000)));
  }

  @Test
  void directMappingIsMonotoneAndSpreadsValuesFarFromZero() {
    // years 2000..2030 share every byte but the last: the whole 8-bit range must still be used
    RangeMapping m = new RangeMapping(enc(2000), enc(2030), 8);
    long prev = -1;
    for (long y = 1990; y <= 2040; y++) {
      long c = m.coordinate(enc(y));
      assertTrue(c >= prev, "not monotone at " + y);
      prev = c;
    }
    assertEquals(0, m.coordinate(enc(2000)));
    assertEquals(255, m.coordinate(enc(2030)));
    assertTrue(m.coordinate(enc(2015)) > 100 && m.coordinate(enc(2015)) < 155);
  }

  @Test
  void directMappingSkipsSharedStringPrefix() {
    // All values share 26 bytes, so an 8-byte prefix would give every value one coordinate. After
    // the shared prefix, digits use 10 of 256 byte values, so min/max normalisation gives about
    // 10 levels for the first digit and a few for the second: tens of coordinates, in order.
    String p = "https://shop.example/item/";
    RangeMapping m = new RangeMapping(ValueEncoding.encode(p + "000"), ValueEncoding.encode(p + "999"), 10);
    long prev = -1;
    java.util.Set<Long> distinct = new java.util.HashSet<>();
    for (int i = 0; i < 1000; i++) {
      long c = m.coordinate(ValueEncoding.encode(p + String.format("%03d", i)));
      assertTrue(c >= prev, "not monotone at " + i);
      prev = c;
      distinct.add(c);
    }
    assertTrue(distinct.size() >= 40, "only " + distinct.size() + " distinct coordinates");
    assertEquals(0, m.coordinate(ValueEncoding.encode(p + "000")));
    assertEquals(1023, m.coordinate(ValueEncoding.encode(p + "999")));
    assertEquals(0, m.coordinate(ValueEncoding.encode("a")));                 // below the prefix
    assertEquals(1023, m.coordinate(ValueEncoding.encode("zzz")));            // above it
  }

  @Test
  void fileCutsSplitTheSampleEvenly() {
    dev.hudilayout.config.LayoutSpec spec = new dev.hudilayout.config.LayoutSpec(
        Arrays.asList("a", "b"), dev.hudilayout.curve.Curve.HILBERT, dev.hudilayout.config.Mapping.SAMPLE,
        10000, 62, 42L);
    Random r = new Random(6);
    List<byte[][]> sample = new ArrayList<>();
    for (int i = 0; i < 10000; i++) {
      sample.add(new byte[][] {enc(r.nextInt(250)), enc(r.nextInt(1000))});
    }
    CurveModel model = CurveModel.build(spec, sample, 10);
    int[] perFile = new int[model.files()];
    for (byte[][] row : sample) {
      perFile[model.file(model.key(row))]++;
    }
    for (int n : perFile) {
      assertTrue(n > 800 && n < 1200, Arrays.toString(perFile));
    }
  }
}
