package dev.hudilayout.config;

import dev.hudilayout.layout.LayoutMetadata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every declared option ({@link LayoutOptions}, {@link HudiOptions}) and every commit-metadata key
 * ({@link LayoutMetadata}) as one JSON document: the data the Python side builds its checks, its
 * option tables and its metadata readers from. The build writes it into the jar as {@link #RESOURCE}
 * ({@code java dev.hudilayout.config.OptionsData <file>}, run by Maven at process-classes).
 *
 * <p>Per option: key, owner ("hudi-layout" or "hudi"), type (int, long, double, boolean, choice,
 * list) and for a list its element type, default (as the parser reads it; null when none), accepted
 * (the rule's text), min/max with min_inclusive/max_inclusive (null: unbounded), choices and
 * aliases, doc and since.
 */
public final class OptionsData {
  /** Where the document is inside the jar. */
  public static final String RESOURCE = "dev/hudilayout/config/options.json";
  /** Bumped when a field changes meaning, so a reader can refuse a document it does not know. */
  public static final int FORMAT = 1;

  private OptionsData() {
  }

  /** Every declared option: Hudi's keys the parser reads, then ours. */
  public static List<DeclaredOption<?>> options() {
    List<DeclaredOption<?>> all = new ArrayList<>(HudiOptions.all());
    all.addAll(LayoutOptions.all());
    return all;
  }

  public static String json() {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"format\": ").append(FORMAT).append(",\n");
    sb.append("  \"prefix\": ").append(str(LayoutOptions.PREFIX)).append(",\n");
    sb.append("  \"metadata_prefix\": ").append(str(LayoutMetadata.PREFIX)).append(",\n");
    sb.append("  \"options\": [");
    String sep = "\n";
    for (DeclaredOption<?> o : options()) {
      Rule r = o.rule();
      sb.append(sep).append("    {");
      field(sb, "key", str(o.key()), true);
      field(sb, "owner", str(o.ours() ? "hudi-layout" : "hudi"), false);
      field(sb, "type", str(name(r.kind())), false);
      field(sb, "element", r.element() == null ? "null" : str(name(r.element())), false);
      field(sb, "default", o.defaultValue() == null ? "null" : value(o.defaultValue()), false);
      field(sb, "accepted", str(r.accepted()), false);
      field(sb, "min", r.min() == null ? "null" : value(r.min()), false);
      field(sb, "min_inclusive", String.valueOf(r.minInclusive()), false);
      field(sb, "max", r.max() == null ? "null" : value(r.max()), false);
      field(sb, "max_inclusive", String.valueOf(r.maxInclusive()), false);
      List<String> choices = new ArrayList<>();
      r.choices().forEach(c -> choices.add(str(c)));
      field(sb, "choices", "[" + String.join(", ", choices) + "]", false);
      List<String> aliases = new ArrayList<>();
      for (Map.Entry<String, String> a : r.aliases().entrySet()) {
        aliases.add(str(a.getKey()) + ": " + str(a.getValue()));
      }
      field(sb, "aliases", "{" + String.join(", ", aliases) + "}", false);
      field(sb, "doc", str(o.doc()), false);
      field(sb, "since", str(o.since()), false);
      sb.append('}');
      sep = ",\n";
    }
    sb.append("\n  ],\n  \"metadata\": [");
    sep = "\n";
    for (LayoutMetadata.Key k : LayoutMetadata.all()) {
      sb.append(sep).append("    {");
      field(sb, "key", str(k.key()), true);
      field(sb, "scope", str(k.scope().name().toLowerCase(Locale.ROOT)), false);
      field(sb, "prefix", String.valueOf(k.prefix()), false);
      field(sb, "doc", str(k.doc()), false);
      sb.append('}');
      sep = ",\n";
    }
    return sb.append("\n  ]\n}\n").toString();
  }

  private static String name(Rule.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  private static void field(StringBuilder sb, String name, String json, boolean first) {
    sb.append(first ? "" : ", ").append(str(name)).append(": ").append(json);
  }

  /** A default or bound as JSON: numbers and booleans as themselves, anything else as a string. */
  private static String value(Object v) {
    if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
      return String.valueOf(v);
    }
    if (v instanceof Double) {
      return Double.toString((Double) v);
    }
    return str(String.valueOf(v));
  }

  /** A JSON string. */
  static String str(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\t':
          sb.append("\\t");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }

  /** Writes {@link #json()} to the file named by the one argument (its folders are made), or prints it. */
  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.out.print(json());
      return;
    }
    Path out = Paths.get(args[0]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.write(out, json().getBytes(StandardCharsets.UTF_8));
  }
}
