package dev.hudilayout.layout.mapping;

import java.io.Serializable;
import java.util.Arrays;

/** A curve key too long for a {@code long}: big-endian bytes, compared unsigned. */
public final class UnsignedBytesKey implements Comparable<UnsignedBytesKey>, Serializable {
  private static final long serialVersionUID = 1L;
  private final byte[] bytes;

  public UnsignedBytesKey(byte[] bytes) {
    this.bytes = bytes;
  }

  /** The key's bytes (not a copy). */
  public byte[] bytes() {
    return bytes;
  }

  @Override
  public int compareTo(UnsignedBytesKey other) {
    return Arrays.compareUnsigned(bytes, other.bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof UnsignedBytesKey && Arrays.equals(bytes, ((UnsignedBytesKey) other).bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }
}
