package dev.hudilayout.layout;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a sort column's values become curve coordinates; the values of Hudi's
 * {@code hoodie.layout.optimize.curve.build.method}.
 */
public enum Mapping {
  /** Order-preserving encoding of the value, normalised by the column's [min, max]. */
  DIRECT("direct"),
  /** Quantile buckets taken from one sample of the input. */
  SAMPLE("sample");

  private final String value;

  Mapping(String value) {
    this.value = value;
  }

  public String value() {
    return value;
  }

  public static Mapping parse(String key, String raw) {
    String value = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
    for (Mapping mapping : values()) {
      if (mapping.value.equals(value)) {
        return mapping;
      }
    }
    throw new IllegalArgumentException(String.format(
        "Invalid value for %s: '%s'. Accepted values: %s", key, raw,
        Arrays.stream(values()).map(Mapping::value).collect(Collectors.joining(", "))));
  }
}
