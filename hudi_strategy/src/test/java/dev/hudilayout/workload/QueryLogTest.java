package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The query log's lines and its cap. */
class QueryLogTest {
  @Test
  void theOldestFilesGoUntilTheRestFitTheCap() {
    assertEquals(List.of(0), LogCap.toDelete(new long[] {40, 30, 50}, 90));
    assertEquals(List.of(0, 1), LogCap.toDelete(new long[] {40, 30, 50}, 79));
    assertEquals(Collections.emptyList(), LogCap.toDelete(new long[] {40, 30, 50}, 120));
  }

  @Test
  void theNewestFileStaysEvenOverTheCap() {
    assertEquals(List.of(0, 1), LogCap.toDelete(new long[] {40, 30, 50}, 1));
    assertEquals(Collections.emptyList(), LogCap.toDelete(new long[] {500}, 1));
  }

  @Test
  void anEntryIsOneLineOfJsonWithNoRowValueButARangesBounds() {
    ColumnFilter range = ColumnFilter.range("lo_discount", "1", null).and(ColumnFilter.range("lo_discount", null, "3"));
    ScanEntry entry = new ScanEntry(7, "s3://b/t\"x", Arrays.asList(ColumnFilter.of("s_city", Shape.EQUALS, 1),
        range, ColumnFilter.of("c_city", Shape.NULL_TEST, 0)), 2, 16, 40);
    assertEquals("{\"time\":7,\"table\":\"s3://b/t\\\"x\",\"filters\":["
        + "{\"column\":\"s_city\",\"shape\":\"equals\",\"count\":1},"
        + "{\"column\":\"lo_discount\",\"shape\":\"range\",\"lower\":\"1\",\"upper\":\"3\"},"
        + "{\"column\":\"c_city\",\"shape\":\"null_test\"}],"
        + "\"files_read\":2,\"files_total\":16,\"query_ms\":40}", entry.toJson());
  }
}
