package dev.hudilayout.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.UncheckedIOException;

/**
 * The jar's one JSON writer: every JSON text it hands to Python or writes into the jar is made here,
 * by one shared Jackson mapper, so every string is escaped alike. Callers build the value from
 * Maps (a {@link java.util.LinkedHashMap} keeps its keys in order), Lists and arrays, Strings,
 * numbers, booleans and nulls.
 */
public final class Json {
  /** Configured once and shared: Jackson's mapper is thread-safe once configured. */
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {
  }

  /** {@code value} as compact JSON (no spaces or line breaks); "null" for null. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw failed(value, e);
    }
  }

  /** {@code value} as indented JSON, a member a line (Jackson's default pretty printer): for a file people read. */
  public static String writeIndented(Object value) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw failed(value, e);
    }
  }

  private static UncheckedIOException failed(Object value, JsonProcessingException e) {
    String what = value == null ? "null" : value.getClass().getName();
    return new UncheckedIOException("Cannot write a " + what + " as JSON: " + e.getMessage(), e);
  }
}
