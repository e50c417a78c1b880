package dev.hudilayout.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verdict of when=pays: reads the recorded scans would save against the bytes a clustering rewrites. */
class PayoffTest {
  private static final double MB = 1e6;

  private static List<ScanEntry> scans(int count, long read, long total) {
    List<ScanEntry> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new ScanEntry(i, "t", List.of(ColumnFilter.of("s_city", Shape.EQUALS, 1)), read, total, 5));
    }
    return out;
  }

  @Test
  void withNoScansSinceTheLastClusteringNothingPays() {
    Payoff verdict = Payoff.weigh(List.of(), 0.1, 100 * MB, 100 * MB, 1.0);
    assertFalse(verdict.pays);
    assertTrue(verdict.reason.startsWith("no scans recorded since the last clustering"), verdict.reason);
  }

  @Test
  void scansThatReadEveryFileOfATableTheLayoutNarrowsPay() {
    // the class's example: 40 scans of 16 of 16 files, 1.5 of 16 after, the whole 100 MB table rewritten
    Payoff verdict = Payoff.weigh(scans(40, 16, 16), 1.5 / 16, 100 * MB, 100 * MB, 1.0);
    assertTrue(verdict.pays, verdict.reason);
    assertEquals(40 * (1 - 1.5 / 16) * 100 * MB, verdict.bytesSaved, 1);
    assertEquals(200 * MB, verdict.bytesRewritten, 1);
    assertTrue(verdict.reason.contains("gain 18.1, at least 1"), verdict.reason);
  }

  @Test
  void scansThatAlreadyReadWhatTheLayoutWouldSaveNothing() {
    Payoff verdict = Payoff.weigh(scans(40, 2, 16), 2.0 / 16, 100 * MB, 100 * MB, 1.0);
    assertFalse(verdict.pays, verdict.reason);
    assertEquals(0, verdict.bytesSaved, 0);
    Payoff worse = Payoff.weigh(scans(40, 2, 16), 4.0 / 16, 100 * MB, 100 * MB, 1.0);
    assertFalse(worse.pays, worse.reason);
  }

  @Test
  void theRatioIsTheThreshold() {
    // 4 scans saving half of a 100 MB table each: 200 MB saved against 200 MB rewritten, a gain of 1
    List<ScanEntry> window = scans(4, 16, 16);
    assertTrue(Payoff.weigh(window, 0.5, 100 * MB, 100 * MB, 1.0).pays);
    Payoff below = Payoff.weigh(window, 0.5, 100 * MB, 100 * MB, 1.5);
    assertFalse(below.pays);
    assertTrue(below.reason.contains("below 1.5"), below.reason);
    // rewriting a tenth of the table for the same reads pays ten times over
    assertTrue(Payoff.weigh(window, 0.5, 100 * MB, 10 * MB, 9.0).pays);
  }

  @Test
  void scansThatDoNotSayHowManyFilesTheTableHeldAreLeftOut() {
    List<ScanEntry> window = new ArrayList<>(scans(3, 16, -1));
    Payoff none = Payoff.weigh(window, 0.1, 100 * MB, 100 * MB, 1.0);
    assertFalse(none.pays);
    assertTrue(none.reason.contains("(3 entries)"), none.reason);
    window.addAll(scans(4, 16, 16));
    Payoff some = Payoff.weigh(window, 0.5, 100 * MB, 100 * MB, 1.0);
    assertTrue(some.reason.startsWith("4 scans since"), some.reason);
  }

  @Test
  void theVerdictIsOneLineOfJson() {
    Payoff verdict = Payoff.weigh(scans(4, 16, 16), 0.5, 100 * MB, 100 * MB, 1.0);
    String json = verdict.toJson(42);
    assertFalse(json.contains("\n"));
    Object parsed = JsonText.parse(json);
    assertTrue(parsed instanceof java.util.Map, json);
    assertEquals(Boolean.TRUE, ((java.util.Map<?, ?>) parsed).get("pays"));
    assertEquals(verdict.reason, ((java.util.Map<?, ?>) parsed).get("reason"));
  }
}
