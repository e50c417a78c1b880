package dev.hudilayout.hudi;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** File ids read from the names of a table's files. */
class BucketTablesTest {
  @Test
  void baseAndLogFilesNameTheirFileId() {
    assertEquals("00000002-5e6f-4a1b-9c8d-7e6f5a4b3c2d-0",
        BucketTables.fileIdOf("00000002-5e6f-4a1b-9c8d-7e6f5a4b3c2d-0_1-22-33_20261128101010123.parquet"));
    assertEquals("74e5c7db-2b7f-4d3e-9c2a-0f1e2d3c4b5a-0",
        BucketTables.fileIdOf(".74e5c7db-2b7f-4d3e-9c2a-0f1e2d3c4b5a-0_20261128101010123.log.1_0-1-2"));
  }

  @Test
  void otherFilesNameNone() {
    assertNull(BucketTables.fileIdOf(".hoodie_partition_metadata"));
    assertNull(BucketTables.fileIdOf("_SUCCESS"));
    assertNull(BucketTables.fileIdOf("notes.txt"));
  }
}
