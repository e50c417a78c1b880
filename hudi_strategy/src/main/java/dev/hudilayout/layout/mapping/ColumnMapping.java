package dev.hudilayout.layout.mapping;

import java.io.Serializable;

/** Maps one column's encoded value to an unsigned curve coordinate, preserving order. */
public interface ColumnMapping extends Serializable {
  /**
   * @param encoded the value, as {@code ValueEncoding} encodes it
   * @param rowHash a hash of the row's record key, for mappings that spread one heavy value over
   *                several coordinates; the same row always gets the same coordinate
   */
  long coordinate(byte[] encoded, long rowHash);
}
