package dev.hudilayout.hudi;

import dev.hudilayout.spark.CurveRowPartitioner;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The read stage of a clustering group made only of Parquet base files: one Spark scan of those
 * files with the table's schema, instead of Hudi's file-group reader, which reads each base file
 * row by row in a task of its own (1000 small files: 1000 tasks). The scan packs small files into
 * few tasks and reads them in column batches; the rows are the same, since a base file without
 * log files is the file slice.
 *
 * <p>Used only where the two reads cannot differ: no slice has log files or a bootstrap source,
 * the table keeps its partition columns in the files, Hudi's schema-on-read evolution is off, and
 * every column the plan's files hold has the table's type (columns a file lacks read as null, as
 * they do in Hudi's reader). Otherwise the group is read by Hudi.
 */
public final class BaseFileScan {
  private static final Logger LOG = LoggerFactory.getLogger(BaseFileScan.class);

  private BaseFileScan() {
  }

  /** The column {@link #rowsOf} adds when asked: the file each row was read from. */
  static final String INPUT_FILE = "_hudilayout_input_file";

  /**
   * The rows of these groups by one scan of all their base files, or null when Hudi must read any
   * of them (see the class comment; the reason is logged).
   *
   * @param tableSchema the table's schema with its meta columns, as Hudi reads a group
   * @param layout      the instant's layout, which knows the columns the plan's base files hold
   * @param writerNamesFiles whether Hudi's row writer sets every row's {@code _hoodie_file_name}
   *                    (the table populates its meta fields): the scan then leaves the old names
   *                    unread, null, as the partitioner would blank them anyway
   *                    ({@link CurveRowPartitioner})
   * @param withInputFile whether to add the file each row came from as a last string column
   *                    ({@link #INPUT_FILE})
   */
  public static Dataset<Row> rowsOf(SparkSession spark, List<HoodieClusteringGroup> groups, String basePath,
                                    StructType tableSchema, InstantLayout layout, boolean schemaOnRead,
                                    boolean dropsPartitionColumns, boolean writerNamesFiles, boolean withInputFile) {
    List<String> paths = new ArrayList<>();
    for (HoodieClusteringGroup group : groups) {
      List<String> own = paths(group, basePath);
      if (own == null) {
        return null;  // log files or bootstrap sources: Hudi merges them
      }
      paths.addAll(own);
    }
    String refusal = refusal(tableSchema, layout == null ? null : layout.fileSchema(), schemaOnRead,
        dropsPartitionColumns);
    if (refusal != null) {
      LOG.info("hudi-layout: Hudi reads the clustering group's base files: {}", refusal);
      return null;
    }
    Dataset<Row> rows = read(spark, paths, tableSchema, writerNamesFiles ? HoodieRecord.FILENAME_METADATA_FIELD : null);
    return withInputFile ? rows.withColumn(INPUT_FILE, functions.input_file_name()) : rows;
  }

  /** The names of a group's base files (none for a slice without one). */
  /** The file groups a clustering group rewrites. */
  public static List<HoodieFileGroupId> fileGroupsOf(HoodieClusteringGroup group) {
    return group.getSlices().stream()
        .map(slice -> new HoodieFileGroupId(slice.getPartitionPath(), slice.getFileId()))
        .collect(Collectors.toList());
  }

  public static List<String> fileNames(HoodieClusteringGroup group) {
    List<String> out = new ArrayList<>();
    for (HoodieSliceInfo slice : group.getSlices()) {
      if (slice.getDataFilePath() != null && !slice.getDataFilePath().isEmpty()) {
        out.add(fileName(slice.getDataFilePath()));
      }
    }
    return out;
  }

  /** A file's name: what follows the last '/' of its path or URI. */
  static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * Why the plan's base files cannot be scanned directly, or null if they can.
   *
   * @param tableSchema the table's schema with its meta columns, as Hudi reads a group
   * @param fileSchema  the columns the plan's base files hold, merged over all of them (null if
   *                    unknown)
   */
  static String refusal(StructType tableSchema, StructType fileSchema, boolean schemaOnRead,
                        boolean dropsPartitionColumns) {
    if (schemaOnRead) {
      return "schema-on-read evolution is on";
    }
    if (dropsPartitionColumns) {
      return "the table drops partition columns from its files";
    }
    if (fileSchema == null) {
      return "the base files' schema is unknown";
    }
    Map<String, StructField> table = new HashMap<>();
    for (StructField f : tableSchema.fields()) {
      table.put(f.name(), f);
    }
    for (StructField f : fileSchema.fields()) {
      StructField t = table.get(f.name());
      if (t == null) {
        return "base files hold column " + f.name() + ", which the table schema does not";
      }
      if (!t.dataType().sql().equals(f.dataType().sql())) {
        return "column " + f.name() + " is " + f.dataType().sql() + " in a base file and "
            + t.dataType().sql() + " in the table";
      }
    }
    return null;
  }

  /**
   * {@code rows} (the scan's schema: a Spark scan reads every column as nullable) with the table's
   * nullability on each column the base files hold ({@code fileSchema}) with the table's type, as
   * Hudi's writers wrote them; a column the files lack stays nullable, since the scan reads it as
   * null.
   */
  static StructType withTableNullability(StructType rows, StructType tableSchema, StructType fileSchema) {
    Map<String, StructField> table = new HashMap<>();
    for (StructField f : tableSchema.fields()) {
      table.put(f.name(), f);
    }
    List<String> held = fileSchema == null ? List.of() : Arrays.asList(fileSchema.fieldNames());
    StructField[] out = rows.fields().clone();
    for (int i = 0; i < out.length; i++) {
      StructField t = table.get(out[i].name());
      if (t != null && held.contains(t.name()) && t.dataType().sql().equals(out[i].dataType().sql())) {
        out[i] = new StructField(out[i].name(), t.dataType(), t.nullable(), out[i].metadata());
      }
    }
    return new StructType(out);
  }

  /** The group's base files, or null if a slice has log files, a bootstrap source or no base file. */
  static List<String> paths(HoodieClusteringGroup group, String basePath) {
    List<String> out = new ArrayList<>();
    for (HoodieSliceInfo slice : group.getSlices()) {
      boolean logs = slice.getDeltaFilePaths() != null && !slice.getDeltaFilePaths().isEmpty();
      boolean bootstrap = slice.getBootstrapFilePath() != null && !slice.getBootstrapFilePath().isEmpty();
      String base = InstantSample.fullPath(slice, basePath);
      if (logs || bootstrap || base == null || !base.endsWith(".parquet")) {
        return null;
      }
      out.add(base);
    }
    return out.isEmpty() ? null : out;
  }

  /**
   * The rows of these base files with the table's columns, in its order; the string column
   * {@code unread} (or none, if null) reads as null and is not read at all.
   */
  static Dataset<Row> read(SparkSession spark, List<String> paths, StructType tableSchema, String unread) {
    return InstantSample.withListingParallelism(spark, () -> spark.read()
        .schema(tableSchema)
        // the given paths are files: no partition columns are inferred from their folders
        .option("recursiveFileLookup", "true")
        .parquet(paths.toArray(new String[0])))
        .select(Arrays.stream(tableSchema.fieldNames())
            .map(c -> c.equals(unread) ? functions.lit(null).cast(DataTypes.StringType).as(c) : functions.col(c))
            .toArray(Column[]::new));
  }
}
