package dev.hudilayout.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The metadata-table indexes a clustering keeps: the write options that keep on each index the
 * table already has.
 *
 * <p>Hudi 1.x deletes an index partition of the metadata table when a commit's write config leaves
 * that index off, and the record-level index and the bloom filters are off by default. A
 * clustering run from outside a write ({@code cluster()}, the verbs, the spark-submit job) builds
 * its config from the layout's options, so without these it would drop both: lookups by key, and
 * the secondary indexes that find files through the record-level index, would then read every file.
 * Options the user gives win.
 */
public final class KeptIndexes {
  private static final Map<String, String> ENABLE_KEYS = new LinkedHashMap<>();

  static {
    ENABLE_KEYS.put("record_index", "hoodie.metadata.record.index.enable");
    ENABLE_KEYS.put("bloom_filters", "hoodie.metadata.index.bloom.filter.enable");
    ENABLE_KEYS.put("column_stats", "hoodie.metadata.index.column.stats.enable");
    ENABLE_KEYS.put("partition_stats", "hoodie.metadata.index.partition.stats.enable");
  }

  private KeptIndexes() {
  }

  /** The options that keep on the indexes among the table's metadata partitions {@code partitions}. */
  public static Map<String, String> options(Set<String> partitions) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : ENABLE_KEYS.entrySet()) {
      if (partitions.contains(e.getKey())) {
        out.put(e.getValue(), "true");
      }
    }
    return out;
  }
}
