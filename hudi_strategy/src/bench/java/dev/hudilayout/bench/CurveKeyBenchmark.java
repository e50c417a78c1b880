package dev.hudilayout.bench;

import dev.hudilayout.curve.HilbertCurve;
import dev.hudilayout.curve.ZOrderCurve;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.LongSupplier;
import org.apache.hudi.common.util.BinaryUtil;
import org.apache.hudi.optimize.HilbertCurveUtils;
import org.davidmoten.hilbert.SmallHilbertCurve;

/**
 * The encoder micro-benchmark of BENCHMARK.md: nanoseconds per curve key for 2, 3, 4 and 8
 * columns, z-order and Hilbert, ours against Hudi's built-in code in the same JVM run, single
 * thread. Prints its inputs and a Markdown table.
 *
 * <pre>
 *   java -cp target/classes:hudi-spark3.5-bundle_2.12-1.2.0.jar \
 *       dev.hudilayout.bench.CurveKeyBenchmark [keys=200000] [rounds=7]
 * </pre>
 *
 * <p>Every variant gets the same points: d coordinates below 2^b with b = floor(63 / d), the
 * widest that fits our long key. Hudi's built-in runs as Hudi calls it during clustering: z-order
 * turns each column into 8 bytes ({@code BinaryUtil.longTo8Byte}) and interleaves them
 * ({@code BinaryUtil.interleaving(bytes, 8)}); Hilbert asks the davidmoten library for a 63-bit
 * curve ({@code HilbertCurve.bits(63).dimensions(d)}) and pads the BigInteger index to 63 bytes
 * ({@code HilbertCurveUtils.indexBytes(curve, coords, 63)}). Our byte forms run at the same width
 * (64 and 63 bits per column) for a like-for-like row, and the davidmoten library's own long
 * curve at b bits is shown as well.
 *
 * <p>Each variant has its own loop (so the key function is inlined, not called through an
 * interface), runs {@code rounds} untimed warm-up passes and then {@code rounds} timed passes over
 * all keys, and reports the median pass. Results are folded into an XOR that is printed, so the JIT
 * cannot drop the work.
 */
public final class CurveKeyBenchmark {
  private static final long SEED = 42L;
  private static final int[] COLUMNS = {2, 3, 4, 8};
  private static final int HUDI_HILBERT_BITS = 63;
  private static final int HUDI_ZORDER_BYTES_PER_COLUMN = 8;
  private static final int CHECKED_KEYS = 1000;

  private CurveKeyBenchmark() {}

  public static void main(String[] args) {
    int keys = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    System.out.printf(Locale.ROOT,
        "Curve key benchmark: keys=%d rounds=%d (after %d warm-up rounds) seed=%d%n"
            + "java=%s (%s), single thread, median round%n%n",
        keys, rounds, rounds, SEED, System.getProperty("java.version"),
        System.getProperty("java.vm.name"));

    List<String> rows = new ArrayList<>();
    for (int d : COLUMNS) {
      int bits = 63 / d;
      long[][] points = randomPoints(keys, d, bits);
      crossCheck(points, bits);

      double hudiZ = measure(rounds, keys, () -> hudiZOrder(points));
      double oursZLong = measure(rounds, keys, () -> oursZOrderLong(points, bits));
      double oursZBytes = measure(rounds, keys, () -> oursZOrderBytes(points, 64));
      rows.add(row("z-order", d, "Hudi BinaryUtil.interleaving", "64", "byte[" + 8 * d + "]",
          hudiZ, hudiZ));
      rows.add(row("z-order", d, "ours ZOrderCurve.index", String.valueOf(bits), "long",
          oursZLong, hudiZ));
      rows.add(row("z-order", d, "ours ZOrderCurve.indexBytes", "64", "byte[" + 8 * d + "]",
          oursZBytes, hudiZ));

      double hudiH = measure(rounds, keys, () -> hudiHilbert(points));
      double oursHLong = measure(rounds, keys, () -> oursHilbertLong(points, bits));
      double oursHBytes = measure(rounds, keys, () -> oursHilbertBytes(points, HUDI_HILBERT_BITS));
      double smallH = measure(rounds, keys, () -> davidmotenSmallHilbert(points, bits));
      int hilbertBytes = (d * HUDI_HILBERT_BITS + 7) / 8;
      rows.add(row("hilbert", d, "Hudi HilbertCurveUtils.indexBytes", "63", "byte[63]",
          hudiH, hudiH));
      rows.add(row("hilbert", d, "ours HilbertCurve.index", String.valueOf(bits), "long",
          oursHLong, hudiH));
      rows.add(row("hilbert", d, "ours HilbertCurve.indexBytes", "63",
          "byte[" + hilbertBytes + "]", oursHBytes, hudiH));
      rows.add(row("hilbert", d, "davidmoten SmallHilbertCurve.index", String.valueOf(bits),
          "long", smallH, hudiH));
    }

    System.out.println("| curve | columns | implementation | bits/column | key | ns/key | "
        + "Mkeys/s | Hudi/this |");
    System.out.println("|---|---:|---|---:|---|---:|---:|---:|");
    rows.forEach(System.out::println);
    System.out.printf(Locale.ROOT, "%nKeys of the first %d points per column count were equal to "
        + "Hudi's (z-order, Hilbert at 63 bits) and davidmoten's (Hilbert at b bits). "
        + "(blackhole %d)%n", CHECKED_KEYS, sink);
  }

  /** Sums every pass result so the JIT must compute it. */
  private static long sink;

  private static String row(String curve, int d, String impl, String bits, String key,
      double nsPerKey, double hudiNsPerKey) {
    return String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %.1f | %.1f | %.1fx |",
        curve, d, impl, bits, key, nsPerKey, 1e3 / nsPerKey, hudiNsPerKey / nsPerKey);
  }

  private static long[][] randomPoints(int keys, int d, int bits) {
    Random random = new Random(SEED + d);
    long[][] points = new long[keys][d];
    for (long[] p : points) {
      for (int i = 0; i < d; i++) {
        p[i] = random.nextLong() >>> (64 - bits);
      }
    }
    return points;
  }

  /** Same points, same keys: our byte forms must equal Hudi's before their speeds mean anything. */
  private static void crossCheck(long[][] points, int bits) {
    int d = points[0].length;
    org.davidmoten.hilbert.HilbertCurve curve =
        org.davidmoten.hilbert.HilbertCurve.bits(HUDI_HILBERT_BITS).dimensions(d);
    SmallHilbertCurve small = org.davidmoten.hilbert.HilbertCurve.small().bits(bits).dimensions(d);
    long[] flipped = new long[d];
    for (int k = 0; k < Math.min(CHECKED_KEYS, points.length); k++) {
      long[] p = points[k];
      // Hudi flips the sign bit of each column (longTo8Byte) before interleaving.
      for (int i = 0; i < d; i++) {
        flipped[i] = p[i] ^ Long.MIN_VALUE;
      }
      check(Arrays.equals(hudiZOrderKey(p), ZOrderCurve.indexBytes(flipped, 64)), "z-order", p);
      BigInteger ours = new BigInteger(1, HilbertCurve.indexBytes(p, HUDI_HILBERT_BITS))
          .shiftRight(8 * ((d * HUDI_HILBERT_BITS + 7) / 8) - d * HUDI_HILBERT_BITS);
      check(ours.equals(curve.index(p)), "Hilbert (63 bits)", p);
      check(HilbertCurve.index(p, bits) == small.index(p), "Hilbert (" + bits + " bits)", p);
    }
  }

  private static void check(boolean same, String what, long[] point) {
    if (!same) {
      throw new IllegalStateException(what + " keys differ from Hudi's at " + Arrays.toString(point));
    }
  }

  private static double measure(int rounds, int keys, LongSupplier pass) {
    for (int r = 0; r < rounds; r++) {
      sink += pass.getAsLong();
    }
    long[] nanos = new long[rounds];
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      sink += pass.getAsLong();
      nanos[r] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    return (double) nanos[rounds / 2] / keys;
  }

  private static byte[] hudiZOrderKey(long[] p) {
    byte[][] columns = new byte[p.length][];
    for (int i = 0; i < p.length; i++) {
      columns[i] = BinaryUtil.longTo8Byte(p[i]);
    }
    return BinaryUtil.interleaving(columns, HUDI_ZORDER_BYTES_PER_COLUMN);
  }

  private static long hudiZOrder(long[][] points) {
    long acc = 0;
    for (long[] p : points) {
      acc ^= fold(hudiZOrderKey(p));
    }
    return acc;
  }

  private static long oursZOrderLong(long[][] points, int bits) {
    long acc = 0;
    for (long[] p : points) {
      acc ^= ZOrderCurve.index(p, bits);
    }
    return acc;
  }

  private static long oursZOrderBytes(long[][] points, int bits) {
    long acc = 0;
    for (long[] p : points) {
      acc ^= fold(ZOrderCurve.indexBytes(p, bits));
    }
    return acc;
  }

  private static long hudiHilbert(long[][] points) {
    org.davidmoten.hilbert.HilbertCurve curve =
        org.davidmoten.hilbert.HilbertCurve.bits(HUDI_HILBERT_BITS).dimensions(points[0].length);
    long acc = 0;
    for (long[] p : points) {
      acc ^= fold(HilbertCurveUtils.indexBytes(curve, p, HUDI_HILBERT_BITS));
    }
    return acc;
  }

  private static long oursHilbertLong(long[][] points, int bits) {
    long[] scratch = new long[points[0].length];
    long acc = 0;
    for (long[] p : points) {
      acc ^= HilbertCurve.index(p, bits, scratch);
    }
    return acc;
  }

  private static long oursHilbertBytes(long[][] points, int bits) {
    long acc = 0;
    for (long[] p : points) {
      acc ^= fold(HilbertCurve.indexBytes(p, bits));
    }
    return acc;
  }

  private static long davidmotenSmallHilbert(long[][] points, int bits) {
    SmallHilbertCurve curve =
        org.davidmoten.hilbert.HilbertCurve.small().bits(bits).dimensions(points[0].length);
    long acc = 0;
    for (long[] p : points) {
      acc ^= curve.index(p);
    }
    return acc;
  }

  private static long fold(byte[] key) {
    return ((long) key.length << 16) ^ (key[0] << 8) ^ key[key.length - 1];
  }
}
