package dev.hudilayout.spark;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.layout.BottomKSample;
import dev.hudilayout.layout.SampleRow;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.model.HoodieRecord;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage "sample": one sample for a whole clustering instant: a single pass over the sort columns (and record key)
 * of every base file in the plan, columnar, so the rest of each row is never read for it. Each
 * sampled row remembers its file, which tells the group it belongs to.
 */
final class InstantSample {
  private static final Logger LOG = LoggerFactory.getLogger(InstantSample.class);

  private InstantSample() {
  }

  /** Base file name to file id, for every slice of the plan that has a base file. */
  static Map<String, String> baseFiles(HoodieClusteringPlan plan, String basePath, List<String> pathsOut) {
    Map<String, String> fileIdByName = new LinkedHashMap<>();
    for (HoodieClusteringGroup group : plan.getInputGroups()) {
      for (HoodieSliceInfo slice : group.getSlices()) {
        String full = fullPath(slice, basePath);
        if (full != null) {
          pathsOut.add(full);
          fileIdByName.put(fileName(full), slice.getFileId());
        }
      }
    }
    return fileIdByName;
  }

  /** The last segment of a path: a file's name. */
  static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The full path of a slice's base file, or null if it has none. */
  static String fullPath(HoodieSliceInfo slice, String basePath) {
    String p = slice.getDataFilePath();
    if (p == null || p.isEmpty()) {
      return null;
    }
    return p.startsWith("/") || p.contains("://") ? p
        : basePath + "/" + (slice.getPartitionPath() == null || slice.getPartitionPath().isEmpty()
            || p.contains("/") ? "" : slice.getPartitionPath() + "/") + p;
  }

  /** One pass over the plan's base files: the sample, and the columns the files hold. */
  static final class Taken {
    final List<SampleRow> sample;
    /** The base files' columns merged over all of them, or null if they could not be read or merged. */
    final StructType fileSchema;
    /** The rows sampled from, and whether that number came from the commits ({@link WrittenRows}). */
    final long rows;
    final boolean rowsFromCommits;

    Taken(List<SampleRow> sample, StructType fileSchema, long rows, boolean rowsFromCommits) {
      this.sample = sample;
      this.fileSchema = fileSchema;
      this.rows = rows;
      this.rowsFromCommits = rowsFromCommits;
    }
  }

  /**
   * The sample (empty when the plan has no base files or they cannot be read here).
   *
   * @param writtenRows the rows of the files from their commits ({@link WrittenRows}), or -1 to count them
   */
  static Taken take(SparkSession spark, List<String> paths, LayoutSpec spec, long writtenRows) {
    if (paths.isEmpty()) {
      return new Taken(Collections.emptyList(), null, 0, false);
    }
    try {
      // merging the footers' schemas tells whether every file has the table's types (BaseFileScan)
      StructType merged = null;
      Dataset<Row> base;
      try {
        base = withListingParallelism(spark,
            () -> spark.read().option("mergeSchema", "true").parquet(paths.toArray(new String[0])));
        merged = base.schema();
      } catch (Exception e) {
        LOG.info("hudi-layout: the plan's base files have conflicting schemas ({}); Hudi reads the groups",
            e.toString());
        base = withListingParallelism(spark, () -> spark.read().parquet(paths.toArray(new String[0])));
      }
      List<String> names = Arrays.asList(base.schema().fieldNames());
      int d = spec.columns().size();
      List<Column> projection = new ArrayList<>();
      for (String c : spec.columns()) {
        projection.add(functions.col(c));
      }
      projection.add(names.contains(HoodieRecord.RECORD_KEY_METADATA_FIELD)
          ? functions.col(HoodieRecord.RECORD_KEY_METADATA_FIELD) : functions.lit(null).cast("string"));
      projection.add(functions.input_file_name());
      Dataset<Row> projected = base.select(projection.toArray(new Column[0]));
      StructType schema = projected.schema();
      int[] ordinals = new int[d];
      DataType[] types = new DataType[d];
      for (int i = 0; i < d; i++) {
        ordinals[i] = i;
        types[i] = schema.fields()[i].dataType();
      }
      RowEncoder encoder = new RowEncoder(ordinals, types, d);
      long seed = spec.seed();
      // The number of rows lets each partition keep only its likely members of the sample, so the
      // partial samples are small enough to go straight to the driver instead of through a
      // shuffle. Counting Parquet rows reads only footers, but still costs a Spark job.
      long n = writtenRows >= 0 ? writtenRows : base.count();
      long admit = BottomKSample.admissionThreshold(spec.sampleSize(), n);
      FileNames files = new FileNames(d + 1);
      List<SampleRow> rows = projected.queryExecution().toRdd().toJavaRDD()
          .aggregate(new BottomKSample(spec.sampleSize(), seed, admit),
              (s, row) -> {
                // most rows cannot enter the sample: decide on the key's hash before building anything
                return s.admits(encoder.recordKeyHash(row, seed))
                    ? s.add(new SampleRow(encoder.recordKey(row), files.of(row), encoder.encode(row))) : s;
              }, BottomKSample::merge)
          .rows();
      return new Taken(rows, merged, n, writtenRows >= 0);
    } catch (Exception e) {
      // e.g. base files written before a sort column was added: each group then samples itself.
      LOG.warn("hudi-layout: could not sample the base files of the plan ({}); groups will sample their own input",
          e.toString());
      return new Taken(Collections.emptyList(), null, 0, false);
    }
  }

  private static final String LISTING_PARALLELISM = "spark.sql.sources.parallelPartitionDiscovery.parallelism";

  /**
   * Runs a read of many given paths with Spark's lookup of them spread over one task per core of
   * the cluster: past 32 paths Spark looks them up in a Spark job of one task per path, up to
   * 10,000 (a clustering of 1000 small files spent 2.5 s of a 126 s run starting 1000 tasks of one
   * lookup each).
   */
  static <T> T withListingParallelism(SparkSession spark, java.util.function.Supplier<T> read) {
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
   * The name (last path segment) of the file a sampled row was read from, one {@code String} per
   * file and task: a task's partial sample then refers to each file's name once, and sends it to
   * the driver once, not once per sampled row. Each task gets its own copy with its closure.
   */
  private static final class FileNames implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int ordinal;
    private transient UTF8String lastPath;
    private transient String lastName;

    FileNames(int ordinal) {
      this.ordinal = ordinal;
    }

    String of(InternalRow row) {
      UTF8String path = row.getUTF8String(ordinal);
      if (!path.equals(lastPath)) {
        String file = path.toString();
        lastPath = path.clone();
        lastName = fileName(file);
      }
      return lastName;
    }
  }
}
