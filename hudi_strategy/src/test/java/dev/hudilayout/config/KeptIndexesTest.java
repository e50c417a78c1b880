package dev.hudilayout.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeptIndexesTest {

  private static final Set<String> TABLE = Set.of("files", "column_stats", "record_index", "bloom_filters");

  @Test
  void eachIndexTheTableHasIsKeptOnAndNoOther() {
    assertEquals(Map.of("hoodie.metadata.record.index.enable", "true",
            "hoodie.metadata.index.bloom.filter.enable", "true"),
        KeptIndexes.options(Set.of("files", "record_index", "bloom_filters", "secondary_index_idx_c")));
    assertEquals(Map.of(), KeptIndexes.options(Set.of("files")));
  }

  @Test
  void aConfigThatKeepsEveryIndexTheTableHasIsNotRefused() {
    assertNull(KeptIndexes.refusal(TABLE, Map.of("files", true, "column_stats", true, "record_index", true,
        "bloom_filters", true, "partition_stats", false)));
    // an index the table does not have may be off; a table without a metadata table has nothing to lose
    assertNull(KeptIndexes.refusal(Set.of("files", "column_stats"), Map.of("files", true, "column_stats", true,
        "record_index", false)));
    assertNull(KeptIndexes.refusal(Set.of(), Map.of("files", false)));
  }

  @Test
  void anIndexTheConfigLeavesOffIsRefusedNamingItsKeyTheValueAndWhatIsAccepted() {
    String error = KeptIndexes.refusal(TABLE, Map.of("files", true, "column_stats", false, "record_index", true,
        "bloom_filters", false));
    assertTrue(error.contains("hoodie.metadata.index.column.stats.enable=false")
        && error.contains("hoodie.metadata.index.bloom.filter.enable=false"), error);
    assertTrue(error.contains("indexes bloom_filters, column_stats") && error.contains("Nothing was written"), error);
    assertTrue(error.contains("Accepted: hoodie.metadata.index.bloom.filter.enable=true, "
        + "hoodie.metadata.index.column.stats.enable=true"), error);
    assertTrue(!error.contains("record.index"), error);
  }

  @Test
  void theMetadataTableOffIsRefusedAsAWhole() {
    String error = KeptIndexes.refusal(TABLE, Map.of("files", false, "column_stats", false));
    assertTrue(error.contains("hoodie.metadata.enable=false") && error.contains("the metadata table (partitions "), error);
    assertTrue(error.contains("Accepted: hoodie.metadata.enable=true "), error);
  }
}
