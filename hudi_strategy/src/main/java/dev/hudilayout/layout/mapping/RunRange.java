package dev.hudilayout.layout.mapping;

/**
 * Consecutive runs of equal values in a sorted column, [first, end): a stretch of light values
 * between heavy ones, or the runs that share a coarser column's value (the cities of one nation).
 */
final class RunRange {
  /** The first run of the range. */
  final int first;
  /** The run after the last one. */
  final int end;

  RunRange(int first, int end) {
    this.first = first;
    this.end = end;
  }

  /** This range grown to end before {@code newEnd}. */
  RunRange endingAt(int newEnd) {
    return new RunRange(first, newEnd);
  }

  /** The number of runs in the range. */
  int runs() {
    return end - first;
  }
}
