package dev.hudilayout.layout.sample;

/** Deterministic 64-bit hashes of record keys (splitmix64's finaliser over the key's hash). */
public final class RowHash {
  private RowHash() {
  }

  public static long mix(long value) {
    value = (value ^ (value >>> 30)) * 0xBF58476D1CE4E5B9L;
    value = (value ^ (value >>> 27)) * 0x94D049BB133111EBL;
    return value ^ (value >>> 31);
  }

  /** Hash of a record key under a seed; a null key hashes as the empty key. */
  public static long of(String recordKey, long seed) {
    return recordKey == null ? of(0, 0, seed) : of(recordKey.hashCode(), recordKey.length(), seed);
  }

  /**
   * The same hash from a key's {@code String.hashCode} and length, for callers that compute them
   * without building the {@code String} (an ASCII key's bytes are its chars).
   */
  public static long of(int keyHashCode, int keyLength, long seed) {
    return mix(keyHashCode * 0x9E3779B97F4A7C15L + seed + ((long) keyLength << 32));
  }

  /** A per-column variant of a row hash, so columns do not spread in lockstep. */
  public static long forColumn(long rowHash, int column) {
    return mix(rowHash + 0x632BE59BD9B4E019L * (column + 1));
  }
}
