package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link AutoColumns#filesPerPartition}: the grid auto's model cuts on a partitioned table. */
class FilesPerPartitionTest {
  @Test
  void aPartitionsGridHoldsItsShareOfTheFilesToTheNearestFileAndAtLeastOne() {
    assertEquals(3, AutoColumns.filesPerPartition(300, 100));
    assertEquals(16, AutoColumns.filesPerPartition(64, 4));
    assertEquals(3, AutoColumns.filesPerPartition(250, 100));  // 2.5 files a partition
    assertEquals(2, AutoColumns.filesPerPartition(240, 100));
    assertEquals(1, AutoColumns.filesPerPartition(10, 100));
    assertEquals(7, AutoColumns.filesPerPartition(7, 0));      // no partition counted: the files themselves
  }
}
