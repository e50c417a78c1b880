package dev.hudilayout.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class TiersTest {

  @Test
  void aTierThatFillsWithTheNewRowsIsMergedAndMayFillTheNext() {
    // two single layers and the new rows make three of tier 0
    assertEquals(List.of(0, 1), Tiers.toMerge(new long[] {100, 104}, 100, 3));
    assertEquals(List.of(), Tiers.toMerge(new long[] {100}, 100, 3));
    // a merged layer a little under three times the smallest is still tier 1
    assertEquals(1, Tiers.tierOf(290, 100, 3));
    assertEquals(0, Tiers.tierOf(160, 100, 3));
    assertEquals(2, Tiers.tierOf(900, 100, 3));
    // tier 0 fills, its merge (about 300) fills tier 1 with the two layers there
    assertEquals(List.of(0, 1, 2, 3), Tiers.toMerge(new long[] {300, 290, 100, 98}, 100, 3));
    // tier 0 fills, tier 1 does not
    assertEquals(List.of(1, 2), Tiers.toMerge(new long[] {300, 100, 98}, 100, 3));
    assertEquals(List.of(), Tiers.toMerge(new long[] {100, 98}, 100, 0));
    assertEquals(List.of(), Tiers.toMerge(new long[0], 100, 3));
    assertEquals(List.of(), Tiers.toMerge(new long[] {100, 98}, 0, 3));
    // the unit is the new rows, not the smallest layer: 300 and 290 are tier 1, not tier 0
    assertEquals(List.of(), Tiers.toMerge(new long[] {300, 290}, 100, 3));
  }

  /**
   * A write on the grid leaves the new rows as the region's newest layer: it stands in for the new
   * rows and is merged with the layers it fills a tier with, and a region whose tiers the last plan
   * left short does not merge again before more rows come.
   */
  @Test
  void theNewestLayerStandsInForTheNewRowsWrittenOnTheGrid() {
    assertEquals(List.of(0, 1, 2), Tiers.toMergeNewest(new long[] {100, 104, 100}, 3));
    assertEquals(List.of(0, 1, 2, 3, 4), Tiers.toMergeNewest(new long[] {300, 290, 100, 98, 100}, 3));
    assertEquals(List.of(), Tiers.toMergeNewest(new long[] {300, 100, 100}, 3));
    assertEquals(List.of(), Tiers.toMergeNewest(new long[] {100}, 3));
    assertEquals(List.of(), Tiers.toMergeNewest(new long[] {100, 100, 100}, 0));
    // what the plan passed before: no new files, no share, so no layer ever merged
    assertEquals(List.of(), Tiers.toMerge(new long[] {100, 104, 100}, 0, 3));
  }

  @Test
  void overManyRoundsARegionKeepsFewLayersAndRewritesEachRowAboutOncePerTier() {
    // 100 new rows a round: the layers follow a base-3 counter
    List<Long> layers = new ArrayList<>();
    long rewritten = 0;
    int most = 0;
    for (int round = 1; round <= 80; round++) {
      long[] now = layers.stream().mapToLong(Long::longValue).toArray();
      List<Integer> merge = Tiers.toMerge(now, 100, 3);
      long merged = 100;
      List<Long> kept = new ArrayList<>();
      for (int i = 0; i < now.length; i++) {
        if (merge.contains(i)) {
          merged += now[i];
          rewritten += now[i];
        } else {
          kept.add(now[i]);
        }
      }
      kept.add(merged);
      layers = kept;
      most = Math.max(most, layers.size());
    }
    // 80 rounds = 2222 in base 3: eight layers, never more, two per tier
    assertEquals(8, layers.size());
    assertEquals(8, most);
    // a row is rewritten once per tier it climbs: at most 3 times below the fourth tier
    long ingested = 80 * 100;
    assertTrue(rewritten <= 3 * ingested, rewritten + " rows rewritten for " + ingested);
  }
}
