package dev.hudilayout.config;

import dev.hudilayout.layout.LayoutMetadata;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The options.json export ({@link OptionsData#json()}) and {@link KnownKeys#json()}: what the
 * Python side parses comes back as the declarations it was made from, in the layout the jar has
 * always carried (one line per option and per metadata key).
 */
class OptionsDataTest {
  private static final ObjectMapper READER = new ObjectMapper();

  @Test
  @SuppressWarnings("unchecked")
  void theExportReadsBackAsTheDeclarations() throws IOException {
    String json = OptionsData.json();
    Map<String, Object> doc = READER.readValue(json, Map.class);
    assertEquals(List.of("format", "prefix", "metadata_prefix", "options", "metadata"), new ArrayList<>(doc.keySet()));
    assertEquals(OptionsData.FORMAT, doc.get("format"));
    assertEquals(LayoutOptions.PREFIX, doc.get("prefix"));
    List<Map<String, Object>> options = (List<Map<String, Object>>) doc.get("options");
    List<DeclaredOption<?>> declared = OptionsData.options();
    assertEquals(declared.size(), options.size());
    for (int i = 0; i < declared.size(); i++) {
      DeclaredOption<?> o = declared.get(i);
      Map<String, Object> d = options.get(i);
      assertEquals(List.of("key", "owner", "type", "element", "default", "accepted", "min", "min_inclusive", "max",
          "max_inclusive", "choices", "aliases", "doc", "since"), new ArrayList<>(d.keySet()));
      assertEquals(o.key(), d.get("key"));
      assertEquals(o.doc(), d.get("doc"), o.key());
      assertEquals(o.rule().accepted(), d.get("accepted"), o.key());
      assertEquals(o.rule().choices(), d.get("choices"), o.key());
      assertEquals(o.rule().aliases(), d.get("aliases"), o.key());
      assertEquals(o.rule().minInclusive(), d.get("min_inclusive"), o.key());
    }
    List<Map<String, Object>> metadata = (List<Map<String, Object>>) doc.get("metadata");
    assertEquals(LayoutMetadata.all().size(), metadata.size());
    for (int i = 0; i < metadata.size(); i++) {
      assertEquals(LayoutMetadata.all().get(i).key(), metadata.get(i).get("key"));
      assertEquals(LayoutMetadata.all().get(i).doc(), metadata.get(i).get("doc"));
      assertEquals(LayoutMetadata.all().get(i).prefix(), metadata.get(i).get("prefix"));
    }
    assertTrue(json.endsWith("}\n"), "a text file ends its last line");
  }

  @Test
  void knownKeysReadBackAsTheMapTheyAreMadeFrom() throws IOException {
    Map<String, String> all = KnownKeys.all();
    assertEquals(all, READER.readValue(KnownKeys.json(), Map.class));
    assertEquals(new ArrayList<>(all.keySet()),
        new ArrayList<>(((Map<?, ?>) READER.readValue(KnownKeys.json(), Map.class)).keySet()));
  }
}
