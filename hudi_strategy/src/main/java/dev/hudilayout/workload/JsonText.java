package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON for the query log's lines: string literals out, and a small reader back in. The reader
 * takes what {@link ScanEntry#toJson} writes: objects, arrays, strings, numbers, true, false and
 * null. Objects come back as maps, arrays as lists, numbers as doubles.
 */
final class JsonText {
  private final String text;
  private int at;

  private JsonText(String text) {
    this.text = text;
  }

  /** {@code text} as a quoted JSON string. */
  static String quote(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** The value {@code text} holds; IllegalArgumentException, naming the place, when it is not JSON. */
  static Object parse(String text) {
    JsonText reader = new JsonText(text);
    Object value = reader.value();
    reader.space();
    if (reader.at != text.length()) {
      throw reader.error("end of text");
    }
    return value;
  }

  private Object value() {
    space();
    if (at >= text.length()) {
      throw error("a value");
    }
    char c = text.charAt(at);
    if (c == '{') {
      return object();
    }
    if (c == '[') {
      return array();
    }
    if (c == '"') {
      return string();
    }
    for (String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word);
      }
    }
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    try {
      return Double.parseDouble(text.substring(start, at));
    } catch (NumberFormatException e) {
      at = start;
      throw error("a value");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    at++;
    space();
    if (peek('}')) {
      return out;
    }
    do {
      space();
      if (at >= text.length() || text.charAt(at) != '"') {
        throw error("a key");
      }
      String key = string();
      expect(':');
      out.put(key, value());
    } while (peek(','));
    expect('}');
    return out;
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    at++;
    space();
    if (peek(']')) {
      return out;
    }
    do {
      out.add(value());
    } while (peek(','));
    expect(']');
    return out;
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    at++;
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      if (e == 'u' && at + 4 <= text.length()) {
        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
        at += 4;
      } else {
        out.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e);
      }
    }
    throw error("the string's closing quote");
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  /** Skips {@code c} (after any space) if it comes next. */
  private boolean peek(char c) {
    space();
    if (at < text.length() && text.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("'" + c + "'");
    }
  }

  private IllegalArgumentException error(String wanted) {
    return new IllegalArgumentException("not a query-log line: expected " + wanted + " at character " + at + " of "
        + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
  }
}
