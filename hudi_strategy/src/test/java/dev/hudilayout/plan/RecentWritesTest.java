package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

class RecentWritesTest {
  // the clustering c = 001 made X; the writes are 002, 003, 004
  private static final Map<String, String> ORIGINS = Map.of("X", "001", "A", "002", "B", "003", "C", "004");
  private static final List<String> GROUPS = List.of("A", "B", "C", "X");

  private static RecentWrites.Write write(String instant, Set<String> created, Set<String> updated) {
    return new RecentWrites.Write(instant, created, updated);
  }

  @Test
  void lateUpdatesLeaveOutWhatTheNewestWriteTouched() {
    RecentWrites r = RecentWrites.of(List.of(write("004", Set.of("C"), Set.of("B")),
        write("002", Set.of("A"), Set.of()), write("003", Set.of("B"), Set.of("A"))), ORIGINS);
    assertEquals(1, r.depth());
    assertArrayEquals(new boolean[] {false, true, true, false}, r.leaveOut(GROUPS));
  }

  @Test
  void spreadUpdatesReachEveryGroupAndThenNoneIsLeftOut() {
    RecentWrites r = RecentWrites.of(List.of(write("002", Set.of("A"), Set.of()),
        write("003", Set.of("B"), Set.of("A")), write("004", Set.of("C"), Set.of("X"))), ORIGINS);
    assertEquals(3, r.depth());
    assertArrayEquals(new boolean[] {false, false, false, false}, r.leaveOut(GROUPS));
    // a group no write touched is planned; the others are left out
    assertArrayEquals(new boolean[] {true, true, true, false}, r.leaveOut(List.of("A", "B", "X", "Y")));
  }

  @Test
  void anUpdateAfterAnotherUpdateCountsFromTheLatterOne() {
    // X is updated by 002 (no write since c made it: distance 0) and by 004 (003 between: distance 1)
    RecentWrites r = RecentWrites.of(List.of(write("002", Set.of("A"), Set.of("X")),
        write("003", Set.of("B"), Set.of()), write("004", Set.of("C"), Set.of("X"))), ORIGINS);
    assertEquals(2, r.depth());
    assertArrayEquals(new boolean[] {false, true, true, true}, r.leaveOut(GROUPS));
  }

  @Test
  void aTableThatOnlyInsertsLeavesNothingOut() {
    RecentWrites r = RecentWrites.of(List.of(write("002", Set.of("A"), Set.of()),
        write("003", Set.of("B"), Set.of())), ORIGINS);
    assertEquals(0, r.depth());
    assertArrayEquals(new boolean[] {false, false, false, false}, r.leaveOut(GROUPS));
  }

  @Test
  void theWritersAreActiveWhileAWriteIsInFlightOrUntilAClusteringFollowsOrTheyMissTwoBeats() {
    List<Long> writes = List.of(1_000L, 5_000L, 3_000L); // beat: 2 s, so paused 4 s after the newest
    assertEquals(9_000L, RecentWrites.pausedAt(writes));
    assertEquals(true, RecentWrites.writersActive(true, writes, 9_500L, 20_000L), "a write in flight");
    assertEquals(true, RecentWrites.writersActive(false, writes, 4_000L, 8_999L), "within two beats");
    assertEquals(false, RecentWrites.writersActive(false, writes, 4_000L, 9_000L), "two beats missed");
    assertEquals(false, RecentWrites.writersActive(false, writes, 5_500L, 6_000L), "a clustering followed");
    assertEquals(false, RecentWrites.writersActive(false, List.of(), Long.MIN_VALUE, 0L), "no write");
    assertEquals(false, RecentWrites.writersActive(false, List.of(7_000L), Long.MIN_VALUE, 7_000L),
        "one write: no beat to wait for");
    assertArrayEquals(new boolean[] {false}, RecentWrites.PAUSED.leaveOut(List.of("A")));
  }

  @Test
  void theBeatIsTheLongestOfTheLastIntervals() {
    // an old gap of 100 s is past the last BEAT_INTERVALS intervals: the beat is 3 s
    List<Long> writes = List.of(0L, 100_000L, 101_000L, 102_000L, 105_000L, 106_000L);
    assertEquals(106_000L + 2 * 3_000L, RecentWrites.pausedAt(writes));
    assertEquals(Long.MIN_VALUE, RecentWrites.pausedAt(List.of()));
  }
}
