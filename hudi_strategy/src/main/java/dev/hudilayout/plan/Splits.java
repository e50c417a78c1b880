package dev.hudilayout.plan;

/**
 * When a region laid out again splits, and into how many cells: the continuous layout's rule for
 * growing its tree of regions ({@link dev.hudilayout.layout.grid.RegionTree}).
 *
 * <p>Why regions must stay large. Between its layouts a region holds pending layers (new rows
 * written on the grid, merged by tiers), each about one file that spans the region, and a point
 * query that meets the region reads each of them besides the n^((d-1)/d) files of its base. A
 * layer thus adds n^(-(d-1)/d) to what a query reads in a region of n files: with d = 3 sort
 * columns, a quarter in a region of 8 files, a tenth in one of 32. A tree whose regions held
 * 2^d files would read a quarter more per pending layer; so a region keeps at least
 * {@link #minimumFiles} files, the size at which one layer adds at most a tenth.
 *
 * <p>Why regions split at all. Rows that drift past the recorded range (a growing timestamp) land
 * in the regions at its edge, which then hold most of the partition and are rewritten whole each
 * time they fall due. Split, the edge region's older cells receive no new rows and are never laid
 * out again, and only the newest cell keeps growing and splitting: each row is rewritten about
 * once per split it passes through, not once per layout of a growing edge. Splits also bound the
 * size of a clustering group (one region) as the partition grows, and make the number of regions
 * follow the partition's file count N.
 *
 * <p>The rule: a region laid out again into f files splits when f reaches twice the minimum, into
 * f / minimum cells (rounded down), so every cell starts with about the minimum. The minimum can be
 * set ({@link dev.hudilayout.config.LayoutOptions#CONTINUOUS_REGION_FILES}).
 */
final class Splits {
  /** What one pending layer may add to the files a point query reads in a region. */
  static final double LAYER_COST = 0.1;

  private Splits() {
  }

  /**
   * The fewest files a region keeps: the n at which one pending layer adds {@link #LAYER_COST} to
   * the n^((d-1)/d) files a point query reads in it, n = (1 / cost)^(d / (d - 1)); 32 for d = 3,
   * 22 for d = 4, 100 for d = 2. A single sort column never splits (a point query reads one file
   * of a region whatever its size).
   */
  static int minimumFiles(int d) {
    if (d < 2) {
      return Integer.MAX_VALUE;
    }
    return (int) Math.ceil(Math.pow(1 / LAYER_COST, d / (d - 1.0)) - 1e-9);
  }

  /**
   * The cells a region laid out again into {@code files} files is split into: 0 (no split) below
   * twice {@link #minimumFiles}, else {@code files / minimumFiles(d)}.
   */
  static int cells(long files, int d) {
    return cells(files, d, 0);
  }

  /** {@link #cells(long, int)} with {@code minimum} files per region instead of the rule's, unless 0. */
  static int cells(long files, int d, int minimumFiles) {
    long minimum = minimumFiles > 0 ? minimumFiles : minimumFiles(d);
    if (minimum == Integer.MAX_VALUE || files < 2 * minimum) {
      return 0;
    }
    return (int) Math.min(Integer.MAX_VALUE, files / minimum);
  }
}
