package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecordedColumnsTest {

  @Test
  void aGridServesOnlyItsOwnColumnsInTheirOrder() {
    assertTrue(RecordedColumns.same(List.of("a", "b"), List.of("a", "b")));
    assertFalse(RecordedColumns.same(List.of("a", "b"), List.of("b", "a")));
    assertFalse(RecordedColumns.same(List.of("a", "b", "c"), List.of("a", "d")));
  }

  @Test
  void theRefusalNamesTheOptionBothColumnListsThePartitionAndTheWayOut() {
    String error = RecordedColumns.refusal("2026-01-01", List.of("a", "b", "c"), List.of("a", "d"));
    assertTrue(error.contains("sort_columns") && error.contains("= a,d"), error);
    assertTrue(error.contains("'2026-01-01'") && error.contains("on a,b,c"), error);
    assertTrue(error.contains("incremental=False"), error);
  }
}
