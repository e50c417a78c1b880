package dev.hudilayout.layout.sample;

import java.io.Serializable;

/** One sampled row: its record key, the base file it was read from, its encoded sort values. */
public final class SampleRow implements Serializable {
  private static final long serialVersionUID = 1L;
  public final String recordKey;
  public final String fileName;
  public final byte[][] values;

  public SampleRow(String recordKey, String fileName, byte[][] values) {
    this.recordKey = recordKey;
    this.fileName = fileName;
    this.values = values;
  }
}
