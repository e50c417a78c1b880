package dev.hudilayout.layout;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A uniform sample of exactly {@code k} rows (or all rows, if fewer) taken in one pass without
 * knowing the row count: every row gets a pseudo-random priority derived from its record key and
 * the seed, and the k lowest priorities win. The same input and seed always give the same sample,
 * whatever the partitioning, so a retried clustering lays files out the same way.
 */
public final class BottomKSample implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int k;
  private final PriorityQueue<Entry> heap; // highest priority on top, to be evicted first

  public BottomKSample(int k) {
    this.k = k;
    this.heap = new PriorityQueue<>(Math.min(k, 1024) + 1, new HighestFirst());
  }

  private static final class HighestFirst implements Comparator<Entry>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(Entry a, Entry b) {
      return Long.compare(b.priority, a.priority);
    }
  }

  static final class Entry implements Serializable {
    private static final long serialVersionUID = 1L;
    final long priority;
    final byte[][] values;

    Entry(long priority, byte[][] values) {
      this.priority = priority;
      this.values = values;
    }
  }

  /** Priority of a row: a 64-bit mix (splitmix64 finaliser) of the key's hash and the seed. */
  public static long priority(String recordKey, long seed) {
    long z = (recordKey == null ? 0 : recordKey.hashCode()) * 0x9E3779B97F4A7C15L + seed;
    if (recordKey != null) {
      z ^= (long) recordKey.length() << 32;
    }
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  public BottomKSample add(long priority, byte[][] values) {
    if (heap.size() < k) {
      heap.add(new Entry(priority, values));
    } else if (k > 0 && priority < heap.peek().priority) {
      heap.poll();
      heap.add(new Entry(priority, values));
    }
    return this;
  }

  public BottomKSample merge(BottomKSample other) {
    for (Entry e : other.heap) {
      add(e.priority, e.values);
    }
    return this;
  }

  public List<byte[][]> rows() {
    List<byte[][]> out = new ArrayList<>(heap.size());
    for (Entry e : heap) {
      out.add(e.values);
    }
    return out;
  }
}
