package dev.hudilayout.spark;

import dev.hudilayout.layout.placement.Placement;

import org.apache.spark.Partitioner;
import org.apache.spark.broadcast.Broadcast;

/**
 * Stage "write" on the RDD path: sends each record's key ({@link Placement#key}) to the output
 * file whose key range holds it.
 */
final class FilePartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;
  private final Broadcast<Placement> placement;
  private final int files;

  FilePartitioner(Broadcast<Placement> placement, int files) {
    this.placement = placement;
    this.files = files;
  }

  @Override
  public int numPartitions() {
    return files;
  }

  @Override
  public int getPartition(Object key) {
    return placement.value().file((Comparable<?>) key);
  }
}
