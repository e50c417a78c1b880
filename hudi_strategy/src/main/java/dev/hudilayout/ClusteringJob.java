package dev.hudilayout;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.hudi.QuietJvm;
import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.layout.LayoutMetadata;

import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieInstantTimeGenerator;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.util.ClusteringUtils;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A clustering job for {@code spark-submit}: the command line of Hudi's {@code HoodieClusteringJob}
 * (so one command works with either class), running hudi-layout's strategy unless the options name
 * another, plus a {@code purgePending} mode of its own.
 *
 * <pre>
 * spark-submit --class dev.hudilayout.ClusteringJob --jars hudi-spark3.5-bundle_2.12-1.2.0.jar hudi-layout.jar \
 *   --base-path /data/t --table-name t --mode scheduleAndExecute --props conf/hudi-layout.properties \
 *   [--hoodie-conf k=v ...] [--instant-time T] [--spark-master M] [--spark-memory 4g] [--parallelism N] \
 *   [--retry N] [--retry-last-failed-clustering-job true] [--job-max-processing-time-ms MS]
 * </pre>
 *
 * Modes: {@code schedule} plans a clustering and prints its instant; {@code execute} runs the
 * given instant, or the oldest pending one; {@code scheduleAndExecute} does both, or with
 * {@code --retry-last-failed-clustering-job true} first re-runs the newest clustering left
 * inflight longer than {@code --job-max-processing-time-ms}; {@code purgePending} rolls back the
 * given pending clustering (or every one) and removes its plan; {@code show} lists the
 * clusterings on the active timeline. Options come from {@code --props}
 * (a properties file) and then {@code --hoodie-conf}. Every line of output is one of
 * {@code scheduled T}, {@code nothing to cluster}, {@code completed T operation=CLUSTER files=R->W
 * hudilayout.*=...} (files replaced and written), {@code purged T}, or for {@code show} one line per
 * clustering, {@code T STATE ...};
 * bad input prints {@code error: ...} and exits with 2 before Spark starts or anything is
 * written, a failed run exits with 1.
 */
public final class ClusteringJob {
  static final List<String> MODES = Arrays.asList("schedule", "execute", "scheduleAndExecute", "purgePending", "show");

  /** The parsed command line. */
  static final class Args {
    String basePath;
    String tableName;
    String mode = "execute";  // HoodieClusteringJob's default without --mode
    String instant;
    String propsFile;
    final List<String> confs = new ArrayList<>();
    String master;
    String memory;
    int parallelism = 1;
    int retry;
    boolean retryLastFailed;
    long maxProcessingMs;
  }

  private ClusteringJob() {
  }

  public static void main(String[] argv) {
    System.exit(run(argv));
  }

  /** Runs the job; its exit status (0 done, 1 failed, 2 bad input). */
  static int run(String[] argv) {
    Args args;
    Map<String, String> options;
    try {
      args = parse(argv);
      options = options(args);
    } catch (IllegalArgumentException e) {
      System.out.println("error: " + e.getMessage());
      System.out.println(usage());
      return 2;
    }
    String refusal = HudiLine.mismatch(HudiLine.get().line(), HudiLine.running());
    if (refusal != null) {
      System.out.println("error: " + refusal);
      return 2;
    }
    QuietJvm.muteObjectSizeWarnings();
    SparkConf conf = new SparkConf().setAppName("hudi-layout-clustering-" + args.tableName)
        .setIfMissing("spark.master", "local[*]")
        .setIfMissing("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
        .setIfMissing("spark.kryo.registrator", "org.apache.spark.HoodieSparkKryoRegistrar");
    if (args.master != null) {
      conf.setMaster(args.master);
    }
    if (args.memory != null) {
      conf.set("spark.executor.memory", args.memory);
    }
    try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
      for (int attempt = 0; ; attempt++) {
        try {
          runMode(jsc, args, options);
          return 0;
        } catch (IllegalArgumentException e) {
          System.out.println("error: " + e.getMessage());
          return 2;
        } catch (RuntimeException e) {
          if (attempt >= args.retry) {
            System.out.println("failed: " + e);
            return 1;
          }
          System.out.println("retrying after: " + e);
        }
      }
    }
  }

  /** What a flag's value sets in {@link Args}; {@code flag} as given, for messages. */
  private interface Setter {
    void set(Args args, String flag, String value);
  }

  /** Every flag, by its long and short names, and what its value sets. */
  private static final Map<String, Setter> FLAGS = new HashMap<>();

  static {
    flag((args, flag, value) -> args.basePath = value, "--base-path", "-sp");
    flag((args, flag, value) -> args.tableName = value, "--table-name", "-tn");
    flag((args, flag, value) -> args.mode = value, "--mode", "-m");
    flag((args, flag, value) -> args.instant = value, "--instant-time", "-it");
    flag((args, flag, value) -> args.propsFile = value, "--props");
    flag((args, flag, value) -> args.confs.add(value), "--hoodie-conf");
    flag((args, flag, value) -> args.master = value, "--spark-master", "-ms");
    flag((args, flag, value) -> args.memory = value, "--spark-memory", "-sm");
    flag((args, flag, value) -> args.parallelism = number(flag, value, 1), "--parallelism", "-pl");
    flag((args, flag, value) -> args.retry = number(flag, value, 0), "--retry", "-rt");
    flag((args, flag, value) -> args.retryLastFailed = bool(flag, value), "--retry-last-failed-clustering-job", "-rc");
    flag((args, flag, value) -> args.maxProcessingMs = number(flag, value, 0), "--job-max-processing-time-ms", "-jt");
  }

  private static void flag(Setter setter, String... names) {
    for (String name : names) {
      FLAGS.put(name, setter);
    }
  }

  static Args parse(String[] argv) {
    Args args = new Args();
    for (int i = 0; i < argv.length; i++) {
      String flag = argv[i];
      if (flag.equals("--help") || flag.equals("-h")) {
        throw new IllegalArgumentException("usage");
      }
      if (i + 1 >= argv.length) {
        throw new IllegalArgumentException(flag + " needs a value");
      }
      String value = argv[++i];
      Setter setter = FLAGS.get(flag);
      if (setter == null) {
        throw new IllegalArgumentException("unknown flag " + flag + " (value '" + value + "')");
      }
      setter.set(args, flag, value);
    }
    if (args.basePath == null || args.basePath.trim().isEmpty()) {
      throw new IllegalArgumentException("--base-path is required: the table's base path");
    }
    if (args.tableName == null || args.tableName.trim().isEmpty()) {
      throw new IllegalArgumentException("--table-name is required: the table's name");
    }
    String mode = MODES.stream().filter(accepted -> accepted.equalsIgnoreCase(args.mode)).findFirst().orElse(null);
    if (mode == null) {
      throw new IllegalArgumentException("--mode '" + args.mode + "' is not accepted: one of " + String.join(", ", MODES));
    }
    args.mode = mode;
    return args;
  }

  /** The Hudi options: the properties file, then every --hoodie-conf, checked as the strategy checks them. */
  static Map<String, String> options(Args args) {
    Map<String, String> out = new LinkedHashMap<>();
    if (args.propsFile != null) {
      Properties props = new Properties();
      try (InputStream in = Files.newInputStream(Paths.get(args.propsFile))) {
        props.load(in);
      } catch (IOException e) {
        throw new IllegalArgumentException("--props " + args.propsFile + ": cannot read it (" + e.getMessage() + ")");
      }
      new TreeMap<>(props).forEach((key, value) -> out.put(String.valueOf(key), String.valueOf(value).trim()));
    }
    for (String conf : args.confs) {
      int equals = conf.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("--hoodie-conf '" + conf + "': expected key=value");
      }
      out.put(conf.substring(0, equals).trim(), conf.substring(equals + 1).trim());
    }
    out.put("hoodie.table.name", args.tableName);
    Properties check = new Properties();
    check.putAll(out);
    LayoutSpecParser.refuseUnknownKeys(check);
    return out;
  }

  private static void runMode(JavaSparkContext jsc, Args args, Map<String, String> options) {
    switch (args.mode) {
      case "schedule": {
        String instant = ClusteringRunner.schedule(jsc, args.basePath, options);
        System.out.println(instant == null ? "nothing to cluster" : "scheduled " + instant);
        return;
      }
      case "execute": {
        String instant = args.instant != null ? args.instant : oldestPending(jsc, args.basePath);
        if (instant == null) {
          throw new IllegalArgumentException("--mode execute: the table has no pending clustering; schedule one "
              + "first (--mode schedule) or give --instant-time");
        }
        ClusteringRunner.execute(jsc, args.basePath, options, instant);
        System.out.println(completed(jsc, args.basePath, instant));
        return;
      }
      case "scheduleAndExecute": {
        String instant = args.retryLastFailed ? failedInflight(jsc, args.basePath, args.maxProcessingMs) : null;
        if (instant == null) {
          instant = ClusteringRunner.schedule(jsc, args.basePath, options);
          if (instant == null) {
            System.out.println("nothing to cluster");
            return;
          }
          System.out.println("scheduled " + instant);
        } else {
          System.out.println("retrying " + instant);
        }
        ClusteringRunner.execute(jsc, args.basePath, options, instant);
        System.out.println(completed(jsc, args.basePath, instant));
        return;
      }
      case "show":
        show(jsc, args.basePath);
        return;
      default:
        purge(jsc, args, options);
    }
  }

  /** Every clustering on the active timeline, oldest first: pending ones with their state, completed ones as {@link #describe}. */
  private static void show(JavaSparkContext jsc, String basePath) {
    TreeMap<String, String> lines = new TreeMap<>();
    for (HoodieInstant instant : pending(jsc, basePath)) {
      String time = HudiLine.get().instantTime(instant);
      lines.put(time, time + " " + instant.getState());
    }
    HoodieTimeline done = TableClients.meta(jsc, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    for (HoodieInstant instant : done.getInstants()) {
      String line = describe(done, instant);
      if (line.startsWith("operation=CLUSTER")) {
        String time = HudiLine.get().instantTime(instant);
        lines.put(time, time + " COMPLETED " + line);
      }
    }
    lines.values().forEach(System.out::println);
    if (lines.isEmpty()) {
      System.out.println("no clustering on the active timeline");
    }
  }

  private static List<HoodieInstant> pending(JavaSparkContext jsc, String basePath) {
    List<HoodieInstant> out = new ArrayList<>();
    ClusteringUtils.getAllPendingClusteringPlans(TableClients.meta(jsc, basePath)).forEach(plan -> out.add(plan.getLeft()));
    out.sort((first, second) -> HudiLine.get().instantTime(first).compareTo(HudiLine.get().instantTime(second)));
    return out;
  }

  private static String oldestPending(JavaSparkContext jsc, String basePath) {
    List<HoodieInstant> pending = pending(jsc, basePath);
    return pending.isEmpty() ? null : HudiLine.get().instantTime(pending.get(0));
  }

  /** The newest clustering left inflight for longer than {@code maxProcessingMs}, or null. */
  private static String failedInflight(JavaSparkContext jsc, String basePath, long maxProcessingMs) {
    HoodieTableMetaClient meta = TableClients.meta(jsc, basePath);
    HoodieTimeline inflight = HudiLine.get().pendingReplaces(meta.getActiveTimeline()).filterInflights();
    if (inflight.empty()) {
      return null;
    }
    String instant = HudiLine.get().instantTime(inflight.lastInstant().get());
    try {
      long started = HoodieInstantTimeGenerator.parseDateFromInstantTime(instant).getTime();
      return started + maxProcessingMs < System.currentTimeMillis() ? instant : null;
    } catch (ParseException e) {
      throw new IllegalStateException("hudi-layout: cannot read the time of clustering instant " + instant, e);
    }
  }

  /** "completed T operation=CLUSTER files=R->W hudilayout.*=..." from the instant's replacecommit. */
  private static String completed(JavaSparkContext jsc, String basePath, String instant) {
    HoodieTimeline done = TableClients.meta(jsc, basePath).getActiveTimeline().getCompletedReplaceTimeline();
    for (HoodieInstant completed : done.getInstants()) {
      if (HudiLine.get().instantTime(completed).equals(instant)) {
        return "completed " + instant + " " + describe(done, completed);
      }
    }
    throw new IllegalStateException("clustering " + instant + " did not complete");
  }

  /** "operation=O files=R->W hudilayout.*=...": a completed replacecommit's operation, files replaced and written, and our layout keys. */
  private static String describe(HoodieTimeline done, HoodieInstant instant) {
    HoodieReplaceCommitMetadata metadata;
    try {
      // a completed replacecommit's metadata is a HoodieReplaceCommitMetadata (HudiLine#commitMetadata)
      metadata = (HoodieReplaceCommitMetadata) HudiLine.get().commitMetadata(done, instant);
    } catch (IOException e) {
      return "operation=unreadable (" + e.getMessage() + ")";
    }
    int replaced = metadata.getPartitionToReplaceFileIds().values().stream().mapToInt(List::size).sum();
    StringBuilder text = new StringBuilder("operation=" + metadata.getOperationType() + " files=" + replaced + "->"
        + metadata.getPartitionToWriteStats().values().stream().mapToInt(List::size).sum());
    new TreeMap<>(metadata.getExtraMetadata()).forEach((key, value) -> {
      if (key.startsWith(LayoutMetadata.PREFIX) && !key.startsWith(LayoutMetadata.CONTINUOUS_GRID.key())) {
        text.append(' ').append(key).append('=').append(value);
      }
    });
    return text.toString();
  }

  /** Rolls back the given pending clustering (or every one) and removes its plan from the timeline. */
  private static void purge(JavaSparkContext jsc, Args args, Map<String, String> options) {
    List<HoodieInstant> targets = new ArrayList<>();
    for (HoodieInstant instant : pending(jsc, args.basePath)) {
      if (args.instant == null || args.instant.equals(HudiLine.get().instantTime(instant))) {
        targets.add(instant);
      }
    }
    if (args.instant != null && targets.isEmpty()) {
      throw new IllegalArgumentException("--instant-time " + args.instant + ": no pending clustering at that instant");
    }
    try (SparkRDDWriteClient<?> client = TableClients.open(jsc, args.basePath, options, schema -> { })) {
      for (HoodieInstant target : targets) {
        String time = HudiLine.get().instantTime(target);
        HudiLine.get().purgeClustering(client, time);
        System.out.println("purged " + time);
      }
    }
    if (targets.isEmpty()) {
      System.out.println("nothing to purge");
    }
  }

  static String usage() {
    return "usage: spark-submit --class " + ClusteringJob.class.getName() + " --jars <hudi bundle> <hudi-layout.jar> "
        + "--base-path PATH --table-name NAME [--mode " + String.join("|", MODES) + "] [--instant-time T] "
        + "[--props FILE] [--hoodie-conf k=v ...] [--spark-master M] [--spark-memory MEM] [--parallelism N] "
        + "[--retry N] [--retry-last-failed-clustering-job true|false] [--job-max-processing-time-ms MS]; "
        + "our keys: " + LayoutOptions.PREFIX + "*";
  }

  private static int number(String flag, String value, int min) {
    try {
      int number = Integer.parseInt(value.trim());
      if (number >= min) {
        return number;
      }
    } catch (NumberFormatException ignored) {
      // the message below
    }
    throw new IllegalArgumentException(flag + " '" + value + "' is not accepted: a whole number of at least " + min);
  }

  private static boolean bool(String flag, String value) {
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new IllegalArgumentException(flag + " '" + value + "' is not accepted: true or false");
  }
}
