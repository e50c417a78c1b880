package dev.hudilayout.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 *
 * <p>A clustering whose config would drop an index the table has ({@link #refusal}: options the
 * user gave, or Hudi's own SQL procedures and services, whose config is Hudi's) is refused before
 * its plan is saved and before its execution reads a row; with the metadata table off, Hudi would
 * delete the whole metadata table, the column stats our layouts are read through among it.
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

  /** The metadata table's own key: off, Hudi deletes the whole metadata table. */
  public static final String METADATA_KEY = "hoodie.metadata.enable";
  /** The metadata table's partition that lists files: present in every table with a metadata table. */
  public static final String FILES = "files";

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

  /**
   * The error for a clustering whose config would make Hudi delete some of the table's metadata:
   * the whole metadata table when {@code kept} says {@value #FILES} is off, else each index among
   * {@code partitions} (the table's completed metadata partitions) that {@code kept} says is off.
   * Null when the config keeps everything the table has.
   *
   * @param partitions the table's metadata partitions ({@code hoodie.table.metadata.partitions})
   * @param kept       per metadata partition, whether the clustering's config keeps it on (Hudi's
   *                   own reading of its keys and defaults); partitions it does not name are kept
   */
  public static String refusal(Set<String> partitions, Map<String, Boolean> kept) {
    List<String> off = new ArrayList<>();
    if (!partitions.isEmpty() && Boolean.FALSE.equals(kept.get(FILES))) {
      off.add(METADATA_KEY);
    } else {
      for (Map.Entry<String, String> e : ENABLE_KEYS.entrySet()) {
        if (partitions.contains(e.getKey()) && Boolean.FALSE.equals(kept.get(e.getKey()))) {
          off.add(e.getValue());
        }
      }
    }
    if (off.isEmpty()) {
      return null;
    }
    String what = off.contains(METADATA_KEY)
        ? "the metadata table (partitions " + String.join(", ", new java.util.TreeSet<>(partitions)) + ")"
        : "its metadata " + (off.size() == 1 ? "index " : "indexes ") + String.join(", ", partitionsOf(off));
    return "hudi-layout refuses this clustering: its config has " + String.join(", ", withValue(off, "false"))
        + " (set or by Hudi's default), and Hudi deletes " + what + " when a commit's config leaves "
        + (off.size() == 1 ? "it" : "them") + " off. Nothing was written. Accepted: "
        + String.join(", ", withValue(off, "true"))
        + " in the clustering's options (hudi_layout.cluster, the clustering verbs and the spark-submit job set "
        + (off.size() == 1 ? "it" : "them") + " for the table's indexes themselves).";
  }

  private static List<String> withValue(List<String> keys, String value) {
    List<String> out = new ArrayList<>();
    keys.forEach(k -> out.add(k + "=" + value));
    return out;
  }

  private static List<String> partitionsOf(List<String> keys) {
    List<String> out = new ArrayList<>();
    ENABLE_KEYS.forEach((partition, key) -> {
      if (keys.contains(key)) {
        out.add(partition);
      }
    });
    return out;
  }
}
