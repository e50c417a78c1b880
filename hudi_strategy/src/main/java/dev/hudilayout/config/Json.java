package dev.hudilayout.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
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

  /**
   * {@code value} as JSON laid out by levels: the containers of the first {@code levels} levels
   * (the value itself is level 1) put each member on a line of its own, indented two spaces a
   * level; deeper ones stay on one line, members apart by ", " and names by ": ". An empty
   * container is "[]" or "{}" at any level.
   */
  public static String write(Object value, int levels) {
    try {
      return MAPPER.writer(new Levels(levels)).writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw failed(value, e);
    }
  }

  private static UncheckedIOException failed(Object value, JsonProcessingException e) {
    String what = value == null ? "null" : value.getClass().getName();
    return new UncheckedIOException("Cannot write a " + what + " as JSON: " + e.getMessage(), e);
  }

  /** The printer of {@link #write(Object, int)}; one per document (it counts the levels it is in). */
  private static final class Levels implements PrettyPrinter {
    private final int levels;
    /** Containers open around what is written next. */
    private int depth;

    Levels(int levels) {
      this.levels = levels;
    }

    private void newLine(JsonGenerator g, int indent) throws IOException {
      g.writeRaw('\n');
      for (int i = 0; i < indent; i++) {
        g.writeRaw("  ");
      }
    }

    /** Before a member of the innermost open container: a new line where it is laid out by lines. */
    private void beforeMember(JsonGenerator g) throws IOException {
      if (depth <= levels) {
        newLine(g, depth);
      }
    }

    private void separator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      if (depth <= levels) {
        newLine(g, depth);
      } else {
        g.writeRaw(' ');
      }
    }

    private void end(JsonGenerator g, int members, char close) throws IOException {
      if (depth <= levels && members > 0) {
        newLine(g, depth - 1);
      }
      depth--;
      g.writeRaw(close);
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(' ');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      beforeMember(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      separator(g);
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      end(g, entries, '}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
      beforeMember(g);
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      separator(g);
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      end(g, values, ']');
    }
  }
}
