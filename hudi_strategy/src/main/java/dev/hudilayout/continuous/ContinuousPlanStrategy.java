package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.hudi.FileFooters;
import dev.hudilayout.hudi.LatestSlices;
import dev.hudilayout.hudi.LinePlanStrategy;
import dev.hudilayout.hudi.RecordedWorkload;
import dev.hudilayout.layout.grid.RegionTree;
import dev.hudilayout.plan.ColumnChange;
import dev.hudilayout.plan.DeltaPlan;
import dev.hudilayout.plan.FileSizing;
import dev.hudilayout.plan.PlannedGroup;
import dev.hudilayout.plan.QueryShares;
import dev.hudilayout.plan.RecentWrites;
import dev.hudilayout.plan.Tiers;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.table.HoodieTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The continuous layout's plan: skipping that holds while a partition keeps growing.
 *
 * <p>The first clustering of a partition lays all of it out on a grid chosen from its sample and
 * records the grid on its replacecommit ({@code hudilayout.continuous.grid.<partition>}), the root
 * of the partition's region tree ({@link RegionTree}; regions split later). Every later plan reads
 * that tree and each file slice's [min, max] per sort column from the column-stats index (base and
 * log files), and sorts the partition's files into:
 * <ul>
 *   <li>files inside one region (a leaf of the tree): laid out before;</li>
 *   <li>files spanning several regions, or without column stats: new rows.</li>
 * </ul>
 * The decisions (due, split, merge, pack) are {@link DeltaPlan}'s, on values this class reads
 * once per plan, on the driver: the timeline, the planned partitions' file slices (one listing,
 * {@code hudi.LatestSlices}), and the column stats of every file of the planned partitions that
 * have a tree; each region's query shares ({@link QueryShares}) go to execution with the groups.
 * New rows are laid on the recorded tree, each region cut on its own, so every output file lies
 * inside one region; a bulk insert on the grid ({@link RegionWritePartitioner}) leaves no
 * new rows at all, only a new layer inside each region it reached. A region's files come in
 * layers, the file groups one instant created ({@link CommitHistory}: an upsert that rewrites a file
 * in place keeps it in its layer). A region is laid out again when the rows of its layers after
 * its oldest (its pending rows), with its share of the new rows, reach
 * {@link LayoutOptions#CONTINUOUS_MERGE_FRACTION} of the rows of its oldest ones (its base): its
 * files join a group of new rows, and the cell's rows, old and new, are cut into files together.
 * Regions not due keep their base and get the new rows as pending files inside them, merged with
 * pending layers of their size tier when {@link LayoutOptions#CONTINUOUS_MERGE_TIERS} of them fill
 * it ({@link Tiers}; with no new rows, the region's newest layer stands in for them): a region so
 * holds its base plus a few layers of growing size. After the
 * first layout (one group), groups hold at most {@code max.bytes.per.group}: new files in chunks,
 * due regions whole (a region larger than the limit alone; a due region with nothing pending waits
 * while no group of new rows has room for it); they never overlap in value space. A point
 * query thus reads the base's files plus the pending layers of the regions it touches, instead of
 * a file set per round.
 *
 * <p>Every plan takes files of any size (the small-file limit does not apply: the tree decides),
 * except, beside writes ({@link LayoutOptions#WRITERS_FIRST}), the file groups the next write is
 * likely to touch ({@link RecentWrites}): they wait for a later plan rather than meet that write.
 * Use with {@code hoodie.clustering.plan.strategy.class=dev.hudilayout.continuous.ContinuousPlanStrategy}.
 */
public class ContinuousPlanStrategy<T> extends LinePlanStrategy<T> {
  private static final Logger LOG = LoggerFactory.getLogger(ContinuousPlanStrategy.class);
  /** Hudi's switch for planning every partition again rather than those written since the last plan. */
  private static final String INCREMENTAL_KEY = "hoodie.table.services.incremental.enabled";
  private transient PlanTimeline timeline;
  /** The partitions this plan looks at, from Hudi (all of them, or those written since the last plan). */
  private transient Supplier<List<String>> planned;
  /** What the column-stats index holds for the planned partitions' files, by the columns read (the sort columns, and an old layout's). */
  private transient Map<List<String>, ColumnStatsBounds.FileStats> stats;
  /** The metadata table's reader, opened once per plan. */
  private transient HoodieTableMetadata reader;
  /** Each planned partition's eligible slices, listed once per plan (for the column-stats read and the plan). */
  private transient Map<String, List<FileSlice>> listed;
  /** Where this plan's time went. */
  private transient PlanTimes spent;
  /** With auto: the query log's columns, chosen once per plan ({@link RecordedWorkload#forPlan}), and the sample they came from. */
  private transient RecordedWorkload.ForPlan auto;
  /** What a file of the table costs on its own, measured once per plan. */
  private final FileFooters.PlanSizing sizing = new FileFooters.PlanSizing();

  public ContinuousPlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected Option<HoodieClusteringPlan> plan(Supplier<List<String>> partitions,
                                              Supplier<Option<HoodieClusteringPlan>> hudiPlan) {
    planned = partitions;
    auto = null;
    PlanTimes times = new PlanTimes();
    spent = times;
    long start = System.nanoTime();
    try {
      Option<HoodieClusteringPlan> plan = PlanPool.call(hudiPlan);
      LOG.info("hudi-layout: continuous plan took {} ms: {}", (System.nanoTime() - start) / 1_000_000, times.summary());
      return plan;
    } finally {
      planned = null;
      timeline = null;
      sizing.reset();
      stats = null;
      listed = null;
      if (reader != null) {
        try {
          reader.close();
        } catch (Exception e) {
          LOG.info("hudi-layout: closing the plan's metadata reader failed ({})", e.toString());
        }
        reader = null;
      }
    }
  }

  /**
   * The partitions are planned on the driver, all with the one read of the timeline and of the
   * column-stats index this plan makes; Hudi's default, a Spark task per partition, would give
   * each task a copy of this strategy and each copy would read both again.
   */
  @Override
  protected boolean planOnDriver() {
    return true;
  }

  @Override
  protected Stream<FileSlice> getFileSlicesEligibleForClustering(String partition) {
    // the parent keeps files under the small-file limit; here every file of the partition counts,
    // except file groups a pending compaction or clustering holds, and those the writers come
    // back to (writers first)
    Map<String, List<FileSlice>> all = listing();
    if (all != null) {
      return all.getOrDefault(partition, List.of()).stream();
    }
    Set<HoodieFileGroupId> pending = LatestSlices.held(getHoodieTable().getFileSystemView());
    return forWriters(partition, getHoodieTable().getSliceView().getLatestFileSlicesStateless(partition)
        .filter(slice -> !pending.contains(slice.getFileGroupId())).collect(Collectors.toList())).stream();
  }

  /**
   * The partitions to plan besides those Hudi selects, which are only those written since the last
   * clustering:
   * <ul>
   *   <li>beside writers, those the writes on the active timeline wrote into: a clustering that left
   *       files out for the writers ({@link #forWriters}) would otherwise leave them until the next
   *       write into their partition, which in a table partitioned by date may never come;</li>
   *   <li>those still moving to the asked sort columns, or laid out on others ({@link ColumnChange}):
   *       their old regions move a few at a time, whether or not the partition is written again.</li>
   * </ul>
   */
  @Override
  protected List<String> alsoPlan() {
    Set<String> out = new TreeSet<>();
    if (LayoutSpecParser.besideWriters(getWriteConfig().getProps())) {
      out.addAll(timeline().history.writtenPartitions());
    }
    List<String> columns = askedColumns();
    timeline().grids.forEach((partition, tree) -> {
      if (!tree.movingFrom.isEmpty() || !ColumnChange.same(tree.columns, columns)) {
        out.add(partition);
      }
    });
    return new ArrayList<>(out);
  }

  /** Hudi's params, with auto's choice of columns when it made one (which the execution then lays out). */
  @Override
  protected Map<String, String> getStrategyParams() {
    if (auto == null && LayoutSpecParser.auto(getWriteConfig().getProps())) {
      auto = RecordedWorkload.forPlan(getEngineContext(), getWriteConfig(), getHoodieTable(),
          timeline().grids.values().stream().findFirst().map(tree -> tree.columns).orElse(List.of()));
    }
    return RecordedWorkload.withChoice(super.getStrategyParams(), auto == null ? null : auto.choice);
  }

  @Override
  protected RecordedWorkload.Sampled sampledTable() {
    return auto == null ? null : auto.sampled;
  }

  private List<String> askedColumns() {
    return LayoutSpecParser.parse(getStrategyParams(), getWriteConfig().getProps()).columns();
  }

  /**
   * {@code slices} without the file groups the next write is likely to touch ({@link RecentWrites}),
   * when the clustering runs beside writes and gives way to them ({@link LayoutSpecParser#besideWriters}).
   */
  private List<FileSlice> forWriters(String partition, List<FileSlice> slices) {
    if (slices.isEmpty() || !LayoutSpecParser.besideWriters(getWriteConfig().getProps())) {
      return slices;
    }
    RecentWrites recent = timeline().recent;
    boolean[] leftOut = recent.leaveOut(slices.stream().map(FileSlice::getFileId).collect(Collectors.toList()));
    List<FileSlice> kept = new ArrayList<>();
    for (int i = 0; i < leftOut.length; i++) {
      if (!leftOut[i]) {
        kept.add(slices.get(i));
      }
    }
    if (kept.size() < slices.size()) {
      LOG.info("hudi-layout: partition '{}': {} of {} file group(s) left out for the writers (touched by the last {} "
          + "write(s), as far back as a write on the timeline updated)", partition, slices.size() - kept.size(),
          slices.size(), recent.depth());
    }
    return kept;
  }

  /** This plan's times; outside a plan (nothing to add to), a throwaway. */
  private PlanTimes times() {
    PlanTimes times = spent;
    return times != null ? times : new PlanTimes();
  }

  /**
   * Every planned partition's eligible slices, listed for the plan at once ({@link LatestSlices}).
   * Null outside a plan.
   */
  private synchronized Map<String, List<FileSlice>> listing() {
    if (listed == null && planned != null) {
      long start = System.nanoTime();
      Map<String, List<FileSlice>> slices = LatestSlices.of(getHoodieTable().getMetaClient(), metadata(), planned.get(), true);
      listed = new HashMap<>();
      slices.forEach((partition, partitionSlices) -> listed.put(partition, forWriters(partition, partitionSlices)));
      times().listing(start);
    }
    return listed;
  }

  /** Whether the user asked for a full clustering: every partition considered again. */
  private boolean fullClustering() {
    return !Boolean.parseBoolean(getWriteConfig().getProps().getProperty(INCREMENTAL_KEY, "true"));
  }

  /** The metadata table's reader for this plan: one, for the listing and the column stats. */
  private synchronized HoodieTableMetadata metadata() {
    if (reader == null) {
      reader = LatestSlices.reader(getHoodieTable().getMetaClient(), getWriteConfig());
    }
    return reader;
  }

  @Override
  protected Stream<HoodieClusteringGroup> groupsFor(String partition, List<FileSlice> slices) {
    if (slices.isEmpty()) {
      return Stream.empty();
    }
    long target = getWriteConfig().getClusteringTargetFileMaxBytes();
    FileSizing sizing = this.sizing.of(getHoodieTable(), getWriteConfig(), slices, target);
    RecordedGrids.Tree newest = timeline().grids.get(partition);
    List<String> columns = askedColumns();
    boolean otherColumns = newest != null && !ColumnChange.same(newest.columns, columns);
    if (newest != null && (otherColumns || !newest.movingFrom.isEmpty()) && fullClustering()) {
      // a full clustering lays a partition on (or moving from) other columns out anew at once
      return Stream.of(group(slices, firstLayoutFiles(slices, sizing, target), PlannedGroup.metadata(
          PlannedGroup.Kind.FULL, null, ColumnChange.relayout(otherColumns ? newest.columns : newest.movingFrom, columns),
          null, Map.of())));
    }
    String recorded = newest == null || otherColumns ? null : newest.tree;
    RegionTree tree = recorded == null ? null : RegionTree.parse(recorded);
    // the partition's files by the regions of the tree on the asked columns, sorted once for the move and the plan
    Regions sorted = tree == null ? null : Regions.of(tree, stats(columns), slices, timeline().history);
    ColumnMove move = ColumnMove.of(partition, newest, otherColumns, sorted, slices, columns, timeline().history,
        this::stats, getWriteConfig().getProps());
    if (move != null) {
      slices = move.planned;
      sorted = sorted == null ? null : sorted.without(move.staying);
    }
    if (recorded == null) {
      return firstLayout(slices, sizing, target, newest == null, move);
    }
    return delta(partition, slices, recorded, tree, sorted, columns, sizing, target, move);
  }

  /**
   * A partition with no tree on the asked columns: one group that lays all of {@code slices} out;
   * none when a partition never laid out holds a single file without logs, which would be written
   * again as it is.
   */
  private Stream<HoodieClusteringGroup> firstLayout(List<FileSlice> slices, FileSizing sizing, long target,
                                                    boolean neverLaidOut, ColumnMove move) {
    int files = firstLayoutFiles(slices, sizing, target);
    if (slices.size() == 1 && files == 1 && slices.get(0).getLogFiles().count() == 0 && neverLaidOut) {
      return Stream.empty();
    }
    Map<String, String> metadata = PlannedGroup.metadata(PlannedGroup.Kind.FULL, null,
        move != null ? move.why : "no grid recorded for the partition", null, Map.of());
    return Stream.of(group(slices, files, move != null ? move.mark(metadata) : metadata));
  }

  /** The groups of a partition laid out on {@code tree} (recorded as {@code recorded}): {@link DeltaPlan}'s. */
  private Stream<HoodieClusteringGroup> delta(String partition, List<FileSlice> slices, String recorded, RegionTree tree,
                                              Regions sorted, List<String> columns, FileSizing sizing, long target,
                                              ColumnMove move) {
    double perByte = sorted.rowsPerByte(slices);
    // each file's bytes less its own footer
    Map<String, Long> rowBytes = FileFooters.rowBytes(getHoodieTable(), slices, sizing);
    ToLongFunction<List<FileSlice>> rowBytesOf = files -> files.stream()
        .mapToLong(file -> rowBytes.get(file.getFileId())).sum();
    List<DeltaPlan.NewFile<FileSlice>> newFiles = new ArrayList<>();
    sorted.spanning.forEach(file ->
        newFiles.add(new DeltaPlan.NewFile<>(file, Regions.bytes(file), rowBytesOf.applyAsLong(List.of(file)))));
    List<DeltaPlan.Region<FileSlice>> regions = sorted.forPlan(rowBytesOf);
    DeltaPlan.Settings settings = new DeltaPlan.Settings(
        LayoutSpecParser.continuousMergeFraction(getWriteConfig().getProps()),
        LayoutSpecParser.continuousMergeTiers(getWriteConfig().getProps()),
        getWriteConfig().getClusteringMaxBytesInGroup(), target, sizing, columns.size(),
        LayoutSpecParser.continuousRegionFiles(getWriteConfig().getProps()));
    List<DeltaPlan.Group<FileSlice>> groups = DeltaPlan.plan(newFiles, sorted.rows(sorted.spanning, perByte),
        regions, settings);
    // each region's query shares, for the grids its rows are cut on (and those of the cells it splits
    // into): a group of new rows may put rows in any region, a group without only in those it lays out
    Map<String, double[]> shares = QueryShares.byRegion(tree, sorted.inside.keySet(), sorted.fileBoxes(slices));
    LOG.info("hudi-layout: continuous plan for partition '{}': {} file(s) in {} region(s) of {}, {} new; {}",
        partition, slices.size() - sorted.spanning.size(), sorted.inside.size(), tree.regions(), sorted.spanning.size(),
        groups.stream().map(group -> group.why(settings)).collect(Collectors.joining(" | ")));
    return groups.stream().map(planned -> {
      boolean moves = move != null && planned.files.stream().anyMatch(move.moved::contains);
      Map<String, String> metadata = PlannedGroup.metadata(PlannedGroup.Kind.DELTA, recorded,
          planned.why(settings) + (moves ? "; " + move.why : ""),
          QueryShares.format(planned.newFiles > 0 ? shares : QueryShares.restrictedTo(shares, planned.laidOut())),
          planned.splits);
      return group(planned.files, (int) Math.max(1, Math.min(Integer.MAX_VALUE, planned.outputFiles)),
          move != null ? move.mark(metadata) : metadata);
    });
  }

  /** The files a first layout of {@code slices} writes: their row bytes in files of the target. */
  private int firstLayoutFiles(List<FileSlice> slices, FileSizing sizing, long target) {
    long rowBytes = FileFooters.rowBytes(getHoodieTable(), slices, sizing).values().stream().mapToLong(Long::longValue).sum();
    return (int) Math.min(Integer.MAX_VALUE, sizing.outputFiles(rowBytes, 0, target));
  }

  /** What the plan reads from the timeline, read once per plan. */
  private synchronized PlanTimeline timeline() {
    if (timeline == null) {
      long start = System.nanoTime();
      timeline = PlanTimeline.read(getHoodieTable().getMetaClient());
      times().timeline(start);
    }
    return timeline;
  }

  /**
   * What the column-stats index holds for {@code columns} of every file of the planned partitions
   * that have a recorded tree: one read for the plan, made when the first of them is planned.
   */
  private synchronized ColumnStatsBounds.FileStats stats(List<String> columns) {
    if (stats == null) {
      stats = new HashMap<>();
    }
    ColumnStatsBounds.FileStats read = stats.get(columns);
    if (read == null) {
      List<String> partitions = planned == null ? null : planned.get();
      List<Pair<String, String>> files = new ArrayList<>();
      for (String partition : timeline().grids.keySet()) {
        if (partitions == null || partitions.contains(partition)) {
          files.addAll(Regions.files(partition,
              getFileSlicesEligibleForClustering(partition).collect(Collectors.toList())));
        }
      }
      long start = System.nanoTime();
      read = ColumnStatsBounds.FileStats.read(metadata(), files, columns);
      stats.put(columns, read);
      times().columnStats(start);
      LOG.info("hudi-layout: continuous plan read the column stats of {} file(s) on {} in one pass", files.size(),
          String.join(",", columns));
    }
    return read;
  }

  private HoodieClusteringGroup group(List<FileSlice> slices, int files, Map<String, String> planned) {
    return HoodieClusteringGroup.newBuilder()
        .setSlices(getFileSliceInfo(slices))
        .setNumOutputFileGroups(files)
        .setMetrics(buildMetrics(slices))
        .setExtraMetadata(planned)
        .build();
  }

}
