package dev.hudilayout.layout;

import dev.hudilayout.curve.Curve;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What a clustering asks of the layout: an immutable value, read and validated by
 * the option parser ({@code dev.hudilayout.config.LayoutSpecParser}) before any data is touched, or
 * made with {@link #builder} (tests). A builder starts from the defaults below, which the declared options
 * take as theirs (ours) or are checked against (Hudi's keys), so the two cannot differ.
 */
public final class LayoutSpec implements Serializable {
  private static final long serialVersionUID = 2L;

  /** Hudi's key of the sort columns, for messages (the option parser declares it with Hudi's config). */
  public static final String SORT_COLUMNS_KEY = "hoodie.clustering.plan.strategy.sort.columns";
  /** The curve when none is asked for (Hudi's default of its layout-strategy key). */
  public static final Curve DEFAULT_CURVE = Curve.LINEAR;
  /** The value mapping when none is asked for (Hudi's default of its curve-build-method key). */
  public static final Mapping DEFAULT_MAPPING = Mapping.DIRECT;
  /** Rows sampled per clustering when not set (Hudi's default of its sample-size key). */
  public static final int DEFAULT_SAMPLE_SIZE = 200_000;
  /** Bits per column in the curve key; 0 picks them from the column count. */
  public static final int DEFAULT_BITS = 0;
  public static final long DEFAULT_SEED = 42L;
  public static final boolean DEFAULT_ALIGNED = true;
  public static final double DEFAULT_ALIGNED_TOLERANCE = 0.25;

  private final List<String> columns;
  private final Curve curve;
  private final Mapping mapping;
  private final int sampleSize;
  private final int bits;
  private final long seed;
  private final boolean aligned;
  private final double alignedTolerance;
  private final double[] shares;
  private final int[] gridBuckets;

  private LayoutSpec(Builder builder) {
    this.columns = Collections.unmodifiableList(new ArrayList<>(builder.columns));
    this.curve = builder.curve;
    this.mapping = builder.mapping;
    this.sampleSize = builder.sampleSize;
    this.bits = builder.bits;
    this.seed = builder.seed;
    this.aligned = builder.aligned;
    this.alignedTolerance = builder.alignedTolerance;
    this.shares = builder.weights == null ? null : ColumnWeights.shares(builder.weights);
    this.gridBuckets = builder.gridBuckets == null ? null : builder.gridBuckets.clone();
  }

  /** A spec on {@code columns} with every other setting at its declared default. */
  public static Builder builder(List<String> columns) {
    return new Builder(columns);
  }

  /**
   * This spec over other {@code columns} with their {@code weights} (null: alike); every other
   * setting kept, except a grid of buckets, which belongs to the old columns.
   */
  public LayoutSpec withColumns(List<String> columns, double[] weights) {
    return builder(columns).curve(curve).mapping(mapping).sampleSize(sampleSize).bitsPerColumn(bits)
        .seed(seed).aligned(aligned).alignedTolerance(alignedTolerance).weights(weights).build();
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

  /** Bits each column gets in the curve key: as configured, or (0, auto) max(8, min(20, 63 / columns)). */
  public int bitsPerColumn() {
    return bits > 0 ? bits : Math.max(8, Math.min(20, 63 / columns.size()));
  }

  /**
   * Whether files are cut on the cells of an aligned grid: asked for (the option {@code hoodie.hudilayout.aligned}) and
   * the curve is z-order or hilbert; the linear curve ignores it.
   */
  public boolean aligned() {
    return aligned && curve != Curve.LINEAR;
  }

  /**
   * How far a file may stray from the target size (the option {@code hoodie.hudilayout.aligned.tolerance}): to keep
   * grid cells whole when {@link #aligned()}, to end curve blocks when cut along the curve.
   */
  public double alignedTolerance() {
    return alignedTolerance;
  }

  /** Column weights as shares summing to 1, or null when the columns count alike. */
  public double[] shares() {
    return shares == null ? null : shares.clone();
  }

  /** Buckets per column fixed by the option {@code hoodie.hudilayout.grid.buckets}, or null to choose them from the sample. */
  public int[] gridBuckets() {
    return gridBuckets == null ? null : gridBuckets.clone();
  }

  @Override
  public String toString() {
    return String.format("curve=%s mapping=%s columns=%s sampleSize=%d bitsPerColumn=%d aligned=%s weights=%s",
        curve.name().toLowerCase(Locale.ROOT), mapping.value(), String.join(",", columns),
        sampleSize, bitsPerColumn(), aligned(), shares == null ? "equal" : Arrays.toString(shares));
  }

  /** Builds a {@link LayoutSpec}; every setting not given keeps its declared default. */
  public static final class Builder {
    private final List<String> columns;
    private Curve curve = DEFAULT_CURVE;
    private Mapping mapping = DEFAULT_MAPPING;
    private int sampleSize = DEFAULT_SAMPLE_SIZE;
    private int bits = DEFAULT_BITS;
    private long seed = DEFAULT_SEED;
    private boolean aligned = DEFAULT_ALIGNED;
    private double alignedTolerance = DEFAULT_ALIGNED_TOLERANCE;
    private double[] weights;
    private int[] gridBuckets;

    private Builder(List<String> columns) {
      if (columns == null || columns.isEmpty()) {
        throw new IllegalArgumentException("a layout needs at least one sort column");
      }
      this.columns = new ArrayList<>(columns);
    }

    public Builder curve(Curve value) {
      this.curve = value;
      return this;
    }

    public Builder mapping(Mapping value) {
      this.mapping = value;
      return this;
    }

    public Builder sampleSize(int value) {
      this.sampleSize = value;
      return this;
    }

    /** Bits per column in the curve key; 0 picks them from the column count. */
    public Builder bitsPerColumn(int value) {
      this.bits = value;
      return this;
    }

    public Builder seed(long value) {
      this.seed = value;
      return this;
    }

    /** Whether files are cut on an aligned grid's cells (false: at equal counts along the curve). */
    public Builder aligned(boolean value) {
      this.aligned = value;
      return this;
    }

    public Builder alignedTolerance(double value) {
      this.alignedTolerance = value;
      return this;
    }

    /** Column weights in the columns' order (see the option {@code hoodie.hudilayout.column.weights}); null: columns alike. */
    public Builder weights(double[] value) {
      this.weights = value == null ? null : value.clone();
      return this;
    }

    /** The aligned grid's buckets per column; null: chosen from the sample. */
    public Builder gridBuckets(int[] value) {
      this.gridBuckets = value == null ? null : value.clone();
      return this;
    }

    public LayoutSpec build() {
      return new LayoutSpec(this);
    }
  }
}
