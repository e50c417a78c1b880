package dev.hudilayout.hudi;

import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.table.view.TableFileSystemView;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.storage.StoragePathInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The latest file slices of many partitions at once: one read of the table's file listing (the
 * metadata table's, or the file system's where it is off) for all of them, and one file-system view
 * of those files over the completed timeline. Asking a table's own view partition by partition costs
 * a listing each, and a request to the embedded timeline server each where a write client runs one:
 * at 100 partitions that was most of a continuous plan's time.
 */
public final class LatestSlices {
  private LatestSlices() {
  }

  /**
   * A reader of the table's metadata with {@code config}'s metadata settings, for the caller to
   * close: the listing and the column-stats reads of one plan or report share it.
   */
  public static HoodieTableMetadata reader(HoodieTableMetaClient meta, HoodieWriteConfig config) {
    return HudiLine.get().metadataReader(meta, config);
  }

  /**
   * Each of {@code partitions}' latest file slices (a partition without files maps to none), by
   * partition in name order; with {@code withoutHeld}, without the file groups a pending
   * compaction, log compaction or clustering holds.
   */
  public static Map<String, List<FileSlice>> of(HoodieTableMetaClient meta, HoodieTableMetadata metadata,
                                                Collection<String> partitions, boolean withoutHeld) {
    Map<String, String> partitionOf = new HashMap<>();
    for (String partition : partitions) {
      partitionOf.put(FSUtils.constructAbsolutePath(meta.getBasePath(), partition).toString(), partition);
    }
    Map<String, List<StoragePathInfo>> files;
    try {
      files = metadata.getAllFilesInPartitions(partitionOf.keySet());
    } catch (IOException e) {
      throw new UncheckedIOException("hudi-layout: could not list the files of " + partitions.size()
          + " partition(s) of " + meta.getBasePath(), e);
    }
    List<StoragePathInfo> all = new ArrayList<>();
    files.values().forEach(all::addAll);
    Map<String, List<FileSlice>> out = new TreeMap<>();
    partitions.forEach(p -> out.put(p, List.of()));
    HoodieTableFileSystemView view = new HoodieTableFileSystemView(meta,
        meta.getActiveTimeline().filterCompletedAndCompactionInstants(), all);
    try {
      Set<HoodieFileGroupId> held = withoutHeld ? held(view) : Set.of();
      for (Map.Entry<String, List<StoragePathInfo>> e : files.entrySet()) {
        String partition = partitionOf.get(e.getKey());
        if (partition != null && !e.getValue().isEmpty()) {
          out.put(partition, view.getLatestFileSlices(partition)
              .filter(slice -> !held.contains(slice.getFileGroupId())).collect(Collectors.toList()));
        }
      }
    } finally {
      view.close();
    }
    return out;
  }

  /** The file groups a pending compaction, log compaction or clustering holds, in {@code view}. */
  public static Set<HoodieFileGroupId> held(TableFileSystemView view) {
    Set<HoodieFileGroupId> out = new HashSet<>();
    view.getPendingCompactionOperations().forEach(op -> out.add(op.getValue().getFileGroupId()));
    view.getPendingLogCompactionOperations().forEach(op -> out.add(op.getValue().getFileGroupId()));
    view.getFileGroupsInPendingClustering().forEach(p -> out.add(p.getKey()));
    return out;
  }
}
