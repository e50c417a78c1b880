package dev.hudilayout.layout.grid;

import java.util.Arrays;

/**
 * A box of the value space, per sort column: the encoded value it starts at (inclusive) and the one
 * it ends before (exclusive), null for an open end. A grid's cell ({@link AlignedCells#cellBox}) or
 * a tree's region ({@link RegionTree#box}): in a grid of column a cut at 500, the first cell is
 * [null, 500) on a and [null, null) on every other column.
 */
public final class Box {
  private final byte[][] lower;
  private final byte[][] upper;

  /** An unbounded box of {@code columns} columns. */
  Box(int columns) {
    this(new byte[columns][], new byte[columns][]);
  }

  private Box(byte[][] lower, byte[][] upper) {
    this.lower = lower;
    this.upper = upper;
  }

  public int columns() {
    return lower.length;
  }

  /** Where the box starts on {@code column} (inclusive), or null: no lower end. */
  public byte[] lower(int column) {
    return lower[column];
  }

  /** Where the box ends on {@code column} (exclusive), or null: no upper end. */
  public byte[] upper(int column) {
    return upper[column];
  }

  void setLower(int column, byte[] value) {
    lower[column] = value;
  }

  void setUpper(int column, byte[] value) {
    upper[column] = value;
  }

  /** This box cut down to where it meets {@code other}, in place: the later start, the earlier end. */
  void intersect(Box other) {
    for (int column = 0; column < lower.length; column++) {
      lower[column] = later(lower[column], other.lower[column]);
      upper[column] = earlier(upper[column], other.upper[column]);
    }
  }

  private static byte[] later(byte[] first, byte[] second) {
    return first == null ? second : second == null ? first : Arrays.compareUnsigned(first, second) >= 0 ? first : second;
  }

  private static byte[] earlier(byte[] first, byte[] second) {
    return first == null ? second : second == null ? first : Arrays.compareUnsigned(first, second) <= 0 ? first : second;
  }
}
