package dev.hudilayout.config;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a {@link LayoutSpec} from Hudi's keys and ours. Every value is read through its
 * {@link DeclaredOption} (key and default) and checked by its {@link Rule}; every bad value raises
 * {@link Rule#invalid}, naming the key, the value and what is accepted.
 */
public final class LayoutSpecParser {

  private LayoutSpecParser() {
  }

  /**
   * Reads the spec. The sort columns come from the clustering group's strategy parameters (where
   * the plan recorded them) and otherwise from the write config; everything else from the write
   * config of the client that executes the clustering. Our options that are not part of the spec
   * (the writer's size factor, the continuous merge fraction) are checked too, so a bad one is
   * refused before any data is touched.
   */
  public static LayoutSpec parse(Map<String, String> strategyParams, Properties props) {
    refuseUnknownKeys(props);
    continuousMergeFraction(props);
    continuousMergeTiers(props);
    continuousRegionFiles(props);
    writersFirst(props);
    writerSizeFactor(props);
    auto(props);
    autoMaxColumns(props);
    paysOnly(props);
    paysRatio(props);
    String cols = strategyParams == null ? null : strategyParams.get(HudiOptions.SORT_COLUMNS.key());
    if (cols == null || cols.trim().isEmpty()) {
      cols = HudiOptions.SORT_COLUMNS.raw(props);
    }
    List<String> columns = columns(cols);
    Curve curve = Curve.parse(HudiOptions.CURVE.key(), HudiOptions.CURVE.readChoice(props));
    Mapping mapping = Mapping.parse(HudiOptions.MAPPING.key(), HudiOptions.MAPPING.readChoice(props));
    int sampleSize = HudiOptions.SAMPLE_SIZE.readInt(props);
    int bits = LayoutOptions.BITS_PER_COLUMN.readInt(props);
    long seed = LayoutOptions.SAMPLE_SEED.readLong(props);
    // a plan that chose its columns (auto) carries their weights in its strategy params
    String weightsRaw = strategyParams != null && strategyParams.containsKey(LayoutOptions.COLUMN_WEIGHTS.key())
        ? strategyParams.get(LayoutOptions.COLUMN_WEIGHTS.key()) : LayoutOptions.COLUMN_WEIGHTS.raw(props);
    double[] weights = weights(weightsRaw, columns);
    if (weights != null && curve == Curve.LINEAR) {
      throw LayoutOptions.COLUMN_WEIGHTS.invalid(weightsRaw, " with " + HudiOptions.CURVE.key() + "=linear",
          "weights with the z-order or hilbert curve; linear sorts by the columns in their order, so leave it empty");
    }
    boolean aligned = LayoutOptions.ALIGNED.readBoolean(props);
    double tolerance = LayoutOptions.ALIGNED_TOLERANCE.readDouble(props);
    String gridRaw = LayoutOptions.GRID_BUCKETS.raw(props);
    int[] grid = gridBuckets(gridRaw, columns);
    if (grid != null && (!aligned || curve == Curve.LINEAR)) {
      throw LayoutOptions.GRID_BUCKETS.invalid(gridRaw, " with "
              + (curve == Curve.LINEAR ? HudiOptions.CURVE.key() + "=linear" : LayoutOptions.ALIGNED.key() + "=false"),
          "buckets only with the aligned layout of the z-order or hilbert curve (" + LayoutOptions.ALIGNED.key()
              + "=true); leave it empty otherwise");
    }
    return LayoutSpec.builder(columns).curve(curve).mapping(mapping).sampleSize(sampleSize).bitsPerColumn(bits)
        .seed(seed).aligned(aligned).alignedTolerance(tolerance).weights(weights).gridBuckets(grid).build();
  }

  /**
   * Refuses a key under {@link LayoutOptions#PREFIX} that is none of ours, which would otherwise be
   * ignored (a typo such as {@code hoodie.hudilayout.alinged}): the error names the key, its value
   * and the nearest key we have. Hudi's keys are left to Hudi.
   */
  public static void refuseUnknownKeys(Properties props) {
    List<String> known = new ArrayList<>();
    LayoutOptions.all().forEach(p -> known.add(p.key()));
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      if (key.startsWith(LayoutOptions.PREFIX) && !known.contains(key)) {
        String nearest = known.get(0);
        for (String k : known) {
          if (editDistance(key, k) < editDistance(key, nearest)) {
            nearest = k;
          }
        }
        throw new IllegalArgumentException(String.format("Unknown option %s = '%s': hudi-layout has no such key. "
            + "Did you mean %s? Accepted keys under %s: %s", key, props.getProperty(key), nearest,
            LayoutOptions.PREFIX, String.join(", ", known)));
      }
    }
  }

  /** Levenshtein distance: the single-character edits that turn {@code a} into {@code b}. */
  static int editDistance(String a, String b) {
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      row[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int diagonal = row[0];
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int above = row[j];
        row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length()];
  }

  /** {@link LayoutOptions#WRITER_SIZE_FACTOR}, validated. */
  public static double writerSizeFactor(Properties props) {
    return LayoutOptions.WRITER_SIZE_FACTOR.readDouble(props);
  }

  /** {@link LayoutOptions#CONTINUOUS_MERGE_FRACTION}, validated. */
  public static double continuousMergeFraction(Properties props) {
    return LayoutOptions.CONTINUOUS_MERGE_FRACTION.readDouble(props);
  }

  /** {@link LayoutOptions#CONTINUOUS_MERGE_TIERS}, validated. */
  public static int continuousMergeTiers(Properties props) {
    return LayoutOptions.CONTINUOUS_MERGE_TIERS.readInt(props);
  }

  /** {@link LayoutOptions#CONTINUOUS_REGION_FILES}: 0 for the rule from the sort columns. */
  public static int continuousRegionFiles(Properties props) {
    return LayoutOptions.CONTINUOUS_REGION_FILES.readInt(props);
  }

  /** {@link LayoutOptions#AUTO}, validated. */
  public static boolean auto(Properties props) {
    return LayoutOptions.AUTO.readBoolean(props);
  }

  /** {@link LayoutOptions#AUTO_MAX_COLUMNS}, validated. */
  public static int autoMaxColumns(Properties props) {
    return LayoutOptions.AUTO_MAX_COLUMNS.readInt(props);
  }

  /** {@link LayoutOptions#WHEN}, validated: whether a plan is made only when it pays. */
  public static boolean paysOnly(Properties props) {
    return "pays".equals(LayoutOptions.WHEN.readChoice(props));
  }

  /** {@link LayoutOptions#PAYS_RATIO}, validated. */
  public static double paysRatio(Properties props) {
    return LayoutOptions.PAYS_RATIO.readDouble(props);
  }

  /** {@link LayoutOptions#WRITERS_FIRST}, validated. */
  public static boolean writersFirst(Properties props) {
    return LayoutOptions.WRITERS_FIRST.readBoolean(props);
  }

  /** Whether Hudi resolves conflicts between the table's writers at commit (optimistic or non-blocking concurrency control). */
  public static boolean underConcurrencyControl(Properties props) {
    return props.getProperty("hoodie.write.concurrency.mode", "").trim().toUpperCase(Locale.ROOT)
        .endsWith("CONCURRENCY_CONTROL");
  }

  /**
   * Whether a clustering with {@code props} runs beside writes and gives way to them
   * ({@link LayoutOptions#WRITERS_FIRST}): under concurrency control, or as Hudi's async
   * clustering; never inline, where the next write waits for the clustering anyway.
   */
  public static boolean besideWriters(Properties props) {
    return writersFirst(props) && !Boolean.parseBoolean(props.getProperty("hoodie.clustering.inline", "false"))
        && (underConcurrencyControl(props)
            || Boolean.parseBoolean(props.getProperty("hoodie.clustering.async.enabled", "false")));
  }

  /** {@link HudiOptions#SORT_COLUMNS}: names separated by commas, trimmed, none empty, none twice. */
  public static List<String> columns(String raw) {
    DeclaredOption<String> option = HudiOptions.SORT_COLUMNS;
    String accepted = option.rule().accepted() + ", e.g. 's_city,c_city,p_brand'";
    if (raw == null || raw.trim().isEmpty()) {
      throw option.invalid(raw == null ? "" : raw, " (unset or blank: hudi-layout needs at least one sort column)",
          accepted);
    }
    List<String> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String part : raw.split(",", -1)) {
      String c = part.trim();
      if (c.isEmpty()) {
        throw option.invalid(raw, " has an empty column name", accepted);
      }
      if (!seen.add(c)) {
        throw option.invalid(raw, " names column '" + c + "' twice", accepted);
      }
      out.add(c);
    }
    return out;
  }

  /** What a per-column option accepts for these columns: the rule's text, the columns and an example. */
  private static String perColumn(Rule rule, List<String> columns, String example) {
    return String.format("%s (%d: %s), e.g. '%s'", rule.accepted(), columns.size(), String.join(",", columns), example);
  }

  /** {@link LayoutOptions#GRID_BUCKETS}, validated against the sort columns; null if unset. */
  static int[] gridBuckets(String raw, List<String> columns) {
    if (raw == null || raw.trim().isEmpty()) {
      return null;
    }
    DeclaredOption<String> option = LayoutOptions.GRID_BUCKETS;
    String accepted = perColumn(option.rule(), columns, String.join(",", Collections.nCopies(columns.size(), "4")));
    String[] parts = raw.split(",", -1);
    if (parts.length != columns.size()) {
      throw option.invalid(raw, " has " + parts.length + " numbers", accepted);
    }
    int[] k = new int[parts.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = (int) option.rule().wholeNumber(option.key(), raw, parts[i], accepted);
    }
    return k;
  }

  /** {@link LayoutOptions#COLUMN_WEIGHTS}, validated against the sort columns; null if unset. */
  static double[] weights(String raw, List<String> columns) {
    if (raw == null || raw.trim().isEmpty()) {
      return null;
    }
    DeclaredOption<String> option = LayoutOptions.COLUMN_WEIGHTS;
    String[] example = new String[columns.size()];
    for (int i = 0; i < example.length; i++) {
      example[i] = String.valueOf(example.length - i);
    }
    String accepted = perColumn(option.rule(), columns, String.join(",", example));
    String[] parts = raw.split(",", -1);
    if (parts.length != columns.size()) {
      throw option.invalid(raw, " has " + parts.length + " weights", accepted);
    }
    double[] w = new double[parts.length];
    double sum = 0;
    for (int i = 0; i < parts.length; i++) {
      w[i] = option.rule().number(option.key(), raw, parts[i], accepted);
      sum += w[i];
    }
    if (!(sum > 0)) {
      throw option.invalid(raw, "", accepted);
    }
    return w;
  }
}
