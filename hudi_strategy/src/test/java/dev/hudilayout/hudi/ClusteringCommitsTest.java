package dev.hudilayout.hudi;

import dev.hudilayout.config.Json;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Comparator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The JSON of one replacecommit and of one timeline instant, as Python reads them: the commit's
 * extra metadata (layouts, region trees, free text) comes back whatever characters it holds, and a
 * pending instant has no completion time.
 */
class ClusteringCommitsTest {
  private static final Comparator<HoodieInstant> BY_TIME = Comparator.comparing(HoodieInstant::requestedTime);

  @Test
  void aReplacecommitsExtraMetadataComesBackAsItWasWritten() throws IOException {
    HoodieInstant instant = new HoodieInstant(HoodieInstant.State.COMPLETED, HoodieTimeline.REPLACE_COMMIT_ACTION,
        "20250101000000000", "20250101000001000", BY_TIME);
    HoodieCommitMetadata md = new HoodieCommitMetadata();
    md.setOperationType(WriteOperationType.CLUSTER);
    String tricky = "\"quoted\" C:\\dir\\ line\nbreak\ttab \u0001 é 日本";
    md.addMetadata("hudilayout.note", tricky);
    md.addMetadata("key \"with\" \\ quotes", "plain");
    String json = Json.write(ClusteringCommits.entry(instant, md));
    @SuppressWarnings("unchecked")
    Map<String, Object> back = new ObjectMapper().readValue(json, Map.class);
    assertEquals(Map.of("instant", "20250101000000000", "action", "replacecommit", "completed", "20250101000001000",
        "operation", "CLUSTER", "extra", md.getExtraMetadata()), back);
    assertEquals(tricky, ((Map<?, ?>) back.get("extra")).get("hudilayout.note"));
    assertEquals("{\"instant\":\"20250101000000000\",\"action\":\"replacecommit\",\"completed\":\"20250101000001000\","
        + "\"operation\":\"CLUSTER\",\"extra\":{", json.substring(0, json.indexOf('{', 1) + 1));
  }

  @Test
  void aPendingInstantHasNoCompletionTime() {
    HoodieInstant pending = new HoodieInstant(HoodieInstant.State.INFLIGHT, HoodieTimeline.CLUSTERING_ACTION,
        "20250101000000000", BY_TIME);
    assertEquals("{\"instant\":\"20250101000000000\",\"action\":\"clustering\",\"state\":\"INFLIGHT\",\"completed\":null}",
        Json.write(ClusteringCommits.timelineEntry(pending, pending.getAction())));
    HoodieInstant done = new HoodieInstant(HoodieInstant.State.COMPLETED, HoodieTimeline.COMMIT_ACTION,
        "20250101000000000", "20250101000002000", BY_TIME);
    assertEquals("{\"instant\":\"20250101000000000\",\"action\":\"commit\",\"state\":\"COMPLETED\","
        + "\"completed\":\"20250101000002000\"}", Json.write(ClusteringCommits.timelineEntry(done, done.getAction())));
  }
}
