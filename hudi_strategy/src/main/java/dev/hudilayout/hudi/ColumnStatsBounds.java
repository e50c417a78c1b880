package dev.hudilayout.hudi;

import dev.hudilayout.spark.ValueEncoding;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieMetadataColumnStats;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Each sort column's [min, max] over the plan's base files, from the column-stats index of Hudi's
 * metadata table: the direct mapping's normalisation without a pass over the data.
 */
public final class ColumnStatsBounds {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnStatsBounds.class);

  final byte[][] min;
  final byte[][] max;

  private ColumnStatsBounds(byte[][] min, byte[][] max) {
    this.min = min;
    this.max = max;
  }

  /** Bounds per column; a column the index does not cover has null bounds. Never throws for that. */
  static ColumnStatsBounds read(Supplier<HoodieTableMetadata> tableMetadata, HoodieClusteringPlan plan,
                                List<String> columns) {
    int d = columns.size();
    byte[][] min = new byte[d][];
    byte[][] max = new byte[d][];
    List<Pair<String, String>> files = baseFiles(plan);
    HoodieTableMetadata metadata;
    try {
      metadata = files.isEmpty() ? null : tableMetadata.get();
    } catch (RuntimeException e) {
      LOG.info("hudi-layout: no metadata table ({}); column ranges come from the sample", e.toString());
      metadata = null;
    }
    if (metadata == null) {
      return new ColumnStatsBounds(min, max);
    }
    for (byte[][][] box : perFile(metadata, files, columns).values()) {
      for (int c = 0; c < d; c++) {
        if (box[0][c] != null && (min[c] == null || Arrays.compareUnsigned(box[0][c], min[c]) < 0)) {
          min[c] = box[0][c];
        }
        if (box[1][c] != null && (max[c] == null || Arrays.compareUnsigned(box[1][c], max[c]) > 0)) {
          max[c] = box[1][c];
        }
      }
    }
    return new ColumnStatsBounds(min, max);
  }

  /** The plan's base files, as (partition, file name) pairs. */
  public static List<Pair<String, String>> baseFiles(HoodieClusteringPlan plan) {
    List<Pair<String, String>> files = new ArrayList<>();
    for (HoodieClusteringGroup g : plan.getInputGroups()) {
      for (HoodieSliceInfo s : g.getSlices()) {
        String p = s.getDataFilePath();
        if (p != null && !p.isEmpty()) {
          files.add(Pair.of(s.getPartitionPath() == null ? "" : s.getPartitionPath(),
              InstantSample.fileName(p)));
        }
      }
    }
    return files;
  }

  /**
   * Each file's {min, max} per column, encoded, from the column-stats index, by file name. A
   * column the index does not cover (or cannot be read for) leaves null bounds for it in every
   * file; never throws for that.
   */
  public static Map<String, byte[][][]> perFile(HoodieTableMetadata metadata, List<Pair<String, String>> files,
                                                 List<String> columns) {
    return FileStats.read(metadata, files, columns).boxes;
  }

  /**
   * What the column-stats index holds for a set of files, read with one lookup per column: each
   * file's encoded {min, max} per column and its rows (the first column's value count), by file
   * name. Files the index has no entry for are left out; never throws for that.
   */
  public static final class FileStats {
    public final Map<String, byte[][][]> boxes = new HashMap<>();
    public final Map<String, Long> rows = new HashMap<>();

    public static FileStats read(HoodieTableMetadata metadata, List<Pair<String, String>> files,
                                 List<String> columns) {
      int d = columns.size();
      FileStats out = new FileStats();
      for (int c = 0; c < d && !files.isEmpty(); c++) {
        Map<Pair<String, String>, HoodieMetadataColumnStats> stats;
        try {
          stats = metadata.getColumnStats(files, columns.get(c));
        } catch (RuntimeException e) {
          LOG.info("hudi-layout: no column stats for '{}' ({})", columns.get(c), e.toString());
          continue;
        }
        for (Map.Entry<Pair<String, String>, HoodieMetadataColumnStats> e : stats.entrySet()) {
          HoodieMetadataColumnStats s = e.getValue();
          if (s.getIsDeleted()) {
            continue;
          }
          String name = e.getKey().getRight();
          byte[][][] box = out.boxes.computeIfAbsent(name, k -> new byte[][][] {new byte[d][], new byte[d][]});
          box[0][c] = encode(s.getMinValue());
          box[1][c] = encode(s.getMaxValue());
          if (c == 0 && s.getValueCount() != null) {
            out.rows.put(name, s.getValueCount());
          }
        }
      }
      return out;
    }

    /**
     * These stats, read for {@code read}, with each file's box over {@code wanted} only, in its
     * order (a column not read has null bounds).
     */
    public FileStats restrictedTo(List<String> read, List<String> wanted) {
      if (read.equals(wanted)) {
        return this;
      }
      FileStats out = new FileStats();
      out.rows.putAll(rows);
      int d = wanted.size();
      for (Map.Entry<String, byte[][][]> e : boxes.entrySet()) {
        byte[][][] box = new byte[][][] {new byte[d][], new byte[d][]};
        for (int c = 0; c < d; c++) {
          int i = read.indexOf(wanted.get(c));
          if (i >= 0) {
            box[0][c] = e.getValue()[0][i];
            box[1][c] = e.getValue()[1][i];
          }
        }
        out.boxes.put(e.getKey(), box);
      }
      return out;
    }
  }

  private static byte[] encode(Object wrapped) {
    if (wrapped == null) {
      return null;
    }
    Object v = HudiLine.get().statsValue(wrapped);
    return v == null ? null : ValueEncoding.encode(v);
  }
}
