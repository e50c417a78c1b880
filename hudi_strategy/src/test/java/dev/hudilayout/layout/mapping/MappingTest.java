package dev.hudilayout.layout.mapping;

import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.placement.CurvePlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.RowHash;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.spark.ValueEncoding;

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
    assertEquals(0, m.coordinate(enc(5), 0L));
    assertEquals(0, m.coordinate(enc(29), 0L));
    assertEquals(1, m.coordinate(enc(30), 0L));
    assertEquals(1, m.coordinate(enc(49), 0L));
    assertEquals(2, m.coordinate(enc(50), 0L));
    assertEquals(2, m.coordinate(enc(1000), 0L));
  }

  @Test
  void directMappingIsMonotoneAndSpreadsValuesFarFromZero() {
    // years 2000..2030 share every byte but the last: the whole 8-bit range must still be used
    RangeMapping m = new RangeMapping(enc(2000), enc(2030), 8);
    long prev = -1;
    for (long y = 1990; y <= 2040; y++) {
      long c = m.coordinate(enc(y), 0L);
      assertTrue(c >= prev, "not monotone at " + y);
      prev = c;
    }
    assertEquals(0, m.coordinate(enc(2000), 0L));
    assertEquals(255, m.coordinate(enc(2030), 0L));
    assertTrue(m.coordinate(enc(2015), 0L) > 100 && m.coordinate(enc(2015), 0L) < 155);
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
      long c = m.coordinate(ValueEncoding.encode(p + String.format("%03d", i)), 0L);
      assertTrue(c >= prev, "not monotone at " + i);
      prev = c;
      distinct.add(c);
    }
    assertTrue(distinct.size() >= 40, "only " + distinct.size() + " distinct coordinates");
    assertEquals(0, m.coordinate(ValueEncoding.encode(p + "000"), 0L));
    assertEquals(1023, m.coordinate(ValueEncoding.encode(p + "999"), 0L));
    assertEquals(0, m.coordinate(ValueEncoding.encode("a"), 0L));                 // below the prefix
    assertEquals(1023, m.coordinate(ValueEncoding.encode("zzz"), 0L));            // above it
  }

  @Test
  void directMappingRangeIgnoresNullsInTheSample() {
    // values 0..999 and some nulls, one column (20 bits, the key is the coordinate): the values
    // must span the whole range; nulls go to 0 with the smallest value. Were the null (0x00) the
    // minimum, min and max would share no prefix byte, the 8-byte window would start at the
    // marker and cut a long's 9-byte encoding short: every value from 0 to 999 became 2^20 - 1.
    dev.hudilayout.layout.LayoutSpec spec = dev.hudilayout.layout.LayoutSpec.builder(Arrays.asList("a"))
        .curve(Curve.ZORDER).mapping(Mapping.DIRECT).sampleSize(2000)
        .aligned(false).build();
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      sample.add(new SampleRow("k" + i, "f", new byte[][] {enc(i)}));
      if (i % 10 == 0) {
        sample.add(new SampleRow("n" + i, "f", new byte[][] {ValueEncoding.encode(null)}));
      }
    }
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    long top = (1L << 20) - 1;
    assertEquals(0L, space.key(new byte[][] {ValueEncoding.encode(null)}, "n", null));
    assertEquals(0L, space.key(new byte[][] {enc(0)}, "k", null));
    assertEquals(top, space.key(new byte[][] {enc(999)}, "k", null));
    long mid = (Long) space.key(new byte[][] {enc(500)}, "k", null);
    assertTrue(Math.abs(mid - top / 2) < top / 100, "500 of 0..999 at " + mid);
  }

  @Test
  void heavyValueSpreadsOverItsBucketsByRecordKey() {
    // sample (1, 7, 7, 7, 7, 9), 6 buckets: cuts (7, 7, 7, 7, 9); 7 owns buckets 1 to 4
    List<byte[]> sorted = new ArrayList<>();
    for (long v : new long[] {1, 7, 7, 7, 7, 9}) {
      sorted.add(enc(v));
    }
    QuantileMapping m = QuantileMapping.fromSorted(sorted, 6);
    java.util.Set<Long> seen = new java.util.TreeSet<>();
    for (int i = 0; i < 1000; i++) {
      long h = RowHash.of("key-" + i, 0);
      long c = m.coordinate(enc(7), h);
      assertEquals(c, m.coordinate(enc(7), h)); // same row, same bucket
      seen.add(c);
    }
    assertEquals(new java.util.TreeSet<>(Arrays.asList(1L, 2L, 3L, 4L)), seen);
    assertEquals(0, m.coordinate(enc(1), 123L));
    assertEquals(5, m.coordinate(enc(9), 123L));
  }

  @Test
  void sampleMappingPutsTheFinestColumnsBucketsOneCoordinateApartAndTheOthersAtWholeMultiples() {
    // 1000 brands and 250 cities need 10 bits; the brands take coordinates 0..999 and the cities
    // every 4th of them (the whole 10-bit axis would put brands 1 or 2 apart and cities 4 or 5)
    dev.hudilayout.layout.LayoutSpec spec = dev.hudilayout.layout.LayoutSpec.builder(Arrays.asList("city", "brand"))
        .curve(Curve.HILBERT).mapping(Mapping.SAMPLE).sampleSize(20000)
        .aligned(false).build();
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 20000; i++) {
      sample.add(new SampleRow("k" + i, "f", new byte[][] {enc(i % 250), enc(i % 1000)}));
    }
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    assertEquals(10, space.bitsPerColumn());
    for (int v = 0; v < 1000; v++) {
      assertEquals(v, space.mapping(1).coordinate(enc(v), 0L), "brand " + v);
    }
    for (int v = 0; v < 250; v++) {
      assertEquals(4L * v, space.mapping(0).coordinate(enc(v), 0L), "city " + v);
    }
  }

  @Test
  void fileCutsSplitTheSampleWithinTheTolerance() {
    dev.hudilayout.layout.LayoutSpec spec = dev.hudilayout.layout.LayoutSpec.builder(Arrays.asList("a", "b"))
        .curve(Curve.HILBERT).mapping(Mapping.SAMPLE).sampleSize(10000)
        .aligned(false).build();
    Random r = new Random(6);
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 10000; i++) {
      sample.add(new SampleRow("k" + i, "f", new byte[][] {enc(r.nextInt(250)), enc(r.nextInt(1000))}));
    }
    Placement model = CurvePlacement.fromSample(CurveSpace.build(spec, sample, null, null), sample, 10, null,
        spec.alignedTolerance());
    int[] perFile = new int[10];
    for (SampleRow row : sample) {
      perFile[model.file(model.key(row.values, row.recordKey))]++;
    }
    for (int n : perFile) {
      assertTrue(n >= 750 && n <= 1250, Arrays.toString(perFile));  // 1000 each, within 0.25
    }
  }

  @Test
  void manyColumnsUseByteKeysInCurveOrder() {
    dev.hudilayout.layout.LayoutSpec spec = dev.hudilayout.layout.LayoutSpec.builder(
        Arrays.asList("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"))
        .curve(Curve.ZORDER).mapping(Mapping.DIRECT).sampleSize(1000)
        .aligned(false).build();
    Random r = new Random(7);
    List<SampleRow> sample = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      byte[][] v = new byte[12][];
      for (int c = 0; c < 12; c++) {
        v[c] = enc(r.nextInt(256));
      }
      sample.add(new SampleRow("k" + i, "f", v));
    }
    CurveSpace space = CurveSpace.build(spec, sample, null, null);
    assertEquals(8, space.bitsPerColumn());
    assertTrue(!space.longKeys());
    Object key = space.key(sample.get(0).values, "k0", null);
    assertTrue(key instanceof UnsignedBytesKey);
    Placement model = CurvePlacement.fromSample(space, sample, 4, null, spec.alignedTolerance());
    int[] perFile = new int[4];
    for (SampleRow row : sample) {
      perFile[model.file(model.key(row.values, row.recordKey))]++;
    }
    for (int n : perFile) {
      assertTrue(n >= 187 && n <= 313, Arrays.toString(perFile));  // 250 each, within 0.25
    }
  }
}
