package dev.hudilayout.workload;

import java.util.Locale;

/** How a query's filter bounds one column, as the query log records it. */
public enum Shape {
  /** {@code col = v}: one value. */
  EQUALS,
  /** {@code col IN (v1, v2, ...)}: a few values, their count recorded. */
  IN,
  /** {@code col > a}, {@code col <= b}, or both: a range, its bounds recorded. */
  RANGE,
  /** {@code col LIKE 'abc%'}: the values that start with a prefix, its length recorded. */
  PREFIX,
  /** {@code col IS NULL}. */
  NULL_TEST,
  /** Any other filter that names the column, such as one side of an OR. */
  OTHER;

  /** The name in the log: lower case. */
  public String logName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
