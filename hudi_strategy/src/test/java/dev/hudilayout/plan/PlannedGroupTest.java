package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hudilayout.layout.LayoutMetadata;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PlannedGroupTest {

  @Test
  void aGroupReadsBackWhatThePlanWrote() {
    Map<String, Integer> splits = new LinkedHashMap<>();
    splits.put("0", 4);
    splits.put("1.2", 2);
    Map<String, String> written = PlannedGroup.metadata(PlannedGroup.Kind.DELTA, null, "2 due regions", null, splits);
    assertEquals("delta", written.get("hudilayout.kind"));
    assertEquals("0:4;1.2:2", written.get(LayoutMetadata.SPLITS.key()));
    PlannedGroup read = PlannedGroup.of(written, "2024-01-01");
    assertEquals(PlannedGroup.Kind.DELTA, read.kind);
    assertEquals("2024-01-01", read.partition);
    assertEquals("delta (2 due regions)", read.describe());
  }

  @Test
  void aGroupNoPlanOfOursMarkedIsNotPlanned() {
    assertNull(PlannedGroup.of(null, "p"));
    assertNull(PlannedGroup.of(Map.of("some.other.key", "x"), "p"));
  }

  @Test
  void aPlanLeftPendingByAnEarlierBuildIsStillRead() {
    // Earlier builds wrote the kind under hudilayout.stage; a requested clustering they planned
    // may execute after an upgrade.
    Map<String, String> old = new HashMap<>(PlannedGroup.metadata(PlannedGroup.Kind.FULL, null, "no grid", null, Map.of()));
    old.put("hudilayout.stage", old.remove(LayoutMetadata.KIND.key()));
    PlannedGroup read = PlannedGroup.of(old, "");
    assertEquals(PlannedGroup.Kind.FULL, read.kind);
    assertEquals("full (no grid)", read.describe());
  }
}
