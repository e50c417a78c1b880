package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files cut along the curve ({@link CurvePlacement}, aligned=false): each end moves within half
 * the tolerance of a file to where the curve leaves the largest block of key space, and is set at
 * that block's end.
 */
class CurveCutsTest {

  @Test
  void aBlockEndKeepsTheSharedBitsAndTheNextBitAndSetsTheRest() {
    // 0100 and 1000 first differ at bit 60 (of 64): 0100's block is 0100..0111
    assertEquals(60, CurvePlacement.sharedBits(4L, 8L));
    assertEquals(7L, CurvePlacement.blockEnd(4L, 60));
    assertEquals(Integer.MAX_VALUE, CurvePlacement.sharedBits(9L, 9L));
    assertEquals(9L, CurvePlacement.blockEnd(9L, Integer.MAX_VALUE));
    // bytes: 0x30 and 0x38 in the second byte first differ at bit 8 + 4
    UnsignedBytesKey a = new UnsignedBytesKey(new byte[] {0x12, 0x30, 0x00});
    UnsignedBytesKey b = new UnsignedBytesKey(new byte[] {0x12, 0x38, 0x00});
    assertEquals(12, CurvePlacement.sharedBits(a, b));
    UnsignedBytesKey end = (UnsignedBytesKey) CurvePlacement.blockEnd(a, 12);
    assertArrayEquals(new byte[] {0x12, 0x37, (byte) 0xFF}, end.bytes());
    assertTrue(a.compareTo(end) < 0 && end.compareTo(b) < 0);
  }

  @Test
  void filesEndingOnCurveBlocksStayWithinTheToleranceAndAreReadLess() {
    List<SampleRow> rows = PointQueries.uniform(24_000, 3, 5);
    int files = 64;
    for (Curve curve : new Curve[] {Curve.HILBERT, Curve.ZORDER}) {
      LayoutSpec spec = LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(curve).mapping(Mapping.SAMPLE)
          .sampleSize(rows.size()).aligned(false).build();
      CurveSpace space = CurveSpace.build(spec, rows, null, null);
      double[] read = new double[2];
      double[] tolerances = {1e-9, spec.alignedTolerance()};
      for (int t = 0; t < 2; t++) {
        PointQueries q = new PointQueries(CurvePlacement.fromSample(space, rows, files, null, tolerances[t]), rows);
        assertEquals(files, q.files.size());
        double target = (double) rows.size() / files;
        for (List<SampleRow> f : q.files.values()) {
          // the sample is every row: each file holds its share within the tolerance
          assertTrue(Math.abs(f.size() - target) <= tolerances[t] * target + 1, curve + " " + f.size());
        }
        for (int c = 0; c < 3; c++) {
          read[t] += q.averageFiles(c, 400, 11 + c) / 3;
        }
      }
      System.out.printf("%s: files per point query, equal counts %.2f, on curve blocks %.2f%n", curve, read[0], read[1]);
      assertTrue(read[1] < 0.95 * read[0], curve + " " + Arrays.toString(read));
    }
  }
}
