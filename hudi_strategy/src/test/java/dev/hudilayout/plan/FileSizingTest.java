package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FileSizingTest {
  // a footer of 2,000 bytes and a bloom filter of 431,000 (one block whatever the rows), 40 bytes a row
  private final FileSizing fixed = new FileSizing(new FileSizing.Footer(2_000, 431_000, 0, 0, 1), 40,
      "3 of its files, such as f.parquet");
  // a dynamic bloom filter: 1,500 bytes for up to 200 keys, 1,456 more per 200 keys, up to 500 blocks
  private final FileSizing dynamic = new FileSizing(new FileSizing.Footer(2_000, 1_500, 1_456, 200, 500), 8, "f");

  @Test
  void theFootersBloomFilterGrowsByABlockPerBlockOfRowsUpToItsMaximum() {
    assertEquals(3_500, dynamic.footer.bytes(0));
    assertEquals(3_500, dynamic.footer.bytes(200));
    assertEquals(4_956, dynamic.footer.bytes(201));
    assertEquals(3_500 + 499 * 1_456, dynamic.footer.bytes(10_000_000), "at most 500 blocks");
    assertEquals(433_000, fixed.footer.bytes(1_000_000));
  }

  @Test
  void aSlicesLogFilesAddTheRowsTheyInsertNotTheirOwnBytes() {
    // 250 rows of 40 bytes in the base file, and a log of 25 updates in 9,000 bytes
    assertEquals(10_000, fixed.mergedRowBytes(10_000, 9_000, 0L), "updates replace rows");
    assertEquals(10_000 + 30 * 40, fixed.mergedRowBytes(10_000, 9_000, 30L), "30 rows inserted");
    assertEquals(10_000 - 5 * 40, fixed.mergedRowBytes(10_000, 9_000, -5L), "5 rows deleted");
    assertEquals(0, fixed.mergedRowBytes(0, 9_000, -5L));
    assertEquals(19_000, fixed.mergedRowBytes(10_000, 9_000, null), "no statistics: the log's bytes");
    assertEquals(19_000, FileSizing.NONE.mergedRowBytes(10_000, 9_000, 0L), "no row measured: the log's bytes");
  }

  @Test
  void aFileHoldsTheMostRowsWhoseBytesAndFooterFitTheTarget() {
    // 448 rows: 3,584 + 3,500 + 2 x 1,456 = 9,996; 449 rows: 10,004
    assertEquals(448, dynamic.rowsPerFile(10_000, 8));
    // 400 rows: 3,200 + 3,500 + 1,456 = 8,156; 401 rows take a third block: 3,208 + 6,412 = 9,620
    assertEquals(3_200 + 4_956, 400 * 8 + dynamic.footer.bytes(400));
    assertEquals(0, fixed.rowsPerFile(60_000, 40), "no room for a row besides the footer");
    assertEquals(1_000, fixed.rowsPerFile(433_000 + 40_000, 40));
  }

  @Test
  void theOutputHoldsTheRowsWhateverFilesTheyCameIn() {
    // 30,000 rows of 40 bytes in files of 473,000 bytes: 1,000 rows a file
    assertEquals(30, fixed.outputFiles(30_000 * 40L, 30_000, 473_000));
    // rows unknown: the row bytes over the measured bytes a row
    assertEquals(30, fixed.outputFiles(30_000 * 40L, 0, 473_000));
    // nothing measured: by bytes alone
    assertEquals(3, FileSizing.NONE.outputFiles(201, 0, 100));
  }

  @Test
  void repeatedClusteringsKeepTheirFileCountWhereBytesAloneGrowIt() {
    long rows = 30_000;
    long footer = fixed.footer.bytes(rows);
    long byBytes = 12;
    for (int round = 0; round < 16; round++) {
      // each clustering sees the rows in the files the last one wrote: the same rows, the same count
      assertEquals(8, fixed.outputFiles(rows * 40, rows, 600_000), "30,000 rows in files of 4,175 rows");
      // by bytes alone, a target below the footer counts every file's footer as rows: more files each round
      long more = (long) Math.ceil((byBytes * footer + rows * 40) / 400_000.0);
      assertTrue(more > byBytes, round + ": " + more);
      byBytes = more;
    }
    assertTrue(fixed.refusal(400_000, "target_file_bytes") != null, "that target is refused");
  }

  @Test
  void aTargetWithNoRoomForARowIsRefusedNamingTheOptionTheFooterAndTheSmallestTarget() {
    String error = fixed.refusal(60_000, "target_file_bytes");
    assertTrue(error.contains("target_file_bytes = 60000"), error);
    assertTrue(error.contains("footer of 433000 bytes"), error);
    assertTrue(error.contains("at least 433040 bytes"), error);
    assertTrue(error.contains("hoodie.index.bloom.num_entries"), error);
    assertNull(fixed.refusal(433_040, "target_file_bytes"));
    assertNull(FileSizing.NONE.refusal(1, "target_file_bytes"), "nothing measured, nothing refused");
  }
}
