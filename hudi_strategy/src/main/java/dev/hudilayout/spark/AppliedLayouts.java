package dev.hudilayout.spark;

import dev.hudilayout.config.LayoutSpec;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the partitioners of one clustering actually did, gathered on the driver (groups run on
 * several threads) and written into the replacecommit's extra metadata.
 */
public final class AppliedLayouts {
  public static final String KEY_PREFIX = "hudilayout.";

  private static final class Applied {
    final LayoutSpec spec;
    final int files;
    final int bitsPerColumn;
    final boolean instantSample;

    Applied(LayoutSpec spec, int files, int bitsPerColumn, boolean instantSample) {
      this.spec = spec;
      this.files = files;
      this.bitsPerColumn = bitsPerColumn;
      this.instantSample = instantSample;
    }
  }

  private final ConcurrentLinkedQueue<Applied> applied = new ConcurrentLinkedQueue<>();

  /**
   * One group laid out. {@code bitsPerColumn} is what the key used (0 for a plain sort);
   * {@code instantSample} whether the group used the instant's shared sample (false: it sampled
   * its own input, e.g. a merge-on-read group with log files only).
   */
  public void record(LayoutSpec spec, int files, int bitsPerColumn, boolean instantSample) {
    applied.add(new Applied(spec, files, bitsPerColumn, instantSample));
  }

  /** Extra-metadata entries; empty if no group was laid out. */
  public Map<String, String> summary(String strategyClass) {
    Map<String, String> out = new LinkedHashMap<>();
    Applied first = applied.peek();
    if (first == null) {
      return out;
    }
    int files = 0;
    int ownSample = 0;
    for (Applied a : applied) {
      files += a.files;
      if (!a.instantSample && a.bitsPerColumn > 0) {
        ownSample++;
      }
    }
    out.put(KEY_PREFIX + "strategy", strategyClass);
    out.put(KEY_PREFIX + "curve", first.spec.curve().name().toLowerCase(Locale.ROOT));
    out.put(KEY_PREFIX + "mapping", first.spec.mapping().value());
    out.put(KEY_PREFIX + "columns", String.join(",", first.spec.columns()));
    if (first.bitsPerColumn > 0) {
      out.put(KEY_PREFIX + "bits.per.column", String.valueOf(first.bitsPerColumn));
    }
    if (first.bitsPerColumn > 0 && first.spec.aligned()) {
      out.put(KEY_PREFIX + "layout", "aligned");
      out.put(KEY_PREFIX + "aligned.tolerance", String.valueOf(first.spec.alignedTolerance()));
    }
    if (first.bitsPerColumn > 0) {
      out.put(KEY_PREFIX + "sample.size", String.valueOf(first.spec.sampleSize()));
      // "instant": one sample of the whole input served every group
      out.put(KEY_PREFIX + "sample.scope", ownSample == 0 ? "instant" : "group");
    }
    out.put(KEY_PREFIX + "groups", String.valueOf(applied.size()));
    out.put(KEY_PREFIX + "files", String.valueOf(files));
    return out;
  }
}
