package dev.hudilayout.curve;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Prints curve indexes for points read from standard input, so other tools (the Python reference
 * tests) can check this implementation against theirs.
 *
 * <p>Each input line is {@code curve bits x1 x2 ... xd}, where curve is "z-order", "zorder" or
 * "hilbert" and the coordinates are unsigned decimals below 2^bits; each output line is the
 * index in decimal. Blank lines are skipped. Example: {@code hilbert 3 5 3} prints {@code 52}.
 * A bad line stops the run with its line number on standard error and exit status 2.
 *
 * <pre>
 *   echo "hilbert 3 5 3" | java -cp target/classes dev.hudilayout.curve.CurveIndexCli
 * </pre>
 */
public final class CurveIndexCli {
  private static final String CURVE_FIELD = "curve";

  private CurveIndexCli() {}

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    int lineNumber = 0;
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      try {
        out.println(indexOf(line.trim().split("\\s+")));
      } catch (IllegalArgumentException e) {
        out.flush();
        System.err.println("line " + lineNumber + ": " + e.getMessage());
        System.exit(2);
      }
    }
    out.flush();
  }

  /** The decimal index of one line's fields: curve, bits, coordinates. */
  static String indexOf(String[] fields) {
    if (fields.length < 3) {
      throw new IllegalArgumentException("expected 'curve bits x1 ... xd', got " + fields.length
          + " field(s)");
    }
    Curve curve = Curve.parse(CURVE_FIELD, fields[0]);
    int bits = Integer.parseInt(fields[1]);
    long[] coords = new long[fields.length - 2];
    for (int i = 0; i < coords.length; i++) {
      coords[i] = Long.parseUnsignedLong(fields[i + 2]);
    }
    byte[] key;
    switch (curve) {
      case ZORDER:
        key = ZOrderCurve.indexBytes(coords, bits);
        break;
      case HILBERT:
        key = HilbertCurve.indexBytes(coords, bits);
        break;
      default:
        throw new IllegalArgumentException("curve " + fields[0] + " has no index; use "
            + Curve.ZORDER.hudiName() + " or " + Curve.HILBERT.hudiName());
    }
    // The bytes are the index shifted up to a whole number of bytes.
    int spareBits = key.length * 8 - coords.length * bits;
    return new BigInteger(1, key).shiftRight(spareBits).toString();
  }
}
