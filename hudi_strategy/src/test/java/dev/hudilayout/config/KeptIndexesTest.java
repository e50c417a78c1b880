package dev.hudilayout.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeptIndexesTest {

  @Test
  void eachIndexTheTableHasIsKeptOnAndNoOther() {
    assertEquals(Map.of("hoodie.metadata.record.index.enable", "true",
            "hoodie.metadata.index.bloom.filter.enable", "true"),
        KeptIndexes.options(Set.of("files", "record_index", "bloom_filters", "secondary_index_idx_c")));
    assertEquals(Map.of(), KeptIndexes.options(Set.of("files")));
  }
}
