package dev.hudilayout.hudi;

import dev.hudilayout.config.HudiOptions;
import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.workload.AutoColumns;
import dev.hudilayout.workload.Payoff;
import dev.hudilayout.workload.ScanEntry;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The option {@code hoodie.hudilayout.when=pays} at work on a plan: the plan stands only when
 * {@link Payoff} says the recorded queries would save more than it rewrites. The verdict goes to
 * the log, to the plan's extra metadata (and so to the replacecommit) when it stands, and to
 * {@code .hoodie/.aux/hudi-layout/payoff.json} either way.
 */
public final class PaidPlans {
  private static final Logger LOG = LoggerFactory.getLogger(PaidPlans.class);
  /** The plan's extra metadata key, and the replacecommit's, that holds the verdict. */
  public static final String KEY = "hudilayout.pays";
  /** The last verdict, beside the table. */
  public static final String VERDICT_FILE = ".hoodie/.aux/hudi-layout/payoff.json";
  private static final DateTimeFormatter INSTANT = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  private PaidPlans() {
  }

  /**
   * {@code plan} when the option is off, the plan is empty, or it pays; else no plan. {@code sampled}:
   * what the plan sampled of the table when it chose its columns (null: none), asked once the plan is made.
   */
  public static Option<HoodieClusteringPlan> unlessUnpaid(HoodieEngineContext context, HoodieWriteConfig config,
                                                          HoodieTable<?, ?, ?, ?> table,
                                                          Supplier<RecordedWorkload.Sampled> sampled,
                                                          Option<HoodieClusteringPlan> plan) {
    if (!plan.isPresent() || !LayoutSpecParser.paysOnly(config.getProps())) {
      return plan;
    }
    Configuration conf = context.getStorageConf().unwrapAs(Configuration.class);
    Weighed weighed = weigh(conf, config, table, plan.get(), sampled.get());
    Payoff verdict = weighed.verdict;
    LOG.warn("hudi-layout: {} {}: {}", verdict.pays ? "clustering" : "no clustering of", config.getBasePath(),
        verdict.reason);
    record(conf, config.getBasePath(), verdict);
    if (!verdict.pays) {
      return Option.empty();
    }
    Map<String, String> extra = plan.get().getExtraMetadata() == null ? new HashMap<>()
        : new HashMap<>(plan.get().getExtraMetadata());
    extra.put(KEY, verdict.reason);
    plan.get().setExtraMetadata(extra);
    if (weighed.choice != null && plan.get().getStrategy() != null) {
      // the execution lays out the columns weighed here, and does not choose again
      Map<String, String> params = plan.get().getStrategy().getStrategyParams();
      plan.get().getStrategy().setStrategyParams(RecordedWorkload.withChoice(params == null ? Map.of() : params,
          weighed.choice));
    }
    return plan;
  }

  /** A verdict, and with auto the choice of columns it weighed (null: the plan's own columns). */
  private static final class Weighed {
    final Payoff verdict;
    final AutoColumns.Choice choice;

    Weighed(Payoff verdict, AutoColumns.Choice choice) {
      this.verdict = verdict;
      this.choice = choice;
    }
  }

  /**
   * The verdict on {@code plan} for the scans since the last clustering. With auto, the columns are
   * those the plan carries (a plan that chose them, as the continuous plan does), else the ones
   * those scans ask for, chosen here once. The table's columns are sampled here unless the plan
   * sampled them when it chose ({@code sampled}, null when it did not).
   */
  private static Weighed weigh(Configuration conf, HoodieWriteConfig config, HoodieTable<?, ?, ?, ?> table,
                               HoodieClusteringPlan plan, RecordedWorkload.Sampled sampled) {
    HoodieTableMetaClient meta = table.getMetaClient();
    long since = lastClustering(meta);
    List<ScanEntry> window = RecordedWorkload.entries(conf, config.getBasePath()).stream()
        .filter(entry -> entry.timeMillis > since).collect(Collectors.toList());
    Map<Pair<String, String>, Long> files = RecordedWorkload.latestBaseFiles(table);
    double tableBytes = files.values().stream().mapToLong(Long::longValue).sum();
    double inputBytes = 0;
    long inputFiles = 0;
    int outputFiles = 0;
    for (HoodieClusteringGroup group : plan.getInputGroups()) {
      for (HoodieSliceInfo slice : group.getSlices()) {
        String base = slice.getDataFilePath();
        inputBytes += base == null || base.isEmpty() ? 0
            : files.getOrDefault(Pair.of(slice.getPartitionPath(), new Path(base).getName()), 0L);
      }
      Double logBytes = group.getMetrics() == null ? null : group.getMetrics().get("TOTAL_LOG_FILE_SIZE");
      inputBytes += logBytes == null ? 0 : logBytes;
      inputFiles += group.getSlices().size();
      outputFiles += group.getNumOutputFileGroups();
    }
    // the model's grid is a partition's: the files after per partition
    long partitions = Math.max(1, files.keySet().stream().map(Pair::getLeft).distinct().count());
    int filesAfter = AutoColumns.filesPerPartition(files.size() - inputFiles + outputFiles, partitions);
    Map<String, String> params = plan.getStrategy() == null ? null : plan.getStrategy().getStrategyParams();
    boolean carried = params != null && params.containsKey(RecordedWorkload.CHOSEN);
    List<String> given = LayoutSpecParser.columns(carried ? params.getOrDefault(HudiOptions.SORT_COLUMNS.key(),
        config.getClusteringSortColumns()) : config.getClusteringSortColumns());
    boolean auto = !carried && LayoutSpecParser.auto(config.getProps());
    RecordedWorkload.Sampled columns = sampled != null ? sampled : RecordedWorkload.sample(conf, window,
        HudiLine.get().tableSchema(meta, false).kinds(), () -> HudiLine.get().tableMetadata(table), config.getBasePath(),
        ColumnStatsBounds.baseFiles(plan), config.populateMetaFields());
    AutoColumns.Choice choice = RecordedWorkload.choose(columns, window, given, filesAfter,
        auto ? LayoutSpecParser.autoMaxColumns(config.getProps()) : given.size(), List.of());
    return new Weighed(Payoff.weigh(window, auto ? choice.filesRead : choice.givenFilesRead, tableBytes, inputBytes,
        LayoutSpecParser.paysRatio(config.getProps())), auto ? choice : null);
  }

  /** When the last completed clustering (or other replacement) of the table completed, in ms; 0 if none. */
  private static long lastClustering(HoodieTableMetaClient meta) {
    Option<HoodieInstant> last = meta.getActiveTimeline().getCompletedReplaceTimeline().lastInstant();
    if (!last.isPresent()) {
      return 0;
    }
    String time = HudiLine.get().completionTime(last.get());
    if (time == null || time.length() < 17) {
      time = HudiLine.get().instantTime(last.get());
    }
    ZoneId zone = "UTC".equals(String.valueOf(meta.getTableConfig().getTimelineTimezone()))
        ? ZoneOffset.UTC : ZoneId.systemDefault();
    return LocalDateTime.parse(time.substring(0, 17), INSTANT).atZone(zone).toInstant().toEpochMilli();
  }

  private static void record(Configuration conf, String basePath, Payoff verdict) {
    String json = verdict.toJson(System.currentTimeMillis());
    Path file = new Path(basePath, VERDICT_FILE);
    try {
      FileSystem fs = file.getFileSystem(conf);
      try (FSDataOutputStream out = fs.create(file, true)) {
        out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      LOG.info("hudi-layout: the verdict could not be kept in {} ({})", file, e.toString());
    }
  }

  /** The last verdict kept beside the table at {@code basePath}, as JSON; "null" when there is none. */
  public static String lastJson(Configuration conf, String basePath) throws IOException {
    Path file = new Path(basePath, VERDICT_FILE);
    FileSystem fs = file.getFileSystem(conf);
    if (!fs.exists(file)) {
      return "null";
    }
    try (InputStream in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    }
  }
}
