package dev.hudilayout.layout.grid;

import java.io.Serializable;

/**
 * Boxes that never overlap and together cover the value space, visited in curve order: a grid's
 * cells ({@link AlignedCells}) or a tree's regions ({@link RegionTree}). Rows are ordered by the
 * position of their box first ({@link NestedCells}), so every box's rows stay together.
 */
public interface Cells extends Serializable {

  /** The position of the box holding a row's encoded sort values; boxes in curve order. */
  long cellOrder(byte[][] encoded);

  /** Bits a position takes: every {@link #cellOrder} is below 2^orderBits. */
  int orderBits();
}
