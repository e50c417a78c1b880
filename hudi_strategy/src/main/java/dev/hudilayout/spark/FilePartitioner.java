package dev.hudilayout.spark;

import dev.hudilayout.layout.CurveModel;

import org.apache.spark.Partitioner;
import org.apache.spark.broadcast.Broadcast;

/** Sends each curve key to the output file whose key range holds it. */
final class FilePartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;
  private final Broadcast<CurveModel> model;
  private final int files;

  FilePartitioner(Broadcast<CurveModel> model, int files) {
    this.model = model;
    this.files = files;
  }

  @Override
  public int numPartitions() {
    return files;
  }

  @Override
  public int getPartition(Object key) {
    return model.value().file(key);
  }
}
