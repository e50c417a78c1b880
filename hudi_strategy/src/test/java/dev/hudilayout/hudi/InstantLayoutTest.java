package dev.hudilayout.hudi;

import dev.hudilayout.layout.sample.SampleRow;

import org.apache.hudi.common.model.HoodieFileGroupId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InstantLayoutTest {

  @Test
  void aGroupsSampleKeepsTheSamplesOrderWhateverOrderThePlanListsItsFiles() {
    // Three base files; the sample (in its own order) interleaves their rows. Hudi lists a group's
    // file groups in the order of their random ids, so the group's sample must not follow that.
    Map<String, String> fileIdByName = new LinkedHashMap<>();
    fileIdByName.put("a.parquet", "id-a");
    fileIdByName.put("b.parquet", "id-b");
    fileIdByName.put("c.parquet", "id-c");
    List<SampleRow> sample = new ArrayList<>();
    String[] files = {"b.parquet", "a.parquet", "c.parquet", "a.parquet", "b.parquet", "c.parquet", "x.parquet"};
    for (int i = 0; i < files.length; i++) {
      sample.add(new SampleRow("k" + i, files[i], new byte[0][]));
    }
    InstantLayout layout = new InstantLayout(null, sample, sample, fileIdByName, null, sample.size(), false);
    HoodieFileGroupId a = new HoodieFileGroupId("", "id-a");
    HoodieFileGroupId b = new HoodieFileGroupId("", "id-b");
    List<String> ab = keys(layout.sampleOf(Arrays.asList(a, b)));
    assertEquals(Arrays.asList("k0", "k1", "k3", "k4"), ab);
    assertEquals(ab, keys(layout.sampleOf(Arrays.asList(b, a))));
    assertEquals(Arrays.asList("k2", "k5"), keys(layout.sampleOf(Arrays.asList(new HoodieFileGroupId("", "id-c")))));
  }

  private static List<String> keys(List<SampleRow> rows) {
    return rows.stream().map(r -> r.recordKey).collect(Collectors.toList());
  }
}
