package dev.hudilayout.config;

import dev.hudilayout.layout.LayoutMetadata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  /** The document: one line per option and per metadata key (the layout {@link Json#write(Object, int)} gives to 2 levels). */
  public static String json() {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("format", FORMAT);
    doc.put("prefix", LayoutOptions.PREFIX);
    doc.put("metadata_prefix", LayoutMetadata.PREFIX);
    List<Map<String, Object>> options = new ArrayList<>();
    for (DeclaredOption<?> o : options()) {
      Rule r = o.rule();
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("key", o.key());
      d.put("owner", o.ours() ? "hudi-layout" : "hudi");
      d.put("type", name(r.kind()));
      d.put("element", r.element() == null ? null : name(r.element()));
      d.put("default", value(o.defaultValue()));
      d.put("accepted", r.accepted());
      d.put("min", value(r.min()));
      d.put("min_inclusive", r.minInclusive());
      d.put("max", value(r.max()));
      d.put("max_inclusive", r.maxInclusive());
      d.put("choices", r.choices());
      d.put("aliases", r.aliases());
      d.put("doc", o.doc());
      d.put("since", o.since());
      options.add(d);
    }
    doc.put("options", options);
    List<Map<String, Object>> metadata = new ArrayList<>();
    for (LayoutMetadata.Key k : LayoutMetadata.all()) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("key", k.key());
      d.put("scope", k.scope().name().toLowerCase(Locale.ROOT));
      d.put("prefix", k.prefix());
      d.put("doc", k.doc());
      metadata.add(d);
    }
    doc.put("metadata", metadata);
    return Json.writeIndented(doc) + "\n";
  }

  private static String name(Rule.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  /** A default or bound as JSON writes it: numbers and booleans as themselves, anything else as a string. */
  private static Object value(Object v) {
    if (v == null || v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Double) {
      return v;
    }
    return String.valueOf(v);
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
