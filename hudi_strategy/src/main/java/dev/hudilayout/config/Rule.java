package dev.hudilayout.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The values one option accepts: its kind (whole number, number, true/false, one of some words, a
 * list), its bounds or choices, and the one sentence that tells a user what is accepted ("a whole
 * number from 0 to 63"). Each option declares exactly one ({@link DeclaredOption}); the parser reads
 * every value through it, and {@link #invalid} builds every "invalid value" error, so the message, the
 * documentation and the Python checks (which read the exported rule) say the same thing.
 */
public final class Rule {

  /** What a value is read as. */
  public enum Kind { INT, LONG, DOUBLE, BOOLEAN, CHOICE, LIST }

  private final Kind kind;
  private final Kind element;
  private final Number min;
  private final boolean minInclusive;
  private final Number max;
  private final boolean maxInclusive;
  private final List<String> choices;
  private final Map<String, String> aliases;
  private final String accepted;

  private Rule(Kind kind, Kind element, Number min, boolean minInclusive, Number max, boolean maxInclusive,
               List<String> choices, Map<String, String> aliases, String accepted) {
    this.kind = kind;
    this.element = element;
    this.min = min;
    this.minInclusive = minInclusive;
    this.max = max;
    this.maxInclusive = maxInclusive;
    this.choices = Collections.unmodifiableList(new ArrayList<>(choices));
    this.aliases = Collections.unmodifiableMap(new LinkedHashMap<>(aliases));
    this.accepted = accepted;
  }

  /** A whole number in [min, max]: "a whole number from 0 to 63". */
  public static Rule wholeNumber(int min, int max) {
    return new Rule(Kind.INT, null, min, true, max, true, List.of(), Map.of(),
        String.format(Locale.ROOT, "a whole number from %d to %d", min, max));
  }

  /** Any whole number a Java long holds. */
  public static Rule anyLong() {
    return new Rule(Kind.LONG, null, Long.MIN_VALUE, true, Long.MAX_VALUE, true, List.of(), Map.of(),
        "a whole number");
  }

  /** A finite number of at least {@code min}: "a number of 1.0 or more". */
  public static Rule numberAtLeast(double min) {
    return new Rule(Kind.DOUBLE, null, min, true, null, false, List.of(), Map.of(),
        "a number of " + min + " or more");
  }

  /** A finite number above {@code min}, written as {@code shown} ("0" rather than "0.0"). */
  public static Rule numberAbove(double min, String shown) {
    return new Rule(Kind.DOUBLE, null, min, false, null, false, List.of(), Map.of(), "a number above " + shown);
  }

  /** A number strictly between {@code min} and {@code max}, written as given. */
  public static Rule numberBetween(double min, double max, String shown) {
    return new Rule(Kind.DOUBLE, null, min, false, max, false, List.of(), Map.of(), shown);
  }

  public static Rule trueOrFalse() {
    return new Rule(Kind.BOOLEAN, null, null, false, null, false, List.of("true", "false"), Map.of(),
        "true or false");
  }

  /**
   * One of {@code choices}, in any case and with blanks around it; each alias stands for the choice it maps to.
   */
  public static Rule oneOf(List<String> choices, Map<String, String> aliases) {
    List<String> shown = new ArrayList<>();
    for (String c : choices) {
      StringBuilder s = new StringBuilder(c);
      aliases.forEach((alias, target) -> {
        if (target.equals(c)) {
          s.append(" (or ").append(alias).append(')');
        }
      });
      shown.add(s.toString());
    }
    return new Rule(Kind.CHOICE, null, null, false, null, false, choices, aliases,
        "one of " + String.join(", ", shown));
  }

  /** Column names separated by commas, at least one, none empty, none twice. */
  public static Rule columnNames() {
    return new Rule(Kind.LIST, null, null, false, null, false, List.of(), Map.of(),
        "one or more column names separated by commas, each once");
  }

  /** One whole number in [min, max] per sort column; empty for none. */
  public static Rule wholeNumberPerColumn(int min, int max) {
    return new Rule(Kind.LIST, Kind.INT, min, true, max, true, List.of(), Map.of(),
        String.format(Locale.ROOT, "one whole number from %d to %d per sort column", min, max));
  }

  /** One finite number of 0 or more per sort column, at least one above 0; empty for none. */
  public static Rule weightPerColumn() {
    return new Rule(Kind.LIST, Kind.DOUBLE, 0.0, true, null, false, List.of(), Map.of(),
        "one non-negative number per sort column, at least one above 0");
  }

  public Kind kind() {
    return kind;
  }

  /** For a list: what each element is read as (null for names). */
  public Kind element() {
    return element;
  }

  /** Lower bound (null: none); see {@link #minInclusive()}. */
  public Number min() {
    return min;
  }

  public boolean minInclusive() {
    return minInclusive;
  }

  /** Upper bound (null: none); see {@link #maxInclusive()}. */
  public Number max() {
    return max;
  }

  public boolean maxInclusive() {
    return maxInclusive;
  }

  public List<String> choices() {
    return choices;
  }

  public Map<String, String> aliases() {
    return aliases;
  }

  /** What is accepted, as a user reads it in an error or the documentation. */
  public String accepted() {
    return accepted;
  }

  /**
   * The one "invalid value" error: {@code Invalid value for <key>: '<raw>'<detail>. Accepted: <accepted>}.
   * {@code detail} says what is wrong beyond the value itself (" has 2 numbers"), or is empty.
   */
  public static IllegalArgumentException invalid(String key, String raw, String detail, String accepted) {
    return new IllegalArgumentException(String.format("Invalid value for %s: '%s'%s. Accepted: %s", key, raw, detail,
        accepted));
  }

  /** {@link #invalid} with this rule's accepted text. */
  public IllegalArgumentException invalid(String key, String raw) {
    return invalid(key, raw, "", accepted);
  }

  /** A whole number within the bounds. */
  public int toInt(String key, String raw) {
    return (int) wholeNumber(key, raw, raw, accepted);
  }

  /** A whole number within the bounds, as a long. */
  public long toLong(String key, String raw) {
    return wholeNumber(key, raw, raw, accepted);
  }

  /** A finite number within the bounds. */
  public double toDouble(String key, String raw) {
    return number(key, raw, raw, accepted);
  }

  public boolean toBoolean(String key, String raw) {
    String v = raw == null ? "" : raw.trim();
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw invalid(key, raw);
  }

  /** The choice {@code raw} names (an alias read as its choice), lower case. */
  public String toChoice(String key, String raw) {
    String v = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
    if (choices.contains(v)) {
      return v;
    }
    if (aliases.containsKey(v)) {
      return aliases.get(v);
    }
    throw invalid(key, raw);
  }

  /**
   * {@code part}, a piece of the value {@code raw} of {@code key}, as a whole number within the bounds;
   * the error names the whole value and {@code accepted}.
   */
  long wholeNumber(String key, String raw, String part, String accepted) {
    long v = parsed(key, raw, part, accepted, Long::parseLong);
    if (!within(v)) {
      throw invalid(key, raw, "", accepted);
    }
    return v;
  }

  /** {@code part}, a piece of the value {@code raw} of {@code key}, as a finite number within the bounds. */
  double number(String key, String raw, String part, String accepted) {
    double v = parsed(key, raw, part, accepted, Double::parseDouble);
    if (!within(v)) {
      throw invalid(key, raw, "", accepted);
    }
    return v;
  }

  /** {@code part} read by {@code parse}; a value it cannot read is the "invalid value" error. */
  private static <T> T parsed(String key, String raw, String part, String accepted, Function<String, T> parse) {
    try {
      return parse.apply(part == null ? "" : part.trim());
    } catch (NumberFormatException e) {
      IllegalArgumentException err = invalid(key, raw, "", accepted);
      err.initCause(e);
      throw err;
    }
  }

  /** Whether {@code v} is finite (for a number) and within the bounds. */
  boolean within(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return false;
    }
    if (min != null && (minInclusive ? v < min.doubleValue() : v <= min.doubleValue())) {
      return false;
    }
    return max == null || (maxInclusive ? v <= max.doubleValue() : v < max.doubleValue());
  }

  private boolean within(long v) {
    if (min != null && (minInclusive ? v < min.longValue() : v <= min.longValue())) {
      return false;
    }
    return max == null || (maxInclusive ? v <= max.longValue() : v < max.longValue());
  }
}
