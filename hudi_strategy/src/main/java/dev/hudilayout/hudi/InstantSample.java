package dev.hudilayout.hudi;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.sample.GroupedSample;
import dev.hudilayout.layout.sample.SampleAllotment;
import dev.hudilayout.layout.sample.SampleRow;
import dev.hudilayout.spark.RowEncoder;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Stage "sample": one sample for a whole clustering instant: a single pass over the sort columns (and record key)
 * of every base file in the plan, columnar, so the rest of each row is never read for it. Each
 * sampled row remembers its file, which tells the group it belongs to.
 */
final class InstantSample {
  private static final Logger LOG = LoggerFactory.getLogger(InstantSample.class);

  private InstantSample() {
  }

  /** The plan's base files: their paths, file ids and groups, and each group's output files. */
  static final class PlanFiles {
    final List<String> paths = new ArrayList<>();
    /** Base file name to file id. */
    final Map<String, String> fileIdByName = new LinkedHashMap<>();
    /** Base file name to the index of its group in the plan (a file in two groups counts for the first). */
    final Map<String, Integer> groupByName = new HashMap<>();
    final int[] outputFiles;

    PlanFiles(HoodieClusteringPlan plan, String basePath) {
      List<HoodieClusteringGroup> groups = plan.getInputGroups();
      outputFiles = new int[groups.size()];
      for (int index = 0; index < groups.size(); index++) {
        HoodieClusteringGroup group = groups.get(index);
        outputFiles[index] = Math.max(1, group.getNumOutputFileGroups() == null ? 1 : group.getNumOutputFileGroups());
        for (HoodieSliceInfo slice : group.getSlices()) {
          String full = fullPath(slice, basePath);
          if (full != null && !fileIdByName.containsKey(fileName(full))) {
            paths.add(full);
            fileIdByName.put(fileName(full), slice.getFileId());
            groupByName.put(fileName(full), index);
          }
        }
      }
    }
  }

  /** The last segment of a path: a file's name. */
  static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The full path of a slice's base file, or null if it has none. */
  static String fullPath(HoodieSliceInfo slice, String basePath) {
    String path = slice.getDataFilePath();
    if (path == null || path.isEmpty()) {
      return null;
    }
    return path.startsWith("/") || path.contains("://") ? path
        : basePath + "/" + (slice.getPartitionPath() == null || slice.getPartitionPath().isEmpty()
            || path.contains("/") ? "" : slice.getPartitionPath() + "/") + path;
  }

  /** One pass over the plan's base files: the sample, and the columns the files hold. */
  static final class Taken {
    /** Every group's sampled rows, in the sample's order. */
    final List<SampleRow> sample;
    /** A uniform sample of the whole input, of the configured size at most: what the curve space is built on. */
    final List<SampleRow> whole;
    /** Each group's sampled rows, and its rows. */
    final int[] groupSample;
    final long[] groupRows;
    /** The base files' columns merged over all of them, or null if they could not be read or merged. */
    final StructType fileSchema;
    /** The rows sampled from, and whether that number came from the commits ({@link WrittenRows}). */
    final long rows;
    final boolean rowsFromCommits;

    Taken(List<SampleRow> sample, List<SampleRow> whole, int[] groupSample, long[] groupRows,
          StructType fileSchema, long rows, boolean rowsFromCommits) {
      this.sample = sample;
      this.whole = whole;
      this.groupSample = groupSample;
      this.groupRows = groupRows;
      this.fileSchema = fileSchema;
      this.rows = rows;
      this.rowsFromCommits = rowsFromCommits;
    }

    static Taken none() {
      return new Taken(Collections.emptyList(), Collections.emptyList(), new int[0], new long[0], null, 0, false);
    }
  }

  /**
   * The sample (empty when the plan has no base files or they cannot be read here): each group's
   * own rows, as many as {@link SampleAllotment} gives it, in one pass.
   *
   * @param writtenRows the rows of each file, by name, from their commits ({@link WrittenRows}), or null
   *                    to count them
   */
  static Taken take(SparkSession spark, PlanFiles files, LayoutSpec spec, Map<String, Long> writtenRows) {
    List<String> paths = files.paths;
    if (paths.isEmpty()) {
      return Taken.none();
    }
    try {
      BaseRead read = BaseRead.of(spark, paths);
      Dataset<Row> projected = projected(read.base, spec);
      int columns = spec.columns().size();
      RowEncoder encoder = encoder(projected.schema(), columns);
      long seed = spec.seed();
      // Each group's rows let its partition keep only its likely members of the sample, so the
      // partial samples are small enough to go straight to the driver instead of through a
      // shuffle. Counting Parquet rows reads only footers, but still costs a Spark job.
      Map<String, Long> perFile = writtenRows != null ? writtenRows : countPerFile(read.base);
      long[] groupRows = new long[files.outputFiles.length];
      long rows = addGroupRows(perFile, files, groupRows);
      int[] sizes = SampleAllotment.of(groupRows, files.outputFiles, spec.sampleSize());
      Broadcast<Map<String, Integer>> groupOf = JavaSparkContext.fromSparkContext(spark.sparkContext())
          .broadcast(files.groupByName);
      FileNames fileNames = new FileNames(columns + 1, groupOf);
      GroupedSample sampled = projected.queryExecution().toRdd().toJavaRDD()
          .aggregate(new GroupedSample(sizes, groupRows, seed),
              (partial, row) -> {
                int group = fileNames.groupOf(row);
                // most rows cannot enter the sample: decide on the key's hash before building anything
                return group >= 0 && partial.admits(group, encoder.recordKeyHash(row, seed))
                    ? partial.add(group, new SampleRow(encoder.recordKey(row), fileNames.of(row), encoder.encode(row)))
                    : partial;
              }, GroupedSample::merge);
      groupOf.destroy();
      return new Taken(sampled.rows(), sampled.lowest(spec.sampleSize()), sampled.sizes(), groupRows, read.merged,
          rows, writtenRows != null);
    } catch (Exception e) {
      // e.g. base files written before a sort column was added: each group then samples itself.
      LOG.warn("hudi-layout: could not sample the base files of the plan ({}); groups will sample their own input",
          e.toString());
      return Taken.none();
    }
  }

  /** The plan's base files as one read, and their merged columns (null when their schemas conflict). */
  private static final class BaseRead {
    final Dataset<Row> base;
    final StructType merged;

    private BaseRead(Dataset<Row> base, StructType merged) {
      this.base = base;
      this.merged = merged;
    }

    /** Merging the footers' schemas tells whether every file has the table's types (BaseFileScan). */
    static BaseRead of(SparkSession spark, List<String> paths) {
      try {
        Dataset<Row> base = withListingParallelism(spark,
            () -> spark.read().option("mergeSchema", "true").parquet(paths.toArray(new String[0])));
        return new BaseRead(base, base.schema());
      } catch (Exception e) {
        LOG.info("hudi-layout: the plan's base files have conflicting schemas ({}); Hudi reads the groups",
            e.toString());
        return new BaseRead(withListingParallelism(spark, () -> spark.read().parquet(paths.toArray(new String[0]))),
            null);
      }
    }
  }

  /** The sort columns, the record key (null when the files have none) and the file each row is read from. */
  private static Dataset<Row> projected(Dataset<Row> base, LayoutSpec spec) {
    List<String> names = Arrays.asList(base.schema().fieldNames());
    List<Column> projection = new ArrayList<>();
    for (String column : spec.columns()) {
      projection.add(functions.col(column));
    }
    projection.add(names.contains(HoodieRecord.RECORD_KEY_METADATA_FIELD)
        ? functions.col(HoodieRecord.RECORD_KEY_METADATA_FIELD) : functions.lit(null).cast("string"));
    projection.add(functions.input_file_name());
    return base.select(projection.toArray(new Column[0]));
  }

  /** An encoder of the projection's first {@code columns} fields, the sort columns. */
  private static RowEncoder encoder(StructType schema, int columns) {
    int[] ordinals = new int[columns];
    DataType[] types = new DataType[columns];
    for (int i = 0; i < columns; i++) {
      ordinals[i] = i;
      types[i] = schema.fields()[i].dataType();
    }
    return new RowEncoder(ordinals, types, columns);
  }

  /** Adds each file's rows to its group's in {@code groupRows}; returns the rows of the files in a group. */
  private static long addGroupRows(Map<String, Long> perFile, PlanFiles files, long[] groupRows) {
    long rows = 0;
    for (Map.Entry<String, Long> file : perFile.entrySet()) {
      Integer group = files.groupByName.get(file.getKey());
      if (group != null) {
        groupRows[group] += file.getValue();
        rows += file.getValue();
      }
    }
    return rows;
  }

  /** The rows of each base file, by name, counted by a Spark job. */
  private static Map<String, Long> countPerFile(Dataset<Row> base) {
    Map<String, Long> out = new HashMap<>();
    for (Row row : base.groupBy(functions.input_file_name().alias("f")).count().collectAsList()) {
      out.put(fileName(row.getString(0)), row.getLong(1));
    }
    return out;
  }

  private static final String LISTING_PARALLELISM = "spark.sql.sources.parallelPartitionDiscovery.parallelism";

  /**
   * Runs a read of many given paths with Spark's lookup of them spread over one task per core of
   * the cluster: past 32 paths Spark looks them up in a Spark job of one task per path, up to
   * 10,000, and a clustering of many small partitions' files would start that many tasks of one
   * lookup each (docs/scale.md, "Measured").
   */
  static <T> T withListingParallelism(SparkSession spark, Supplier<T> read) {
    String before = spark.conf().contains(LISTING_PARALLELISM) ? spark.conf().get(LISTING_PARALLELISM) : null;
    spark.conf().set(LISTING_PARALLELISM, String.valueOf(Math.max(1, spark.sparkContext().defaultParallelism())));
    try {
      return read.get();
    } finally {
      if (before == null) {
        spark.conf().unset(LISTING_PARALLELISM);
      } else {
        spark.conf().set(LISTING_PARALLELISM, before);
      }
    }
  }

  /**
   * The name (last path segment) of the file a sampled row was read from, and its group, one
   * {@code String} per file and task: a task's partial sample then refers to each file's name
   * once, and sends it to the driver once, not once per sampled row. Each task gets its own copy
   * with its closure.
   */
  private static final class FileNames implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int ordinal;
    private final Broadcast<Map<String, Integer>> groups;
    private transient UTF8String lastPath;
    private transient String lastName;
    private transient int lastGroup;

    FileNames(int ordinal, Broadcast<Map<String, Integer>> groups) {
      this.ordinal = ordinal;
      this.groups = groups;
    }

    String of(InternalRow row) {
      UTF8String path = row.getUTF8String(ordinal);
      if (!path.equals(lastPath)) {
        String file = path.toString();
        lastPath = path.clone();
        lastName = fileName(file);
        Integer group = groups.value().get(lastName);
        lastGroup = group == null ? -1 : group;
      }
      return lastName;
    }

    /** The group of the row's file in the plan, or -1 if no group holds it. */
    int groupOf(InternalRow row) {
      of(row);
      return lastGroup;
    }
  }
}
