package dev.hudilayout.plan;

import dev.hudilayout.layout.ColumnWeights;
import dev.hudilayout.layout.LayoutMetadata;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.grid.GridSearch;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.layout.placement.Placement;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stage "record": what the partitioners of one clustering actually did, gathered on the driver (groups run on
 * several threads) and written into the replacecommit's extra metadata (the keys of
 * {@link LayoutMetadata}).
 */
public final class AppliedLayouts {
  private static final Logger LOG = LoggerFactory.getLogger(AppliedLayouts.class);

  private static final class Applied {
    final LayoutSpec spec;
    final int files;
    final int bitsPerColumn;
    final boolean instantSample;
    final double[] buckets;
    final GridSearch.Choice grid;

    Applied(LayoutSpec spec, int files, int bitsPerColumn, boolean instantSample, double[] buckets,
            GridSearch.Choice grid) {
      this.spec = spec;
      this.files = files;
      this.bitsPerColumn = bitsPerColumn;
      this.instantSample = instantSample;
      this.buckets = buckets;
      this.grid = grid;
    }
  }

  private final ConcurrentLinkedQueue<Applied> applied = new ConcurrentLinkedQueue<>();
  private final AtomicInteger scanned = new AtomicInteger();
  private final AtomicInteger readByHudi = new AtomicInteger();

  private final Map<String, RegionTree> trees = new ConcurrentHashMap<>();
  /** Per partition moving to new sort columns, the columns of the regions that remain on the old layout. */
  private final Map<String, String> moving = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> continuousGroups = new ConcurrentLinkedQueue<>();
  private final Set<String> partitions = ConcurrentHashMap.newKeySet();

  /** A group of this partition is laid out. */
  public void partition(String path) {
    partitions.add(path == null ? "" : path);
  }

  /**
   * A continuous-layout group ran: the commit records {@code tree} as its partition's region tree
   * ({@code hudilayout.continuous.grid.<partition>}, read by the next plan), joined with the splits
   * of the partition's other groups, and the group's kind (full or delta) in {@code hudilayout.continuous};
   * for a partition moving to new sort columns, the old layout's columns while regions of it remain
   * ({@code hudilayout.continuous.moving.<partition>}).
   */
  public void continuous(PlannedGroup group, RegionTree tree) {
    if (tree != null) {
      trees.merge(group.partition, tree, RegionTree::with);
    }
    if (group.movingFrom != null) {
      moving.put(group.partition, group.movingFrom);
    }
    continuousGroups.add((group.partition.isEmpty() ? "" : group.partition + ": ") + group.describe());
  }

  private volatile String sampledRows;

  /**
   * The instant's sample was drawn from {@code rows} rows, a number read from the commits that
   * wrote the files or counted ({@code hudilayout.sample.rows}).
   */
  public void sampled(long rows, boolean fromCommits) {
    sampledRows = rows + (fromCommits ? " from commits" : " counted");
  }

  private volatile String sampleTaken;
  private volatile String fewestSampled;

  /**
   * The instant's sample held {@code taken} rows over all groups, and the group with the fewest
   * per output file had "M of R rows for F files" ({@code hudilayout.sample.taken},
   * {@code hudilayout.sample.fewest}).
   */
  public void taken(int taken, String fewest) {
    sampleTaken = String.valueOf(taken);
    fewestSampled = fewest;
  }

  private volatile String auto;

  /** The layout option auto chose the columns, and why ({@code hudilayout.auto}). */
  public void auto(String reason) {
    auto = reason;
  }

  private volatile String pays;

  /** The plan was made because it pays, and why ({@code hudilayout.pays}). */
  public void pays(String reason) {
    pays = reason;
  }

  /** A group on the row path was read by one scan of its base files ({@code BaseFileScan}), or by Hudi. */
  public void read(boolean scan) {
    (scan ? scanned : readByHudi).incrementAndGet();
  }

  /**
   * One group laid out by {@code placement} (null for a plain sort by the columns). {@code instantSample}
   * says whether the group used the instant's shared sample (false: it sampled its own input, e.g.
   * a merge-on-read group with log files only). A dropped column (0 buckets) is logged here on the
   * driver.
   */
  public void record(LayoutSpec spec, int files, boolean instantSample, Placement placement) {
    double[] buckets = placement == null ? null : placement.columnBuckets();
    GridSearch.Choice grid = placement == null ? null : placement.gridChoice();
    applied.add(new Applied(spec, files, placement == null ? 0 : placement.space().bitsPerColumn(), instantSample,
        buckets, grid));
    List<String> dropped = dropped(spec, buckets);
    if (!dropped.isEmpty()) {
      LOG.warn("hudi-layout: column(s) {} dropped from the layout of a group of {} files: weights {} earn them "
          + "less than one bucket (k = {})", dropped, files, spec.columns(), ColumnWeights.format(buckets));
    }
    List<String> dependent = dependent(spec, grid);
    if (!dependent.isEmpty()) {
      LOG.info("hudi-layout: column(s) {} depend on another sort column in the sample and share its axis "
          + "(not cut) in a group of {} files", dependent, files);
    }
  }

  /** "column:determinant" for each column the grid found to depend on another. */
  private static List<String> dependent(LayoutSpec spec, GridSearch.Choice grid) {
    List<String> out = new ArrayList<>();
    if (grid != null) {
      int[] determinants = grid.determinants();
      for (int i = 0; i < determinants.length; i++) {
        if (determinants[i] >= 0) {
          out.add(spec.columns().get(i) + ":" + spec.columns().get(determinants[i]));
        }
      }
    }
    return out;
  }

  private static List<String> dropped(LayoutSpec spec, double[] buckets) {
    List<String> out = new ArrayList<>();
    if (buckets != null && spec.shares() != null) {
      for (int column : ColumnWeights.dropped(buckets)) {
        out.add(spec.columns().get(column));
      }
    }
    return out;
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
    for (Applied group : applied) {
      files += group.files;
      if (!group.instantSample && group.bitsPerColumn > 0) {
        ownSample++;
      }
    }
    putSpec(out, strategyClass, first);
    Applied largest = first;
    for (Applied group : applied) {
      if (group.files > largest.files) {
        largest = group;
      }
    }
    putColumns(out, first, largest);
    if (first.bitsPerColumn > 0) {
      putSample(out, first, ownSample);
    }
    out.put(LayoutMetadata.GROUPS.key(), String.valueOf(applied.size()));
    out.put(LayoutMetadata.PARTITIONS.key(), String.valueOf(partitions.size()));
    if (scanned.get() + readByHudi.get() > 0) {
      // how the row path read its groups: "scan" (all by one Spark scan), "hudi", or both with counts
      out.put(LayoutMetadata.READ.key(), readByHudi.get() == 0 ? "scan" : scanned.get() == 0 ? "hudi"
          : "scan:" + scanned.get() + ",hudi:" + readByHudi.get());
    }
    out.put(LayoutMetadata.FILES.key(), String.valueOf(files));
    if (!continuousGroups.isEmpty()) {
      putContinuous(out);
    }
    return out;
  }

  /** The strategy, the first group's curve, mapping and columns, and its bits and layout when it used a curve. */
  private static void putSpec(Map<String, String> out, String strategyClass, Applied first) {
    out.put(LayoutMetadata.STRATEGY.key(), strategyClass);
    out.put(LayoutMetadata.CURVE.key(), first.spec.curve().name().toLowerCase(Locale.ROOT));
    out.put(LayoutMetadata.MAPPING.key(), first.spec.mapping().value());
    out.put(LayoutMetadata.COLUMNS.key(), String.join(",", first.spec.columns()));
    if (first.bitsPerColumn > 0) {
      out.put(LayoutMetadata.BITS_PER_COLUMN.key(), String.valueOf(first.bitsPerColumn));
      if (first.spec.aligned()) {
        out.put(LayoutMetadata.LAYOUT.key(), "aligned");
      }
      out.put(LayoutMetadata.ALIGNED_TOLERANCE.key(), String.valueOf(first.spec.alignedTolerance()));
    }
  }

  /**
   * The columns' weights (the first group's), and the largest group's buckets, dropped and
   * dependent columns and grid: each group's allotment follows from its own file count.
   */
  private static void putColumns(Map<String, String> out, Applied first, Applied largest) {
    if (first.bitsPerColumn > 0 && first.spec.shares() != null) {
      out.put(LayoutMetadata.COLUMN_WEIGHTS.key(), formatShares(first.spec.shares()));
    }
    if (largest.bitsPerColumn > 0 && largest.buckets != null) {
      out.put(LayoutMetadata.BUCKETS.key(), ColumnWeights.format(largest.buckets));
      List<String> dropped = dropped(largest.spec, largest.buckets);
      if (!dropped.isEmpty()) {
        out.put(LayoutMetadata.DROPPED_COLUMNS.key(), String.join(",", dropped));
      }
    }
    if (largest.bitsPerColumn > 0 && largest.grid != null) {
      List<String> dependent = dependent(largest.spec, largest.grid);
      if (!dependent.isEmpty()) {
        out.put(LayoutMetadata.DEPENDENT_COLUMNS.key(), String.join(",", dependent));
      }
      out.put(LayoutMetadata.GRID_CHOSEN.key(), largest.spec.gridBuckets() == null ? "sample" : "fixed");
      out.put(LayoutMetadata.ESTIMATED_FILES.key(), formatEstimates(largest.grid.estimatedFiles()));
    }
  }

  /** The sample: its size, its scope, and the rows it was drawn from and took, when known. */
  private void putSample(Map<String, String> out, Applied first, int ownSample) {
    out.put(LayoutMetadata.SAMPLE_SIZE.key(), String.valueOf(first.spec.sampleSize()));
    // "instant": one sample of the whole input served every group
    out.put(LayoutMetadata.SAMPLE_SCOPE.key(), ownSample == 0 ? "instant" : "group");
    if (sampledRows != null) {
      out.put(LayoutMetadata.SAMPLE_ROWS.key(), sampledRows);
    }
    if (sampleTaken != null) {
      out.put(LayoutMetadata.SAMPLE_TAKEN.key(), sampleTaken);
    }
    if (fewestSampled != null) {
      out.put(LayoutMetadata.SAMPLE_FEWEST.key(), fewestSampled);
    }
    if (auto != null) {
      out.put(LayoutMetadata.AUTO.key(), auto);
    }
    if (pays != null) {
      out.put(LayoutMetadata.PAYS.key(), pays);
    }
  }

  /** The continuous groups, and per partition its region tree and the columns it moves from, by partition. */
  private void putContinuous(Map<String, String> out) {
    out.put(LayoutMetadata.CONTINUOUS.key(), String.join("; ", new TreeSet<>(continuousGroups)));
    for (Map.Entry<String, RegionTree> tree : new TreeMap<>(trees).entrySet()) {
      out.put(LayoutMetadata.CONTINUOUS_GRID.key() + tree.getKey(), tree.getValue().serialize());
    }
    new TreeMap<>(moving).forEach((partition, columns) ->
        out.put(LayoutMetadata.CONTINUOUS_MOVING.key() + partition, columns));
  }

  private static String formatEstimates(double[] files) {
    String[] parts = new String[files.length];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = String.format(Locale.ROOT, "%.1f", files[i]);
    }
    return String.join(",", parts);
  }

  private static String formatShares(double[] shares) {
    String[] parts = new String[shares.length];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = String.format(Locale.ROOT, "%.4g", shares[i]);
    }
    return String.join(",", parts);
  }
}
