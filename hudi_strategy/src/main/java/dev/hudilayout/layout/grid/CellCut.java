package dev.hudilayout.layout.grid;

/**
 * Where one file ends among cells laid out in curve order: after the first {@code rowsBelow}
 * sampled rows of cell {@code cell} (the cell's position among the non-empty cells). A cut with
 * all the cell's rows below it is the cell's end; with fewer, it falls inside the cell. With cells
 * of 3 and 5 rows, (0, 3) ends a file with the first cell, (1, 2) ends one after two rows of the
 * second.
 */
public final class CellCut {
  /** The cell the cut is in, by its position among the cells in curve order. */
  public final int cell;
  /** The cell's sampled rows below the cut. */
  public final int rowsBelow;

  public CellCut(int cell, int rowsBelow) {
    this.cell = cell;
    this.rowsBelow = rowsBelow;
  }
}
