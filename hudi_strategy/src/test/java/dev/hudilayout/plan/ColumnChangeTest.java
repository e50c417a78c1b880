package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnChangeTest {

  private static final List<ColumnChange.OldRegion> REGIONS = List.of(new ColumnChange.OldRegion("0", 500),
      new ColumnChange.OldRegion("1", 700), new ColumnChange.OldRegion("2.0", 300), new ColumnChange.OldRegion("3", 900));

  @Test
  void aGridServesOnlyItsOwnColumnsInTheirOrder() {
    assertTrue(ColumnChange.same(List.of("a", "b"), List.of("a", "b")));
    assertFalse(ColumnChange.same(List.of("a", "b"), List.of("b", "a")));
    assertFalse(ColumnChange.same(List.of("a", "b", "c"), List.of("a", "d")));
  }

  @Test
  void oldRegionsMoveInCurveOrderUntilTheirRowsReachTheNewRowsOverTheMergeFraction() {
    // 500 new rows at 0.5: 1,000 old rows are due, reached by the second region (1,200)
    assertEquals(List.of("0", "1"), ColumnChange.moving(REGIONS, 500, 0.5, false));
    // exactly reached by the first two regions: no third
    assertEquals(List.of("0", "1"), ColumnChange.moving(REGIONS, 600, 0.5, false));
    assertEquals(List.of("0", "1", "2.0"), ColumnChange.moving(REGIONS, 601, 0.5, false));
    // a lower fraction moves more for the same new rows
    assertEquals(List.of("0", "1", "2.0", "3"), ColumnChange.moving(REGIONS, 500, 0.25, false));
  }

  @Test
  void aTableThatStopsGrowingStillMovesOneRegionAClustering() {
    assertEquals(List.of("0"), ColumnChange.moving(REGIONS, 0, 0.5, false));
    assertEquals(List.of(), ColumnChange.moving(List.of(), 1000, 0.5, false));
  }

  @Test
  void theFirstLayoutOnTheNewColumnsIsDrawnFromTheNewRowsAloneUnlessThereAreNone() {
    assertEquals(List.of(), ColumnChange.moving(REGIONS, 500, 0.5, true));
    assertEquals(List.of("0"), ColumnChange.moving(REGIONS, 0, 0.5, true));
  }

  @Test
  void theCommitSaysWhatMoved() {
    String why = ColumnChange.moved(List.of("a", "b", "c"), 2, 4, 1200, 500);
    assertTrue(why.contains("moving from a,b,c") && why.contains("2 of 4 old region(s)"), why);
    assertTrue(why.contains("1200 rows") && why.contains("500 new rows"), why);
  }
}
