package dev.hudilayout.workload;

/** One filter a query puts on a column: it keeps {@code width} of the values plus {@code points} cuts. */
final class Slab {
  final double width;
  final double points;
  /** The coarser column whose filter this slab comes from, as runs of this column's values; or null. */
  final String from;

  Slab(double width, double points) {
    this(width, points, null);
  }

  Slab(double width, double points, String from) {
    this.width = width;
    this.points = points;
    this.from = from;
  }

  /**
   * The share of the files this filter reads where its column, of {@code distinct} values, is
   * cut {@code cuts} times.
   */
  double share(double cuts, double distinct) {
    return Math.min(1.0, width + points / Math.min(cuts, distinct));
  }

  /**
   * The same for runs whose coarser column rides on this column's axis: the layout puts the cuts
   * on the coarser values' bounds, so a run shorter than a cut lies inside one, and a longer run
   * reads its own length alone. A year of dates on a date axis cut 12 times over 7 years reads
   * 1/7 of the files, not 1/7 + 1/12.
   */
  double alignedShare(double cuts, double distinct) {
    return Math.min(1.0, Math.max(width + points / distinct, points / Math.min(cuts, distinct)));
  }
}
