package dev.hudilayout.spark;

import dev.hudilayout.layout.ValueEncoding;

import org.apache.hudi.avro.HoodieAvroWrapperUtils;
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

  /**
   * Each file's {min, max} per column, encoded, from the column-stats index, by file name. A
   * column the index does not cover (or cannot be read for) leaves null bounds for it in every
   * file; never throws for that.
   */
  public static Map<String, byte[][][]> perFile(HoodieTableMetadata metadata, List<Pair<String, String>> files,
                                                 List<String> columns) {
    int d = columns.size();
    Map<String, byte[][][]> out = new HashMap<>();
    for (int c = 0; c < d && !files.isEmpty(); c++) {
      Map<Pair<String, String>, HoodieMetadataColumnStats> stats;
      try {
        stats = metadata.getColumnStats(files, columns.get(c));
      } catch (RuntimeException e) {
        LOG.info("hudi-layout: no column stats for '{}' ({})", columns.get(c), e.toString());
        continue;
      }
      for (Map.Entry<Pair<String, String>, HoodieMetadataColumnStats> e : stats.entrySet()) {
        if (!e.getValue().getIsDeleted()) {
          byte[][][] box = out.computeIfAbsent(e.getKey().getRight(),
              k -> new byte[][][] {new byte[d][], new byte[d][]});
          box[0][c] = encode(e.getValue().getMinValue());
          box[1][c] = encode(e.getValue().getMaxValue());
        }
      }
    }
    return out;
  }

  /**
   * Each file's rows, by file name: the value count the column-stats index keeps for
   * {@code column}. Files the index has no entry for are left out; never throws for that.
   */
  public static Map<String, Long> rowsPerFile(HoodieTableMetadata metadata, List<Pair<String, String>> files,
                                              String column) {
    Map<String, Long> out = new HashMap<>();
    if (files.isEmpty()) {
      return out;
    }
    try {
      for (Map.Entry<Pair<String, String>, HoodieMetadataColumnStats> e
          : metadata.getColumnStats(files, column).entrySet()) {
        if (!e.getValue().getIsDeleted() && e.getValue().getValueCount() != null) {
          out.put(e.getKey().getRight(), e.getValue().getValueCount());
        }
      }
    } catch (RuntimeException e) {
      LOG.info("hudi-layout: no column stats for '{}' ({})", column, e.toString());
    }
    return out;
  }

  private static byte[] encode(Object wrapped) {
    if (wrapped == null) {
      return null;
    }
    Object v = HoodieAvroWrapperUtils.unwrapAvroValueWrapper(wrapped);
    return v == null ? null : ValueEncoding.encode(v);
  }
}
