package dev.hudilayout.hudi;

import dev.hudilayout.config.HudiOptions;
import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.spark.QueryLogFolder;
import dev.hudilayout.spark.RowSample;
import dev.hudilayout.workload.Arrival;
import dev.hudilayout.workload.AutoColumns;
import dev.hudilayout.workload.ColumnFilter;
import dev.hudilayout.workload.Dependence;
import dev.hudilayout.workload.RangeWidths;
import dev.hudilayout.workload.ScanEntry;
import dev.hudilayout.workload.Shape;
import dev.hudilayout.workload.WorkloadModel;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.table.HoodieTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The layout option auto's input: the table's query log, read from beside the table; from the
 * footers of up to 64 base files, each filtered column's distinct values and the least and
 * greatest value of each column a recorded range bounds (where its bounds fall, {@link RangeWidths};
 * the column-stats index where the footers keep none); and from a row sample, which columns
 * determine which ({@link Dependence}). A line that is not an entry is skipped; a log that cannot
 * be read counts as empty, so the given columns apply.
 */
public final class RecordedWorkload {
  private static final Logger LOG = LoggerFactory.getLogger(RecordedWorkload.class);
  private static final Set<String> UNSORTABLE = Set.of("RECORD", "ARRAY", "MAP", "STRUCT");

  /** The strategy param that marks a plan whose columns auto chose, with the choice's reason. */
  public static final String CHOSEN = "hudilayout.auto.chosen";
  /** Files and rows the row sample that finds which columns determine which reads at most. */
  static final int SAMPLED_FILES = 16;
  static final int SAMPLED_ROWS = 20_000;
  /** Columns whose values are counted and sampled at most: the filtered ones first. */
  static final int SAMPLED_COLUMNS = 32;

  private RecordedWorkload() {
  }

  /**
   * What a sample of a table's files says of the columns its log filters: their distinct values,
   * where recorded ranges fall, and which columns determine which. It serves the model of any of
   * that log's entries, so a plan weighed after auto chose its columns samples the table once.
   */
  public static final class Sampled {
    final List<String> columns;
    final RangeWidths widths;
    final Map<String, Set<String>> determines;

    Sampled(List<String> columns, RangeWidths widths, Map<String, Set<String>> determines) {
      this.columns = columns;
      this.widths = widths;
      this.determines = determines;
    }
  }

  /** Auto's choice for a plan, and the sample it was made from. */
  public static final class ForPlan {
    public final AutoColumns.Choice choice;
    public final Sampled sampled;

    ForPlan(AutoColumns.Choice choice, Sampled sampled) {
      this.choice = choice;
      this.sampled = sampled;
    }
  }

  /**
   * With auto on, the columns a plan of {@code table} asks for, chosen from the table's whole log
   * for a grid of the files per partition the clustering leaves ({@link FileFooters#filesAfter});
   * a table laid out on {@code recorded} keeps them unless the log's columns save enough more. Null
   * with auto off.
   */
  public static ForPlan forPlan(HoodieEngineContext context, HoodieWriteConfig config,
                                HoodieTable<?, ?, ?, ?> table, List<String> recorded) {
    if (!LayoutSpecParser.auto(config.getProps())) {
      return null;
    }
    Map<String, List<FileSlice>> slices = latestSlices(table, config);
    List<Pair<String, String>> files = new ArrayList<>();
    slices.forEach((partition, partitionSlices) -> partitionSlices.forEach(slice -> slice.getBaseFile()
        .ifPresent(base -> files.add(Pair.of(partition, base.getFileName())))));
    // the model's grid is a partition's: the files the clustering leaves per partition
    int perPartition = AutoColumns.filesPerPartition(FileFooters.filesAfter(table, config, slices.values()),
        slices.values().stream().filter(partition -> !partition.isEmpty()).count());
    Configuration conf = context.getStorageConf().unwrapAs(Configuration.class);
    List<ScanEntry> log = entries(conf, config.getBasePath());
    Sampled sampled = sample(conf, log, HudiLine.get().tableSchema(table.getMetaClient(), false).kinds(),
        () -> HudiLine.get().tableMetadata(table), config.getBasePath(), files, config.populateMetaFields());
    return new ForPlan(choose(sampled, log, LayoutSpecParser.columns(config.getClusteringSortColumns()), perPartition,
        LayoutSpecParser.autoMaxColumns(config.getProps()), recorded), sampled);
  }

  /** The latest file slice of every file group of {@code table}, by partition: one listing ({@link LatestSlices}). */
  private static Map<String, List<FileSlice>> latestSlices(HoodieTable<?, ?, ?, ?> table, HoodieWriteConfig config) {
    try (HoodieTableMetadata reader = LatestSlices.reader(table.getMetaClient(), config)) {
      return LatestSlices.of(table.getMetaClient(), reader, reader.getAllPartitionPaths(), false);
    } catch (Exception e) {
      throw new IllegalStateException("hudi-layout: cannot list the file slices of " + config.getBasePath(), e);
    }
  }

  /**
   * {@code params} with what carries {@code choice} to the execution, which then does not choose
   * again: its reason ({@link #CHOSEN}) and, when it chose from the log, its columns and their
   * weights (else the given columns stand).
   */
  public static Map<String, String> withChoice(Map<String, String> params, AutoColumns.Choice choice) {
    if (choice == null) {
      return params;
    }
    Map<String, String> out = new LinkedHashMap<>(params);
    if (choice.fromLog) {
      out.put(HudiOptions.SORT_COLUMNS.key(), String.join(",", choice.columns));
      out.put(LayoutOptions.COLUMN_WEIGHTS.key(), Arrays.stream(choice.weights()).mapToObj(Double::toString)
          .collect(Collectors.joining(",")));
    }
    out.put(CHOSEN, choice.reason);
    return out;
  }

  /**
   * The choice for a clustering of {@code files} (partition, file name) into {@code outputFiles}
   * files, of at most {@code maxColumns} columns among {@code kinds}' (column -> kind), with
   * {@code given} the columns to fall back on; {@code instants}: the table writes each row's commit
   * instant ({@link #sample}).
   */
  public static AutoColumns.Choice choose(Configuration conf, String basePath, Map<String, String> kinds,
                                          Supplier<HoodieTableMetadata> metadata, List<Pair<String, String>> files,
                                          boolean instants, List<String> given, int outputFiles, int maxColumns) {
    List<ScanEntry> log = entries(conf, basePath);
    return choose(sample(conf, log, kinds, metadata, basePath, files, instants), log, given, outputFiles, maxColumns,
        List.of());
  }

  /**
   * The same choice from {@code entries}, with what {@code sampled} says of the table's columns
   * (sampled for these entries, or for a log that holds them).
   */
  public static AutoColumns.Choice choose(Sampled sampled, List<ScanEntry> entries, List<String> given,
                                          int outputFiles, int maxColumns, List<String> recorded) {
    WorkloadModel model = WorkloadModel.of(entries, sampled.columns, sampled.widths, sampled.determines);
    AutoColumns.Choice choice = AutoColumns.choose(model, given, outputFiles, maxColumns, recorded);
    Set<String> growing = sampled.widths.growing();
    String grows = growing.isEmpty() ? "" : String.format(Locale.ROOT, "; the table grows along %s, priced "
        + "with %.3g times their values, span and cuts", growing, Arrival.GROWTH);
    return choice.because(choice.reason + grows + (sampled.determines.isEmpty() ? "" : "; columns that determine "
        + "others: " + Dependence.describe(sampled.determines)));
  }

  /**
   * {@link Sampled} for {@code entries}: the filtered columns' distinct values from the
   * dictionaries of {@code files} (partition, file name; {@link DistinctValues}), where ranges fall,
   * and which columns determine which, from a row sample of some of those files. With {@code
   * instants} (the table writes each row's commit instant), the sample tells the columns the table
   * grows along.
   */
  public static Sampled sample(Configuration conf, List<ScanEntry> entries, Map<String, String> kinds,
                               Supplier<HoodieTableMetadata> metadata, String basePath,
                               List<Pair<String, String>> files, boolean instants) {
    List<String> columns = new ArrayList<>();
    kinds.forEach((column, kind) -> {
      if (!UNSORTABLE.contains(kind) && !column.startsWith("_hoodie_")) {
        columns.add(column);
      }
    });
    List<String> paths = files.stream().map(file -> fullPath(basePath, file)).sorted().collect(Collectors.toList());
    List<String> narrowed = filtered(entries, columns, EnumSet.of(Shape.EQUALS, Shape.IN, Shape.RANGE, Shape.PREFIX));
    // the filtered columns, then others they may determine, up to SAMPLED_COLUMNS
    Set<String> sampled = new LinkedHashSet<>(narrowed);
    columns.stream().limit(Math.max(0, SAMPLED_COLUMNS - narrowed.size())).forEach(sampled::add);
    List<String> counted = new ArrayList<>(sampled);
    RangeWidths widths = new RangeWidths();
    Map<String, Set<String>> determines = Map.of();
    if (!narrowed.isEmpty()) {
      DistinctValues.Read footers = DistinctValues.read(conf, paths, counted);
      footers.distinct.forEach(widths::distinct);
      RangePlaces.place(widths, filtered(entries, columns, EnumSet.of(Shape.RANGE)), footers.ends, metadata, files);
      List<String> sampledFiles = DistinctValues.newestAndSpread(paths, SAMPLED_FILES);
      // each row's commit instant last, where the table writes them: for the columns it grows along
      List<String> read = new ArrayList<>(counted);
      if (instants) {
        read.add(HoodieRecord.COMMIT_TIME_METADATA_FIELD);
      }
      List<Object[]> rows = RowSample.of(sampledFiles, read, SAMPLED_ROWS, footers.rowsOf(sampledFiles));
      Arrival.of(counted, rows).forEach(widths::growing);
      Dependence.Found found = Dependence.find(counted, rows);
      determines = found.determines;
      found.spreads.forEach((finer, spreads) -> spreads.forEach((coarse, spread) -> widths.spread(finer, coarse, spread)));
    }
    return new Sampled(columns, widths, determines);
  }

  private static String fullPath(String basePath, Pair<String, String> file) {
    String base = basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath;
    return file.getLeft().isEmpty() ? base + "/" + file.getRight() : base + "/" + file.getLeft() + "/" + file.getRight();
  }

  /** The files {@code plan} writes per partition it rewrites ({@link AutoColumns#filesPerPartition}). */
  public static int outputFilesPerPartition(HoodieClusteringPlan plan) {
    Set<String> partitions = new LinkedHashSet<>();
    int files = 0;
    for (HoodieClusteringGroup group : plan.getInputGroups()) {
      files += group.getNumOutputFileGroups();
      group.getSlices().forEach(slice -> partitions.add(String.valueOf(slice.getPartitionPath())));
    }
    return AutoColumns.filesPerPartition(files, partitions.size());
  }

  /** The columns of {@code columns} some entry filters in one of {@code shapes}, in order of first use. */
  private static List<String> filtered(List<ScanEntry> entries, List<String> columns, Set<Shape> shapes) {
    Set<String> out = new LinkedHashSet<>();
    for (ScanEntry entry : entries) {
      for (ColumnFilter filter : entry.filters) {
        if (shapes.contains(filter.shape) && columns.contains(filter.column)) {
          out.add(filter.column);
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** The latest base file of every file group of {@code table}: (partition, file name) and its bytes. */
  public static Map<Pair<String, String>, Long> latestBaseFiles(HoodieTable<?, ?, ?, ?> table) {
    Map<Pair<String, String>, Long> out = new LinkedHashMap<>();
    for (String partition : partitionPaths(table)) {
      table.getBaseFileOnlyView().getLatestBaseFiles(partition)
          .forEach(file -> out.put(Pair.of(partition, file.getFileName()), file.getFileSize()));
    }
    return out;
  }

  /** The partitions of {@code table}, from its metadata. */
  private static List<String> partitionPaths(HoodieTable<?, ?, ?, ?> table) {
    try {
      return HudiLine.get().tableMetadata(table).getAllPartitionPaths();
    } catch (IOException e) {
      throw new UncheckedIOException("hudi-layout: cannot list the partitions of " + table.getMetaClient().getBasePath(),
          e);
    }
  }

  /** The log's entries beside the table, oldest first; none when there is no log. */
  static List<ScanEntry> entries(Configuration conf, String basePath) {
    List<String> lines;
    try {
      lines = QueryLogFolder.read(conf, QueryLogFolder.of(basePath, null));
    } catch (IOException e) {
      LOG.warn("hudi-layout: the query log of {} cannot be read ({}); auto keeps the given columns", basePath,
          e.toString());
      return List.of();
    }
    List<ScanEntry> out = new ArrayList<>();
    for (String line : lines) {
      try {
        out.add(ScanEntry.fromJson(line));
      } catch (IllegalArgumentException e) {
        LOG.info("hudi-layout: skipped a query-log line ({})", e.getMessage());
      }
    }
    return out;
  }
}
