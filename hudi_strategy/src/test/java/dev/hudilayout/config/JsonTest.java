package dev.hudilayout.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jar's one JSON writer: strings with quotes, backslashes, control characters and non-ASCII
 * text (in names and in values) come back as they went in, nulls, numbers and nested maps and lists
 * are written as themselves, keys keep their map's order, and the indented form (options.json)
 * is what the Python side reads. The hand-written writers it replaced each escaped
 * differently (one quoted names not at all, one escaped quotes but not backslashes).
 */
class JsonTest {
  private static final ObjectMapper READER = new ObjectMapper();

  private static Object read(String json) {
    try {
      return READER.readValue(json, Object.class);
    } catch (IOException e) {
      throw new AssertionError("Not JSON: " + json, e);
    }
  }

  private static Map<String, Object> map(Object... namesAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      m.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return m;
  }

  @Test
  void quotesAndBackslashesAreEscapedInNamesAndValues() {
    assertEquals("\"say \\\"hi\\\"\"", Json.write("say \"hi\""));
    assertEquals("\"C:\\\\dir\\\\\"", Json.write("C:\\dir\\"));
    assertEquals("{\"a\\\"b\\\\c\":\"d\\\\\\\"e\"}", Json.write(map("a\"b\\c", "d\\\"e")));
    // a backslash before a quote: neither may swallow the other
    assertEquals(map("k\\\"", "\\\"\\"), read(Json.write(map("k\\\"", "\\\"\\"))));
  }

  @Test
  void controlCharactersAreEscapedInNamesAndValues() {
    assertEquals("\"a\\nb\\tc\\rd\\be\\ff\"", Json.write("a\nb\tc\rd\be\ff"));
    assertEquals("\"\\u0000\\u0001\\u001F\"", Json.write("\u0000\u0001\u001f"));
    StringBuilder every = new StringBuilder();
    for (char c = 0; c < 0x80; c++) {
      every.append(c);
    }
    String text = every.toString();
    String json = Json.write(map(text, text));
    for (char c = 0; c < 0x20; c++) {
      assertTrue(json.indexOf(c) < 0, "control character " + (int) c + " written raw: " + json);
    }
    assertEquals(map(text, text), read(json));
  }

  @Test
  void nonAsciiTextIsWrittenAsItIs() {
    String text = "é ß 日本 \uD83D\uDE00 \u2028 \u007f";
    assertEquals("{\"" + text + "\":\"" + text + "\"}", Json.write(map(text, text)));
    assertEquals(map(text, text), read(Json.write(map(text, text))));
  }

  @Test
  void nullsAreNull() {
    assertEquals("null", Json.write(null));
    assertEquals("{\"a\":null,\"b\":[null,\"x\"]}", Json.write(map("a", null, "b", Arrays.asList(null, "x"))));
  }

  @Test
  void numbersAndBooleansAreThemselves() {
    Map<String, Object> m = map("int", 42, "negative", -7, "long", Long.MAX_VALUE, "min", Long.MIN_VALUE,
        "double", 0.5, "whole", 4.0, "small", 1e-4, "zero", 0.0, "yes", true, "no", false);
    assertEquals("{\"int\":42,\"negative\":-7,\"long\":9223372036854775807,\"min\":-9223372036854775808,"
        + "\"double\":0.5,\"whole\":4.0,\"small\":1.0E-4,\"zero\":0.0,\"yes\":true,\"no\":false}", Json.write(m));
    Map<?, ?> back = (Map<?, ?>) read(Json.write(m));
    assertEquals(Long.MAX_VALUE, back.get("long"));
    assertEquals(1e-4, back.get("small"));
    assertEquals(4.0, back.get("whole"));
  }

  @Test
  void nestedMapsAndListsKeepTheirOrder() {
    Map<String, Object> inner = map("z", 1, "a", List.of(1, 2), "m", new int[] {3, 4});
    List<Object> list = new ArrayList<>(List.of("s", 1, inner, List.of(), Map.of()));
    assertEquals("{\"b\":[\"s\",1,{\"z\":1,\"a\":[1,2],\"m\":[3,4]},[],{}],\"a\":{}}",
        Json.write(map("b", list, "a", new LinkedHashMap<>())));
    assertEquals("{\"a\":\"1\",\"b\":\"2\"}", Json.write(new TreeMap<>(Map.of("b", "2", "a", "1"))));
    assertEquals("[]", Json.write(List.of()));
  }

  @Test
  void indentedJsonReadsBackAsTheCompactOneAndPutsMembersOnLines() {
    Map<String, Object> doc = map("format", 1, "name", "a \"b\"\n",
        "items", List.of(map("key", "x", "list", List.of("p", "q"), "map", map("k", "v")),
            map("key", "y", "list", List.of(), "map", map())),
        "none", List.of());
    String indented = Json.writeIndented(doc);
    assertEquals(read(Json.write(doc)), read(indented));
    assertTrue(indented.startsWith("{\n  \"format\" : 1,\n  \"name\" : \"a \\\"b\\\"\\n\",\n"), indented);
    assertTrue(indented.lines().count() > 10, indented);
  }

  @Test
  void aValueJacksonCannotWriteNamesWhatFailed() {
    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Json.write(map("bad", new Object())));
    assertTrue(e.getMessage().startsWith("Cannot write a java.util.LinkedHashMap as JSON: "), e.getMessage());
    assertTrue(e.getMessage().contains("java.lang.Object") && e.getMessage().contains("[\"bad\"]"), e.getMessage());
    assertThrows(UncheckedIOException.class, () -> Json.writeIndented(new Object()));
  }
}
