package dev.hudilayout.layout.placement;

import dev.hudilayout.layout.grid.GridSearch;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.mapping.UnsignedBytesKey;

import java.io.Serializable;

/**
 * Stage "placement": which output file each row of one clustering group goes to, and its order
 * in that file. Made once per group from the group's sample ({@link Placements}), on the driver,
 * and broadcast to the tasks that place the rows. Two kinds:
 * <ul>
 *   <li>{@link CurvePlacement}: rows in curve-key order, files cut at equal counts along it;</li>
 *   <li>{@link GridPlacement}: rows in the order of their grid cell along the curve, then their
 *       curve key; files cut on cell boundaries.</li>
 * </ul>
 * A row's key ({@link #key}) orders rows: every file holds one run of consecutive keys.
 */
public interface Placement extends Serializable {

  /** The files rows are cut into: one more than the cuts. */
  int files();

  /** The instant's curve space the keys are computed in. */
  CurveSpace space();

  /**
   * A row's key: a {@code Long} or an {@link UnsignedBytesKey}, ordered as rows are, from its
   * sort values and its record key's {@link CurveSpace#rowHash}.
   */
  Comparable<?> key(byte[][] encoded, long rowHash);

  /** {@link #key(byte[][], long)} of a record key. */
  default Comparable<?> key(byte[][] encoded, String recordKey) {
    return key(encoded, CurveSpace.rowHash(recordKey));
  }

  /** The output file of a key: the number of file cuts below it. */
  int file(Comparable<?> key);

  /**
   * A row's order inside its file in {@code orderBits} bits: the leading bits of its curve key
   * (on a grid, the key after the cell's position). A file holds rows close on the curve, so its
   * rows keep their curve order, and the order fits a {@code long} beside the file's partition
   * token: Spark then sorts each file by a long, not by a byte string.
   */
  long orderInFile(Comparable<?> key, int orderBits);

  /**
   * Where a row goes, as one {@code long}: {@code tokens[file]} in the bits above {@code orderBits}
   * and the row's order inside that file ({@link #orderInFile}) in the low {@code orderBits}.
   */
  default long placement(byte[][] encoded, long rowHash, int[] tokens, int orderBits) {
    Comparable<?> key = key(encoded, rowHash);
    return ((long) tokens[file(key)] << orderBits) | orderInFile(key, orderBits);
  }

  /**
   * Buckets each column earned: whole numbers on a grid, real numbers on a weighted curve (its
   * split count along the column), 0 for a dropped column; null for an unweighted curve.
   */
  double[] columnBuckets();

  /** The grid search that chose this placement's grid, or null (a curve, or a grid given to it). */
  GridSearch.Choice gridChoice();
}
