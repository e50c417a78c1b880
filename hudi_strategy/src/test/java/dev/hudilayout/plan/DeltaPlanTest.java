package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The continuous plan's decisions, case by case, on files named by strings. */
class DeltaPlanTest {
  private static final long UNBOUNDED = Long.MAX_VALUE / 4;

  /** A layer of {@code files} files of 100 bytes and 1,000 rows each, named prefix-0, prefix-1, ... */
  private static DeltaPlan.Layer<String> layer(String prefix, int files) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      names.add(prefix + "-" + i);
    }
    return new DeltaPlan.Layer<>(names, 100L * files, 1000L * files);
  }

  @SafeVarargs
  private static DeltaPlan.Region<String> region(String path, DeltaPlan.Layer<String> base,
                                                 DeltaPlan.Layer<String>... pending) {
    return new DeltaPlan.Region<>(path, base, List.of(pending));
  }

  private static DeltaPlan.Settings settings(double fraction, int tiers, long maxBytes) {
    return new DeltaPlan.Settings(fraction, tiers, maxBytes, 100, FileSizing.NONE, 3, 0);
  }

  @Test
  void aRegionWhosePendingRowsReachTheFractionIsLaidOutAgainWhole() {
    // region 0: 4 base files, 2 pending (0.5 of its base): due; region 1: 4 base, 1 pending: not
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(List.of(), 0, List.of(
        region("0", layer("b0", 4), layer("p0", 2)), region("1", layer("b1", 4), layer("p1", 1))),
        settings(0.5, 0, UNBOUNDED));
    assertEquals(1, groups.size());
    DeltaPlan.Group<String> g = groups.get(0);
    assertEquals(List.of("0"), g.due);
    assertEquals(List.of("b0-0", "b0-1", "b0-2", "b0-3", "p0-0", "p0-1"), g.files);
    assertEquals(6, g.outputFiles, "at its base files' size");
    assertEquals("0 new file(s); regions 0 laid out again: pending rows with their share of the new ones >= 0.5 "
        + "x their base", g.why(settings(0.5, 0, UNBOUNDED)));
  }

  @Test
  void aRegionsShareOfTheNewRowsCountsTowardItsFallingDue() {
    // 4,000 new rows in 2 files over bases of 4,000 and 12,000 rows: region 0's share (1,000) with
    // its pending 1,000 reaches 0.5 of its base, its pending alone would not; region 1's 3,000 does not
    List<DeltaPlan.NewFile<String>> news = List.of(new DeltaPlan.NewFile<>("n0", 200), new DeltaPlan.NewFile<>("n1",
        200));
    List<DeltaPlan.Region<String>> regions = List.of(region("0", layer("b0", 4), layer("p0", 1)),
        region("1", layer("b1", 12)));
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(news, 4000, regions, settings(0.5, 0, UNBOUNDED));
    assertEquals(1, groups.size());
    assertEquals(List.of("0"), groups.get(0).due);
    assertEquals(2, groups.get(0).newFiles);
    assertEquals(4 + 5, groups.get(0).outputFiles, "new rows at the target size, the region at its base's");
    assertEquals(0, DeltaPlan.plan(List.of(), 0, regions, settings(0.5, 0, UNBOUNDED)).size());
  }

  @Test
  void pendingLayersOfOneTierMergeWithoutTheBase() {
    // three single layers of one tier (the newest standing in for the new rows written on the grid)
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(List.of(), 0, List.of(
        region("3", layer("b", 40), layer("p1", 1), layer("p2", 1), layer("p3", 1))), settings(100, 3, UNBOUNDED));
    assertEquals(1, groups.size());
    assertEquals(List.of("3"), groups.get(0).merged);
    assertTrue(groups.get(0).due.isEmpty());
    assertEquals(List.of("p1-0", "p2-0", "p3-0"), groups.get(0).files);
    assertTrue(groups.get(0).why(settings(100, 3, UNBOUNDED)).endsWith("regions 3: pending layers merged, 3 of one tier"));
    assertEquals(0, DeltaPlan.plan(List.of(), 0, List.of(region("3", layer("b", 40), layer("p1", 1), layer("p2", 1))),
        settings(100, 3, UNBOUNDED)).size(), "two layers do not fill a tier of three: nothing to do");
  }

  @Test
  void aGroupLaysOutItsDueRegionsWholeAndItsMergingRegionsLayers() {
    // region 0 due (its pending half its base), region 1 merges three single layers of one tier
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(List.of(), 0, List.of(
        region("0", layer("b0", 4), layer("p0", 2)),
        region("1", layer("b1", 40), layer("q1", 1), layer("q2", 1), layer("q3", 1))), settings(0.5, 3, UNBOUNDED));
    assertEquals(1, groups.size());
    assertEquals(List.of("0", "1"), groups.get(0).laidOut(), "the regions whose query shares the group needs");
  }

  @Test
  void aDueRegionThatOutgrowsTwiceTheMinimumSplits() {
    // 50 base files and 25 pending: laid out again into 75 files, 75 / 32 = 2 cells; a region of
    // 40 + 20 = 60 files stays whole
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(List.of(), 0, List.of(
        region("2", layer("b2", 50), layer("p2", 25)), region("5.1", layer("b5", 40), layer("p5", 20))),
        settings(0.5, 0, UNBOUNDED));
    DeltaPlan.Group<String> g = groups.get(0);
    assertEquals(List.of("2", "5.1"), g.due);
    assertEquals(Map.of("2", 2), g.splits);
    assertTrue(g.why(settings(0.5, 0, UNBOUNDED)).contains("; split: 2 into 2"), g.why(settings(0.5, 0, UNBOUNDED)));
  }

  @Test
  void groupsHoldAtMostTheLimitAndADueRegionWithNothingPendingWaitsForRoomBesideNewRows() {
    // 6 new files of 100 bytes, limit 300: two chunks of new rows; region 0 (pending, 600 bytes)
    // fits in neither and is a group of its own; region 1, due by its share alone with nothing
    // pending, finds no chunk with room and waits
    List<DeltaPlan.NewFile<String>> news = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      news.add(new DeltaPlan.NewFile<>("n" + i, 100));
    }
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(news, 6000, List.of(
        region("0", layer("b0", 4), layer("p0", 2)), region("1", layer("b1", 2))), settings(0.5, 0, 300));
    assertEquals(3, groups.size());
    assertEquals(List.of("n0", "n1", "n2"), groups.get(0).files);
    assertEquals(List.of("n3", "n4", "n5"), groups.get(1).files);
    assertEquals(List.of("0"), groups.get(2).due);
    assertEquals(0, groups.get(2).newFiles);
    assertTrue(groups.stream().noneMatch(g -> g.due.contains("1")), "region 1 waits");
    assertEquals(3, FileSizing.NONE.outputFiles(201, 0, 100), "nothing known of rows: by bytes alone");
    assertEquals(1, FileSizing.NONE.outputFiles(0, 0, 100));
  }

  /** Files cost 1,000 bytes of footer each, whatever their rows. */
  private static final FileSizing FOOTERS = new FileSizing(new FileSizing.Footer(1000, 0, 0, 0, 1), 5, "f");

  @Test
  void aRegionLaidOutAgainHoldsTheTargetsRowsPerFileWhateverFilesItsRowsCameIn() {
    // the base: 10 files of 20 rows (a collapsed layout: 1,000 + 100 bytes each); pending: 200
    // rows in 8 files; rows cost 5 bytes, so a 1,500-byte file holds 100 rows besides its footer
    DeltaPlan.Layer<String> base = new DeltaPlan.Layer<>(names("b", 10), 10 * 1100, 10 * 100, 200);
    DeltaPlan.Layer<String> pending = new DeltaPlan.Layer<>(names("p", 8), 8 * 1000 + 1000, 1000, 200);
    DeltaPlan.Settings s = new DeltaPlan.Settings(0.5, 0, 1 << 30, 1500, FOOTERS, 3, 0);
    List<DeltaPlan.Group<String>> groups = DeltaPlan.plan(List.of(), 0,
        List.of(new DeltaPlan.Region<>("0", base, List.of(pending))), s);
    assertEquals(1, groups.size());
    assertEquals(4, groups.get(0).outputFiles, "400 rows in files of 100");
    // counted as rows, the 18 input footers would have asked for (11,000 + 9,000) / 1,500 = 14 files
  }

  @Test
  void newFilesGoToFilesOfTheTargetsRowsAtTheRowBytesOfLaidOutFiles() {
    // 10 new files of 1,000 bytes of footer and 100 of rows (20 rows each)
    List<DeltaPlan.NewFile<String>> news = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      news.add(new DeltaPlan.NewFile<>("n" + i, 1100, 100));
    }
    DeltaPlan.Settings s = new DeltaPlan.Settings(0.5, 0, 1 << 30, 1500, FOOTERS, 3, 0);
    assertEquals(2, DeltaPlan.plan(news, 200, List.of(), s).get(0).outputFiles, "200 rows of 5 bytes, 100 a file");
    // beside a region whose laid-out files hold a row in 2.5 bytes: 200 rows a file
    DeltaPlan.Layer<String> base = new DeltaPlan.Layer<>(names("b", 1), 1500, 500, 200);
    DeltaPlan.Settings notDue = new DeltaPlan.Settings(100, 0, 1 << 30, 1500, FOOTERS, 3, 0);
    DeltaPlan.Group<String> g = DeltaPlan.plan(news, 200,
        List.of(new DeltaPlan.Region<>("0", base, List.of())), notDue).get(0);
    assertTrue(g.due.isEmpty());
    assertEquals(1, g.outputFiles);
  }

  private static List<String> names(String prefix, int files) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      names.add(prefix + "-" + i);
    }
    return names;
  }
}
