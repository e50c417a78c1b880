package dev.hudilayout.layout;

import java.io.Serializable;

/** Maps one column's encoded value to an unsigned curve coordinate, preserving order. */
public interface ColumnMapping extends Serializable {
  long coordinate(byte[] encoded);
}
