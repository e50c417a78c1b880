package dev.hudilayout.spark;

import org.apache.hudi.common.model.HoodieRecord;

import java.io.Serializable;

/**
 * A Hudi record's sort-column values, in the spec's order, as the Hudi line in use reads them (its
 * record API takes that line's schema type). Sent with the tasks of the RDD path.
 */
@FunctionalInterface
public interface RecordValues extends Serializable {
  Object[] of(HoodieRecord<?> record);
}
