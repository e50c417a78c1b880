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
      for (int axis : src) {
        key = (key << 4) | axis;
      }
      return key;
    }
  }

  /** Every state reachable from the identity, with its output plane and next state per input plane. */
  private static final class Automaton {
    /** State to input plane: the next state. */
    final List<int[]> next = new ArrayList<>();
    /** State to input plane: the output plane. */
    final List<int[]> out = new ArrayList<>();

    /** Applies the one-plane rule to every state reachable from the identity, in the order they are reached. */
    static Automaton reachable(int dims) {
      int planeValues = 1 << dims;
      int[] identity = new int[dims];
      for (int i = 0; i < dims; i++) {
        identity[i] = i;
      }
      Automaton automaton = new Automaton();
      List<PlaneState> states = new ArrayList<>();
      Map<Long, Integer> ids = new HashMap<>();
      PlaneState start = new PlaneState(identity, 0, 0);
      states.add(start);
      ids.put(start.key(), 0);
      for (int state = 0; state < states.size(); state++) {
        int[] nextOf = new int[planeValues];
        int[] outOf = new int[planeValues];
        for (int plane = 0; plane < planeValues; plane++) {
          PlaneState after = applyPlane(states.get(state), plane, outOf, dims);
          Integer id = ids.get(after.key());
          if (id == null) {
            id = states.size();
            states.add(after);
            ids.put(after.key(), id);
          }
          nextOf[plane] = id;
        }
        automaton.next.add(nextOf);
        automaton.out.add(outOf);
      }
      return automaton;
    }
  }

  private static HilbertTables build(int dims, int levelsPerStep) {
    int planeValues = 1 << dims;
    Automaton automaton = Automaton.reachable(dims);
    int[] merged = mergeEquivalentStates(automaton.next, automaton.out, planeValues);
    int stepBits = levelsPerStep * dims;
    char[] entries = entries(automaton, merged, dims, levelsPerStep);
    int[] startRowByPad = new int[levelsPerStep];
    for (int pad = 0; pad < levelsPerStep; pad++) {
      startRowByPad[pad] = merged[stateZeroPlanesTakeToIdentity(automaton.next, automaton.out, pad)] << stepBits;
    }
    return new HilbertTables(dims, levelsPerStep, entries, startRowByPad);
  }

  /**
   * The table: a row per class of merged states, an entry per {@code levelsPerStep} input planes,
   * each entry the next row and the output planes, walked from the class's representative.
   */
  private static char[] entries(Automaton automaton, int[] merged, int dims, int levelsPerStep) {
    int planeValues = 1 << dims;
    int classes = 0;
    for (int stateClass : merged) {
      classes = Math.max(classes, stateClass + 1);
    }
    // One representative per class; all members have the same outputs and next classes.
    int[] representative = new int[classes];
    for (int state = merged.length - 1; state >= 0; state--) {
      representative[merged[state]] = state;
    }
    int stepBits = levelsPerStep * dims;
    int inputMask = (1 << stepBits) - 1;
    if ((long) classes << stepBits > Character.MAX_VALUE + 1L) {
      throw new IllegalStateException("Hilbert table for " + dims + " dimensions exceeds 16-bit rows");
    }
    char[] entries = new char[classes << stepBits];
    for (int stateClass = 0; stateClass < classes; stateClass++) {
      for (int input = 0; input <= inputMask; input++) {
        int state = representative[stateClass];
        int outBits = 0;
        for (int level = levelsPerStep - 1; level >= 0; level--) {
          int plane = (input >>> (level * dims)) & (planeValues - 1);
          outBits = (outBits << dims) | automaton.out.get(state)[plane];
          state = automaton.next.get(state)[plane];
        }
        entries[(stateClass << stepBits) | input] = (char) ((merged[state] << stepBits) | outBits);
      }
    }
    return entries;
  }

  /**
   * Moore's partition refinement: start with every state in one class and split classes by
   * (class, outputs, classes of the next states) until no class splits. Returns each state's class.
   */
  private static int[] mergeEquivalentStates(List<int[]> next, List<int[]> out, int planeValues) {
    int states = next.size();
    int[] classOf = new int[states];
    int classes = 1;
    while (true) {
      Map<List<Integer>, Integer> ids = new HashMap<>();
      int[] refined = new int[states];
      for (int state = 0; state < states; state++) {
        List<Integer> signature = new ArrayList<>(1 + 2 * planeValues);
        signature.add(classOf[state]);
        for (int plane = 0; plane < planeValues; plane++) {
          signature.add(out.get(state)[plane]);
          signature.add(classOf[next.get(state)[plane]]);
        }
        Integer id = ids.get(signature);
        if (id == null) {
          id = ids.size();
          ids.put(signature, id);
        }
        refined[state] = id;
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
   * state for the plane below. Plane bit (dims-1-i) is input axis i, as in the z-order key.
   */
  private static PlaneState applyPlane(PlaneState before, int plane, int[] outOf, int dims) {
    int[] src = before.src.clone();
    int flips = before.flips;
    // levelBits[i]: bit of Skilling's X[i] at this level, after the higher levels' exchanges/inversions.
    int[] levelBits = new int[dims];
    for (int i = 0; i < dims; i++) {
      levelBits[i] = ((plane >>> (dims - 1 - src[i])) & 1) ^ ((flips >>> i) & 1);
    }
    int prefix = 0;
    int outPlane = 0;
    for (int i = 0; i < dims; i++) {
      prefix ^= levelBits[i];
      outPlane = (outPlane << 1) | (prefix ^ before.parity);
    }
    outOf[plane] = outPlane;
    for (int i = 0; i < dims; i++) {
      if (levelBits[i] == 1) {
        flips ^= 1;
      } else if (i != 0) {
        int swapped = src[0];
        src[0] = src[i];
        src[i] = swapped;
        int firstFlip = flips & 1;
        int axisFlip = (flips >>> i) & 1;
        flips = (flips & ~1 & ~(1 << i)) | axisFlip | (firstFlip << i);
      }
    }
    return new PlaneState(src, flips, before.parity ^ prefix);
  }

  private static int stateZeroPlanesTakeToIdentity(List<int[]> next, List<int[]> out, int pad) {
    for (int first = 0; first < next.size(); first++) {
      int state = first;
      boolean zeros = true;
      for (int planes = 0; planes < pad; planes++) {
        zeros &= out.get(state)[0] == 0;
        state = next.get(state)[0];
      }
      if (state == 0 && zeros) {
        return first;
      }
    }
    throw new IllegalStateException("No start state for " + pad + " padding planes");
  }
}
