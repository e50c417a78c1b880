package dev.hudilayout.config;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.ColumnWeights;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What a clustering asks of the layout: an immutable value, read and validated by
 * {@link LayoutSpecParser} before any data is touched, or made with {@link #builder} (tests). A
 * builder starts from the declared defaults ({@link LayoutOptions}, {@link HudiOptions}).
 */
public final class LayoutSpec implements Serializable {
  private static final long serialVersionUID = 2L;

  public static final String SORT_COLUMNS_KEY = HudiOptions.SORT_COLUMNS.key();
  public static final String CURVE_KEY = HudiOptions.CURVE.key();
  public static final String MAPPING_KEY = HudiOptions.MAPPING.key();
  public static final String SAMPLE_SIZE_KEY = HudiOptions.SAMPLE_SIZE.key();

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

  private LayoutSpec(Builder b) {
    this.columns = Collections.unmodifiableList(new ArrayList<>(b.columns));
    this.curve = b.curve;
    this.mapping = b.mapping;
    this.sampleSize = b.sampleSize;
    this.bits = b.bits;
    this.seed = b.seed;
    this.aligned = b.aligned;
    this.alignedTolerance = b.alignedTolerance;
    this.shares = b.weights == null ? null : ColumnWeights.shares(b.weights);
    this.gridBuckets = b.gridBuckets == null ? null : b.gridBuckets.clone();
  }

  /** A spec on {@code columns} with every other setting at its declared default. */
  public static Builder builder(List<String> columns) {
    return new Builder(columns);
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
   * Whether files are cut on the cells of an aligned grid: asked for ({@link LayoutOptions#ALIGNED}) and
   * the curve is z-order or hilbert; the linear curve ignores it.
   */
  public boolean aligned() {
    return aligned && curve != Curve.LINEAR;
  }

  /**
   * How far a file may stray from the target size ({@link LayoutOptions#ALIGNED_TOLERANCE}): to keep
   * grid cells whole when {@link #aligned()}, to end curve blocks when cut along the curve.
   */
  public double alignedTolerance() {
    return alignedTolerance;
  }

  /** Column weights as shares summing to 1, or null when the columns count alike. */
  public double[] shares() {
    return shares == null ? null : shares.clone();
  }

  /** Buckets per column fixed by {@link LayoutOptions#GRID_BUCKETS}, or null to choose them from the sample. */
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
    private Curve curve = Curve.parse(CURVE_KEY, HudiOptions.CURVE.defaultValue());
    private Mapping mapping = Mapping.parse(MAPPING_KEY, HudiOptions.MAPPING.defaultValue());
    private int sampleSize = Integer.parseInt(HudiOptions.SAMPLE_SIZE.defaultValue());
    private int bits = LayoutOptions.BITS_PER_COLUMN.defaultValue();
    private long seed = LayoutOptions.SAMPLE_SEED.defaultValue();
    private boolean aligned = LayoutOptions.ALIGNED.defaultValue();
    private double alignedTolerance = LayoutOptions.ALIGNED_TOLERANCE.defaultValue();
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

    /** Column weights in the columns' order (see {@link LayoutOptions#COLUMN_WEIGHTS}); null: columns alike. */
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
