package dev.hudilayout.curve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Skilling's transform (see {@link SkillingTransform}) run as a finite automaton over bit planes,
 * for 1 to 4 dimensions.
 *
 * <p>Why this gives exactly Skilling's index. At level q his first loop decides with bit q of each
 * coordinate only, and only exchanges or inverts the bits <em>below</em> q. So when level q starts,
 * the bits at q are final, and everything the higher levels did to them is one signed permutation
 * of the axes: "bit q of X[i] is bit q of input axis src[i], inverted if flip[i]". Gray encoding is
 * a prefix XOR within a plane, and the final correction inverts a plane when the parity of all
 * higher planes' X[n-1] bits is odd; that parity is one more bit of state. Hence a state
 * (src, flip, parity) plus one input plane (d bits) fixes one output plane and the next state.
 *
 * <p>The tables are derived at start-up by applying that one-plane rule to every reachable state
 * (n! * 2^n * 2 of them: 2, 8, 48, 384). States that no input can tell apart are merged (Moore's
 * partition refinement), which halves them (1, 4, 24, 192), and the tables chain
 * {@code levelsPerStep} planes per lookup: 8, 5, 3 and 1 planes for 1 to 4 dimensions, chosen so a
 * table stays within 24 KiB and so in the L1 cache. For 3 dimensions that is 24 states x 512 inputs,
 * and a 21-bit key takes 7 lookups. An entry is {@code nextRow | outputBits}: rows start at
 * multiples of 2^stepBits, so the output fills exactly the low bits that a row offset leaves zero.
 *
 * <p>A curve of b bits starts in the identity state at plane b-1. When b is not a multiple of the
 * step, the walk starts a few zero planes above the top: a zero plane from a state without flips
 * outputs zeros and only rotates the axes, so it starts from the state that those zero planes rotate
 * into the identity ({@link #startRow(int)}).
 */
final class HilbertTables {
  /** Most dimensions with tables; more use {@link SkillingTransform} directly. */
  static final int MAX_DIMS = 4;

  private static final HilbertTables[] BY_DIMS = {
      null, build(1, 8), build(2, 5), build(3, 3), build(4, 1)
  };

  final int dims;
  final int levelsPerStep;
  /** Input (and output) bits per lookup: {@code levelsPerStep * dims}. */
  final int stepBits;
  /** Entry {@code row | inputBits}: {@code nextRow | outputBits}, all below 2^16. */
  final char[] entries;
  /** Indexed by bits per dimension (1..64): lookups per key. */
  private final int[] stepsForBits;
  /** Indexed by bits per dimension (1..64): row to start from. */
  private final int[] startRowForBits;

  private HilbertTables(int dims, int levelsPerStep, char[] entries, int[] startRowByPad) {
    this.dims = dims;
    this.levelsPerStep = levelsPerStep;
    this.stepBits = levelsPerStep * dims;
    this.entries = entries;
    this.stepsForBits = new int[CurveArgs.MAX_BITS_PER_DIM + 1];
    this.startRowForBits = new int[CurveArgs.MAX_BITS_PER_DIM + 1];
    for (int bits = 1; bits <= CurveArgs.MAX_BITS_PER_DIM; bits++) {
      int steps = (bits + levelsPerStep - 1) / levelsPerStep;
      stepsForBits[bits] = steps;
      startRowForBits[bits] = startRowByPad[steps * levelsPerStep - bits];
    }
  }

  /** The tables for {@code dims} dimensions, or null above {@link #MAX_DIMS}. */
  static HilbertTables forDims(int dims) {
    return dims <= MAX_DIMS ? BY_DIMS[dims] : null;
  }

  int steps(int bits) {
    return stepsForBits[bits];
  }

  /** Zero planes the walk adds above the top plane for a curve of {@code bits}. */
  int padPlanes(int bits) {
    return stepsForBits[bits] * levelsPerStep - bits;
  }

  int startRow(int bits) {
    return startRowForBits[bits];
  }

  /** The state between two planes: a signed permutation of the axes plus a parity bit. */
  private static final class PlaneState {
    final int[] src;
    final int flips;
    final int parity;

    PlaneState(int[] src, int flips, int parity) {
      this.src = src;
      this.flips = flips;
      this.parity = parity;
    }

    long key() {
      long key = parity;
      key = (key << src.length) | flips;
      for (int s : src) {
        key = (key << 4) | s;
      }
      return key;
    }
  }

  private static HilbertTables build(int d, int levelsPerStep) {
    int planeValues = 1 << d;
    int[] identity = new int[d];
    for (int i = 0; i < d; i++) {
      identity[i] = i;
    }
    List<PlaneState> states = new ArrayList<>();
    Map<Long, Integer> ids = new HashMap<>();
    List<int[]> next = new ArrayList<>();
    List<int[]> out = new ArrayList<>();
    PlaneState start = new PlaneState(identity, 0, 0);
    states.add(start);
    ids.put(start.key(), 0);
    for (int s = 0; s < states.size(); s++) {
      int[] nextOf = new int[planeValues];
      int[] outOf = new int[planeValues];
      for (int plane = 0; plane < planeValues; plane++) {
        PlaneState after = applyPlane(states.get(s), plane, outOf, d);
        Integer id = ids.get(after.key());
        if (id == null) {
          id = states.size();
          states.add(after);
          ids.put(after.key(), id);
        }
        nextOf[plane] = id;
      }
      next.add(nextOf);
      out.add(outOf);
    }

    int[] merged = mergeEquivalentStates(next, out, planeValues);
    int classes = 0;
    for (int c : merged) {
      classes = Math.max(classes, c + 1);
    }
    // One representative per class; all members have the same outputs and next classes.
    int[] representative = new int[classes];
    for (int s = states.size() - 1; s >= 0; s--) {
      representative[merged[s]] = s;
    }

    int stepBits = levelsPerStep * d;
    int inputMask = (1 << stepBits) - 1;
    if ((long) classes << stepBits > Character.MAX_VALUE + 1L) {
      throw new IllegalStateException("Hilbert table for " + d + " dimensions exceeds 16-bit rows");
    }
    char[] entries = new char[classes << stepBits];
    for (int c = 0; c < classes; c++) {
      for (int in = 0; in <= inputMask; in++) {
        int state = representative[c];
        int outBits = 0;
        for (int l = levelsPerStep - 1; l >= 0; l--) {
          int plane = (in >>> (l * d)) & (planeValues - 1);
          outBits = (outBits << d) | out.get(state)[plane];
          state = next.get(state)[plane];
        }
        entries[(c << stepBits) | in] = (char) ((merged[state] << stepBits) | outBits);
      }
    }

    int[] startRowByPad = new int[levelsPerStep];
    for (int pad = 0; pad < levelsPerStep; pad++) {
      startRowByPad[pad] = merged[stateZeroPlanesTakeToIdentity(next, out, pad)] << stepBits;
    }
    return new HilbertTables(d, levelsPerStep, entries, startRowByPad);
  }

  /**
   * Moore's partition refinement: start with every state in one class and split classes by
   * (class, outputs, classes of the next states) until no class splits. Returns each state's class.
   */
  private static int[] mergeEquivalentStates(List<int[]> next, List<int[]> out, int planeValues) {
    int n = next.size();
    int[] classOf = new int[n];
    int classes = 1;
    while (true) {
      Map<List<Integer>, Integer> ids = new HashMap<>();
      int[] refined = new int[n];
      for (int s = 0; s < n; s++) {
        List<Integer> signature = new ArrayList<>(1 + 2 * planeValues);
        signature.add(classOf[s]);
        for (int plane = 0; plane < planeValues; plane++) {
          signature.add(out.get(s)[plane]);
          signature.add(classOf[next.get(s)[plane]]);
        }
        Integer id = ids.get(signature);
        if (id == null) {
          id = ids.size();
          ids.put(signature, id);
        }
        refined[s] = id;
      }
      classOf = refined;
      if (ids.size() == classes) {
        return classOf;
      }
      classes = ids.size();
    }
  }

  /**
   * Skilling's rule for one plane. Stores the output plane in {@code outOf[plane]} and returns the
   * state for the plane below. Plane bit (d-1-i) is input axis i, as in the z-order key.
   */
  private static PlaneState applyPlane(PlaneState s, int plane, int[] outOf, int d) {
    int[] src = s.src.clone();
    int flips = s.flips;
    // e[i]: bit of Skilling's X[i] at this level, after the higher levels' exchanges/inversions.
    int[] e = new int[d];
    for (int i = 0; i < d; i++) {
      e[i] = ((plane >>> (d - 1 - src[i])) & 1) ^ ((flips >>> i) & 1);
    }
    int prefix = 0;
    int outPlane = 0;
    for (int i = 0; i < d; i++) {
      prefix ^= e[i];
      outPlane = (outPlane << 1) | (prefix ^ s.parity);
    }
    outOf[plane] = outPlane;
    for (int i = 0; i < d; i++) {
      if (e[i] == 1) {
        flips ^= 1;
      } else if (i != 0) {
        int t = src[0];
        src[0] = src[i];
        src[i] = t;
        int f0 = flips & 1;
        int fi = (flips >>> i) & 1;
        flips = (flips & ~1 & ~(1 << i)) | fi | (f0 << i);
      }
    }
    return new PlaneState(src, flips, s.parity ^ prefix);
  }

  private static int stateZeroPlanesTakeToIdentity(List<int[]> next, List<int[]> out, int pad) {
    for (int s = 0; s < next.size(); s++) {
      int state = s;
      boolean zeros = true;
      for (int p = 0; p < pad; p++) {
        zeros &= out.get(state)[0] == 0;
        state = next.get(state)[0];
      }
      if (state == 0 && zeros) {
        return s;
      }
    }
    throw new IllegalStateException("No start state for " + pad + " padding planes");
  }
}
