package dev.hudilayout.layout.sample;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * A uniform sample of exactly {@code capacity} rows (k) (or all rows, if fewer) taken in one pass without
 * knowing the row count: every row gets a pseudo-random priority from its record key and the seed,
 * and the k lowest priorities win. The same rows and seed always give the same sample, whatever
 * the partitioning and the order partial samples are merged in, so a retried clustering lays
 * files out the same way. Equal priorities (record keys with equal {@code String.hashCode} and
 * length, e.g. "Aa" and "BB") are ordered by record key, then file name; otherwise whichever
 * partition's result reached the driver first would win the last places.
 */
public final class BottomKSample implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int capacity;
  private final long seed;
  private final long admitBelow;
  private final PriorityQueue<Entry> heap; // highest priority on top, evicted first

  public BottomKSample(int capacity, long seed) {
    this(capacity, seed, Long.MAX_VALUE);
  }

  /**
   * @param admitBelow rows whose priority is not below this are dropped at once. When the input
   *                   has about n rows, {@link #admissionThreshold} keeps little more than k, so
   *                   a partition sends the driver its few candidates instead of up to k rows;
   *                   whenever at least k rows pass, the result is still the exact bottom-k.
   */
  public BottomKSample(int capacity, long seed, long admitBelow) {
    this.capacity = capacity;
    this.seed = seed;
    this.admitBelow = admitBelow;
    this.heap = new PriorityQueue<>(Math.min(capacity, 64) + 1, new HighestFirst());
  }

  /**
   * The priority below which a row of an n-row input has a (k + 8 sqrt(k) + 16) / n chance to
   * fall. The rows that pass are binomial with a standard deviation of about sqrt(k), so fewer
   * than k pass with a chance below 1e-15; the few thousand extra are all that every partition
   * sends the driver beyond the sample itself.
   */
  public static long admissionThreshold(int capacity, long rows) {
    double rate = (capacity + 8 * Math.sqrt(capacity) + 16) / Math.max(1L, rows);
    if (rate >= 1.0) {
      return Long.MAX_VALUE;
    }
    // priorities are uniform over all longs: [MIN_VALUE, MAX_VALUE]
    return Long.MIN_VALUE + (long) (rate * 0x1p64);
  }

  private static final class Entry implements Serializable {
    private static final long serialVersionUID = 1L;
    final long priority;
    final SampleRow row;

    Entry(long priority, SampleRow row) {
      this.priority = priority;
      this.row = row;
    }
  }

  /** Priority, then record key, then file name: a total order on the rows of a table. */
  private static int compare(Entry first, Entry second) {
    int order = Long.compare(first.priority, second.priority);
    if (order == 0) {
      order = Objects.compare(first.row.recordKey, second.row.recordKey, Comparator.nullsFirst(Comparator.naturalOrder()));
    }
    if (order == 0) {
      order = Objects.compare(first.row.fileName, second.row.fileName, Comparator.nullsFirst(Comparator.naturalOrder()));
    }
    return order;
  }

  private static final class HighestFirst implements Comparator<Entry>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(Entry first, Entry second) {
      return BottomKSample.compare(second, first);
    }
  }

  /**
   * Whether a row of this priority ({@link RowHash#of} of its record key and this sample's seed)
   * can enter the sample at all: the caller can skip building the row when it cannot.
   */
  public boolean admits(long priority) {
    return priority < admitBelow;
  }

  public BottomKSample add(SampleRow row) {
    long priority = RowHash.of(row.recordKey, seed);
    if (priority >= admitBelow) {
      return this;
    }
    offer(new Entry(priority, row));
    return this;
  }

  public BottomKSample merge(BottomKSample other) {
    for (Entry entry : other.heap) {
      offer(entry);
    }
    return this;
  }

  private void offer(Entry entry) {
    if (heap.size() < capacity) {
      heap.add(entry);
    } else if (capacity > 0 && compare(entry, heap.peek()) < 0) {
      heap.poll();
      heap.add(entry);
    }
  }

  /**
   * The sampled rows in priority order (then record key, then file name): an order that depends
   * on the rows and the seed only, not on the order they were added or merged in, which follows
   * the order Hudi lists the plan's files (by their random file ids). Whatever reads the sample in
   * order (ties in cuts, the grid search) then lays out the same rows the same way on every run.
   */
  public List<SampleRow> rows() {
    List<Entry> sorted = new ArrayList<>(heap);
    sorted.sort(BottomKSample::compare);
    List<SampleRow> out = new ArrayList<>(sorted.size());
    for (Entry entry : sorted) {
      out.add(entry.row);
    }
    return out;
  }

  /** The rows sampled so far. */
  public int size() {
    return heap.size();
  }

  /**
   * The rows of several samples taken with one seed (of disjoint inputs), in the order {@link #rows}
   * gives one sample's, the first {@code limit} of them; with {@code wholeInput}, only the rows
   * that a single sample of all the inputs would hold too: those before the first row any of the
   * samples may have dropped (the last row a full sample kept, or the admission threshold of one
   * that is not full), which makes them the bottom of the union of the inputs.
   */
  static List<SampleRow> inOrder(List<BottomKSample> samples, int limit, boolean wholeInput) {
    List<Entry> all = new ArrayList<>();
    Entry cutoff = null;
    long admitted = Long.MAX_VALUE;
    for (BottomKSample sample : samples) {
      all.addAll(sample.heap);
      if (sample.capacity == 0) {
        continue;
      }
      if (sample.heap.size() >= sample.capacity) {
        if (cutoff == null || compare(sample.heap.peek(), cutoff) < 0) {
          cutoff = sample.heap.peek();
        }
      } else {
        admitted = Math.min(admitted, sample.admitBelow);
      }
    }
    all.sort(BottomKSample::compare);
    List<SampleRow> out = new ArrayList<>(Math.min(limit, all.size()));
    for (Entry entry : all) {
      if (out.size() >= limit || wholeInput && (cutoff != null && compare(entry, cutoff) > 0
          || admitted != Long.MAX_VALUE && entry.priority >= admitted)) {
        break;
      }
      out.add(entry.row);
    }
    return out;
  }
}
