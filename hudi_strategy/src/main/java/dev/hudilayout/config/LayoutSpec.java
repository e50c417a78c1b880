package dev.hudilayout.config;

import dev.hudilayout.curve.Curve;

import org.apache.hudi.config.HoodieClusteringConfig;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * What a clustering asks of the layout, read once from Hudi's keys and ours and validated before
 * any data is touched. Every error names the key, the value, and what would be accepted.
 */
public final class LayoutSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String SORT_COLUMNS_KEY = HoodieClusteringConfig.PLAN_STRATEGY_SORT_COLUMNS.key();
  public static final String CURVE_KEY = HoodieClusteringConfig.LAYOUT_OPTIMIZE_STRATEGY.key();
  public static final String MAPPING_KEY = HoodieClusteringConfig.LAYOUT_OPTIMIZE_SPATIAL_CURVE_BUILD_METHOD.key();
  public static final String SAMPLE_SIZE_KEY = HoodieClusteringConfig.LAYOUT_OPTIMIZE_BUILD_CURVE_SAMPLE_SIZE.key();

  private final List<String> columns;
  private final Curve curve;
  private final Mapping mapping;
  private final int sampleSize;
  private final int bits;
  private final long seed;
  private final double alignedTolerance;
  private final double[] shares;
  private final int[] gridBuckets;

  /** @param bits bits per column, 0 for auto */
  public LayoutSpec(List<String> columns, Curve curve, Mapping mapping, int sampleSize, int bits, long seed) {
    this(columns, curve, mapping, sampleSize, bits, seed, -1);
  }

  /** @param alignedTolerance the aligned layout's tolerance, or a negative number for a plain curve */
  public LayoutSpec(List<String> columns, Curve curve, Mapping mapping, int sampleSize, int bits, long seed,
                    double alignedTolerance) {
    this(columns, curve, mapping, sampleSize, bits, seed, alignedTolerance, null);
  }

  /** @param weights column weights (see {@link LayoutOptions#COLUMN_WEIGHTS}), or null for columns alike */
  public LayoutSpec(List<String> columns, Curve curve, Mapping mapping, int sampleSize, int bits, long seed,
                    double alignedTolerance, double[] weights) {
    this.shares = weights == null ? null : dev.hudilayout.layout.ColumnWeights.shares(weights);
    this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
    this.curve = curve;
    this.mapping = mapping;
    this.sampleSize = sampleSize;
    this.bits = bits;
    this.seed = seed;
    this.alignedTolerance = alignedTolerance;
    this.gridBuckets = null;
  }

  private LayoutSpec(LayoutSpec base, int[] gridBuckets) {
    this.shares = base.shares;
    this.columns = base.columns;
    this.curve = base.curve;
    this.mapping = base.mapping;
    this.sampleSize = base.sampleSize;
    this.bits = base.bits;
    this.seed = base.seed;
    this.alignedTolerance = base.alignedTolerance;
    this.gridBuckets = gridBuckets == null ? null : gridBuckets.clone();
  }

  /** This spec with the aligned grid's buckets fixed (null: chosen from the sample). */
  public LayoutSpec withGridBuckets(int[] buckets) {
    return new LayoutSpec(this, buckets);
  }

  /** Buckets per column fixed by {@link LayoutOptions#GRID_BUCKETS}, or null to choose them from the sample. */
  public int[] gridBuckets() {
    return gridBuckets == null ? null : gridBuckets.clone();
  }

  /**
   * Reads the spec. The sort columns come from the clustering group's strategy parameters (where
   * the plan recorded them) and otherwise from the write config; everything else from the write
   * config of the client that executes the clustering.
   */
  public static LayoutSpec from(Map<String, String> strategyParams, Properties props) {
    refuseUnknownKeys(props);
    continuousMergeFraction(props);
    String cols = strategyParams == null ? null : strategyParams.get(SORT_COLUMNS_KEY);
    if (cols == null || cols.trim().isEmpty()) {
      cols = props.getProperty(SORT_COLUMNS_KEY);
    }
    List<String> columns = parseColumns(cols);
    Curve curve = Curve.parse(CURVE_KEY, props.getProperty(CURVE_KEY,
        HoodieClusteringConfig.LAYOUT_OPTIMIZE_STRATEGY.defaultValue()));
    Mapping mapping = Mapping.parse(MAPPING_KEY, props.getProperty(MAPPING_KEY,
        HoodieClusteringConfig.LAYOUT_OPTIMIZE_SPATIAL_CURVE_BUILD_METHOD.defaultValue()));
    int sampleSize = parseInt(SAMPLE_SIZE_KEY, props.getProperty(SAMPLE_SIZE_KEY,
        HoodieClusteringConfig.LAYOUT_OPTIMIZE_BUILD_CURVE_SAMPLE_SIZE.defaultValue()), 1, Integer.MAX_VALUE);
    int bits = parseInt(LayoutOptions.BITS_PER_COLUMN.key(), props.getProperty(LayoutOptions.BITS_PER_COLUMN.key(),
        String.valueOf(LayoutOptions.BITS_PER_COLUMN.defaultValue())), 0, 63);
    String seedRaw = props.getProperty(LayoutOptions.SAMPLE_SEED.key(),
        String.valueOf(LayoutOptions.SAMPLE_SEED.defaultValue()));
    long seed;
    try {
      seed = Long.parseLong(seedRaw.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s'. Accepted: a whole number", LayoutOptions.SAMPLE_SEED.key(), seedRaw), e);
    }
    double[] weights = weights(props.getProperty(LayoutOptions.COLUMN_WEIGHTS.key()), columns);
    if (weights != null && curve == Curve.LINEAR) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s' with %s=linear. Accepted: "
          + "weights with the z-order or hilbert curve; linear sorts by the columns in their order, so leave it empty",
          LayoutOptions.COLUMN_WEIGHTS.key(), props.getProperty(LayoutOptions.COLUMN_WEIGHTS.key()), CURVE_KEY));
    }
    double tolerance = alignedTolerance(props);
    int[] grid = gridBuckets(props.getProperty(LayoutOptions.GRID_BUCKETS.key()), columns);
    if (grid != null && (tolerance < 0 || curve == Curve.LINEAR)) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s' with %s. Accepted: buckets "
          + "only with the aligned layout of the z-order or hilbert curve (%s=true); leave it empty otherwise",
          LayoutOptions.GRID_BUCKETS.key(), props.getProperty(LayoutOptions.GRID_BUCKETS.key()),
          curve == Curve.LINEAR ? CURVE_KEY + "=linear" : LayoutOptions.ALIGNED.key() + "=false",
          LayoutOptions.ALIGNED.key()));
    }
    return new LayoutSpec(columns, curve, mapping, sampleSize, bits, seed, tolerance, weights)
        .withGridBuckets(grid);
  }

  /**
   * Refuses a key under {@link LayoutOptions#PREFIX} that is none of ours, which would otherwise be
   * ignored (a typo such as {@code hoodie.hudilayout.alinged}): the error names the key, its value
   * and the nearest key we have. Hudi's keys are left to Hudi.
   */
  public static void refuseUnknownKeys(Properties props) {
    List<String> known = new java.util.ArrayList<>();
    LayoutOptions.all().forEach(p -> known.add(p.key()));
    for (String key : new java.util.TreeSet<>(props.stringPropertyNames())) {
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

  /** {@link LayoutOptions#GRID_BUCKETS}, validated against the sort columns; null if unset. */
  static int[] gridBuckets(String raw, List<String> columns) {
    if (raw == null || raw.trim().isEmpty()) {
      return null;
    }
    String key = LayoutOptions.GRID_BUCKETS.key();
    String accepted = String.format("one whole number from 1 to 1000000 per sort column (%d: %s), e.g. '%s'",
        columns.size(), String.join(",", columns), String.join(",", java.util.Collections.nCopies(columns.size(), "4")));
    String[] parts = raw.split(",", -1);
    if (parts.length != columns.size()) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s' has %d numbers. Accepted: %s",
          key, raw, parts.length, accepted));
    }
    int[] k = new int[parts.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = parseInt(key, raw, parts[i], accepted, 1, 1_000_000);
    }
    return k;
  }

  /** {@link LayoutOptions#COLUMN_WEIGHTS}, validated against the sort columns; null if unset. */
  static double[] weights(String raw, List<String> columns) {
    if (raw == null || raw.trim().isEmpty()) {
      return null;
    }
    String accepted = String.format("one non-negative number per sort column (%d: %s), at least one above 0, "
        + "e.g. '%s'", columns.size(), String.join(",", columns), example(columns.size()));
    String[] parts = raw.split(",", -1);
    if (parts.length != columns.size()) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s' has %d weights. Accepted: %s",
          LayoutOptions.COLUMN_WEIGHTS.key(), raw, parts.length, accepted));
    }
    double[] w = new double[parts.length];
    double sum = 0;
    for (int i = 0; i < parts.length; i++) {
      w[i] = parseDouble(LayoutOptions.COLUMN_WEIGHTS.key(), raw, accepted, parts[i]);
      if (!(w[i] >= 0) || Double.isInfinite(w[i])) {
        throw new IllegalArgumentException(String.format("Invalid value for %s: '%s' (column %s). Accepted: %s",
            LayoutOptions.COLUMN_WEIGHTS.key(), raw, columns.get(i), accepted));
      }
      sum += w[i];
    }
    if (!(sum > 0)) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s'. Accepted: %s",
          LayoutOptions.COLUMN_WEIGHTS.key(), raw, accepted));
    }
    return w;
  }

  private static String example(int d) {
    String[] parts = new String[d];
    for (int i = 0; i < d; i++) {
      parts[i] = String.valueOf(d - i);
    }
    return String.join(",", parts);
  }

  /** Column weights as shares summing to 1, or null when the columns count alike. */
  public double[] shares() {
    return shares == null ? null : shares.clone();
  }

  /** The aligned layout's tolerance if it is on, else -1; validated. */
  static double alignedTolerance(Properties props) {
    String key = LayoutOptions.ALIGNED.key();
    String raw = props.getProperty(key, String.valueOf(LayoutOptions.ALIGNED.defaultValue())).trim();
    if (!raw.equalsIgnoreCase("true") && !raw.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s'. Accepted: true, false", key, raw));
    }
    String tkey = LayoutOptions.ALIGNED_TOLERANCE.key();
    String traw = props.getProperty(tkey, String.valueOf(LayoutOptions.ALIGNED_TOLERANCE.defaultValue()));
    double t = parseDouble(tkey, traw, "a number above 0 and below 1");
    if (!(t > 0 && t < 1)) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s'. Accepted: a number above 0 and below 1", tkey, traw));
    }
    return raw.equalsIgnoreCase("true") ? t : -1;
  }

  /** Whether files are cut on the cells of an aligned grid. */
  public boolean aligned() {
    return alignedTolerance > 0;
  }

  public double alignedTolerance() {
    return alignedTolerance;
  }

  /** {@link LayoutOptions#WRITER_SIZE_FACTOR}, validated. */
  public static double writerSizeFactor(Properties props) {
    String key = LayoutOptions.WRITER_SIZE_FACTOR.key();
    String raw = props.getProperty(key, String.valueOf(LayoutOptions.WRITER_SIZE_FACTOR.defaultValue()));
    double v = parseDouble(key, raw, "a number of 1.0 or more");
    if (!(v >= 1.0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s'. Accepted: a number of 1.0 or more", key, raw));
    }
    return v;
  }

  /** {@link LayoutOptions#CONTINUOUS_MERGE_FRACTION}, validated. */
  public static double continuousMergeFraction(Properties props) {
    String key = LayoutOptions.CONTINUOUS_MERGE_FRACTION.key();
    String raw = props.getProperty(key, String.valueOf(LayoutOptions.CONTINUOUS_MERGE_FRACTION.defaultValue()));
    double v = parseDouble(key, raw, "a number above 0");
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s'. Accepted: a number above 0", key, raw));
    }
    return v;
  }

  private static double parseDouble(String key, String raw, String accepted) {
    return parseDouble(key, raw, accepted, raw);
  }

  /** Parses {@code part}, a piece of the value {@code raw} of {@code key}. */
  private static double parseDouble(String key, String raw, String accepted, String part) {
    try {
      return Double.parseDouble(part.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s'. Accepted: %s", key, raw, accepted), e);
    }
  }

  static List<String> parseColumns(String raw) {
    if (raw == null || raw.trim().isEmpty()) {
      throw new IllegalArgumentException(String.format(
          "Missing value for %s: hudi-layout needs at least one sort column (e.g. 's_city,c_city,p_brand')",
          SORT_COLUMNS_KEY));
    }
    List<String> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String part : raw.split(",")) {
      String c = part.trim();
      if (c.isEmpty()) {
        throw new IllegalArgumentException(String.format(
            "Invalid value for %s: '%s' has an empty column name", SORT_COLUMNS_KEY, raw));
      }
      if (!seen.add(c)) {
        throw new IllegalArgumentException(String.format(
            "Invalid value for %s: '%s' names column '%s' twice", SORT_COLUMNS_KEY, raw, c));
      }
      out.add(c);
    }
    return out;
  }

  private static int parseInt(String key, String raw, int min, int max) {
    return parseInt(key, raw, raw, String.format("a whole number from %d to %d", min, max), min, max);
  }

  /** Parses {@code part}, a piece of the value {@code raw} of {@code key}, as a whole number in [min, max]. */
  private static int parseInt(String key, String raw, String part, String accepted, int min, int max) {
    long v;
    try {
      v = Long.parseLong(part.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s'. Accepted: %s", key, raw, accepted), e);
    }
    if (v < min || v > max) {
      throw new IllegalArgumentException(String.format("Invalid value for %s: '%s'. Accepted: %s", key, raw, accepted));
    }
    return (int) v;
  }

  public List<String> columns() {
    return columns;
  }

  public Curve curve() {
    return curve;
  }

  public Mapping mapping() {
    return mapping;
  }

  public int sampleSize() {
    return sampleSize;
  }

  public long seed() {
    return seed;
  }

  /** Bits each column gets in the curve key: as configured, or max(8, min(20, 63 / columns)). */
  public int bitsPerColumn() {
    return bits > 0 ? bits : Math.max(8, Math.min(20, 63 / columns.size()));
  }

  @Override
  public String toString() {
    return String.format("curve=%s mapping=%s columns=%s sampleSize=%d bitsPerColumn=%d aligned=%s weights=%s",
        curve.name().toLowerCase(java.util.Locale.ROOT), mapping.value(), String.join(",", columns),
        sampleSize, bitsPerColumn(), aligned(), shares == null ? "equal" : java.util.Arrays.toString(shares));
  }
}
