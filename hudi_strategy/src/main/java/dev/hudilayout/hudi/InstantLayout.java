package dev.hudilayout.hudi;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.grid.PartitionReach;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.sample.SampleRow;

import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Stages "sample" and "curve" of a clustering instant: the layout decisions it shares across its
 * groups, the curve space, built from one sample of the whole input, and each group's share of
 * that sample (from which the group's file cuts are placed). Driver-side only.
 */
public final class InstantLayout {
  private final CurveSpace space;
  private final List<SampleRow> sample;
  /** A uniform sample of the whole input (the groups' extra rows left out): the table, for {@link #reachByPartition}. */
  private final List<SampleRow> uniform;
  private final List<String> fileIdOfRow;
  private final StructType fileSchema;
  private final long sampledRows;
  private final boolean rowsFromCommits;
  private String fewest;

  /**
   * @param fileIdByName    the file group id of each sampled base file, by file name
   * @param sampledRows     the rows the sample was drawn from
   * @param rowsFromCommits whether that number came from the commits that wrote the files
   */
  InstantLayout(CurveSpace space, List<SampleRow> sample, List<SampleRow> uniform, Map<String, String> fileIdByName,
                StructType fileSchema, long sampledRows, boolean rowsFromCommits) {
    this.uniform = uniform;
    this.sampledRows = sampledRows;
    this.rowsFromCommits = rowsFromCommits;
    this.space = space;
    this.sample = sample;
    this.fileIdOfRow = new ArrayList<>(sample.size());
    for (SampleRow row : sample) {
      fileIdOfRow.add(fileIdByName.get(row.fileName));
    }
    this.fileSchema = fileSchema;
  }

  /**
   * Null when the plan has no base files to sample (each group then samples its own input).
   *
   * @param metaClient the table's, whose commits tell the rows of the base files ({@link WrittenRows})
   * @param metadata   the table's metadata, asked for only by the direct mapping's column bounds
   */
  public static InstantLayout build(SparkSession spark, HoodieTableMetaClient metaClient,
                                    Supplier<HoodieTableMetadata> metadata, HoodieClusteringPlan plan,
                                    LayoutSpec spec, String basePath) {
    InstantSample.PlanFiles files = new InstantSample.PlanFiles(plan, basePath);
    InstantSample.Taken taken = InstantSample.take(spark, files, spec, WrittenRows.perFile(metaClient, files.paths));
    List<SampleRow> sample = taken.sample;
    if (sample.isEmpty()) {
      return null;
    }
    ColumnStatsBounds bounds = spec.mapping() == Mapping.DIRECT
        ? ColumnStatsBounds.read(metadata, plan, spec.columns()) : null;
    // the space is built on a uniform sample of the whole input; the groups' extra rows serve their own grids
    CurveSpace space = CurveSpace.build(spec, taken.whole, bounds == null ? null : bounds.min,
        bounds == null ? null : bounds.max);
    InstantLayout layout = new InstantLayout(space, sample, taken.whole, files.fileIdByName, taken.fileSchema,
        taken.rows, taken.rowsFromCommits);
    layout.fewest = fewest(taken.groupSample, taken.groupRows, files.outputFiles);
    return layout;
  }

  /** "M of R rows for F files" of the group with the fewest sampled rows per output file, or null. */
  private static String fewest(int[] sampled, long[] rows, int[] files) {
    int best = -1;
    for (int g = 0; g < sampled.length; g++) {
      if (rows[g] > 0 && (best < 0 || (double) sampled[g] / files[g] < (double) sampled[best] / files[best])) {
        best = g;
      }
    }
    return best < 0 ? null : sampled[best] + " of " + rows[best] + " rows for " + files[best] + " files";
  }

  /** The rows the instant's sample holds, over all groups. */
  public int sampleTaken() {
    return sample.size();
  }

  /**
   * The group whose layout was chosen from the fewest sampled rows per file it writes: "M of R rows
   * for F files"; null without groups.
   */
  public String fewestSampled() {
    return fewest;
  }

  /** The rows of the base files the sample was drawn from. */
  public long sampledRows() {
    return sampledRows;
  }

  /** Whether {@link #sampledRows} came from the commits that wrote the files (else it was counted). */
  public boolean rowsFromCommits() {
    return rowsFromCommits;
  }

  /** The columns of the plan's base files, merged over all of them; null if unknown. */
  public StructType fileSchema() {
    return fileSchema;
  }

  public CurveSpace space() {
    return space;
  }

  /**
   * Per partition of the plan's {@code groups}, each sort column's share of the plan's rows that
   * reach it ({@link PartitionReach}: the uniform sample against the range of the partition's sampled
   * rows); empty when the groups lie in one partition.
   */
  public Map<String, double[]> reachByPartition(List<List<HoodieFileGroupId>> groups) {
    List<List<SampleRow>> samples = samplesOf(groups);
    Map<String, List<SampleRow>> byPartition = new java.util.LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      List<HoodieFileGroupId> ids = groups.get(g);
      if (ids != null && !ids.isEmpty()) {
        byPartition.computeIfAbsent(ids.get(0).getPartitionPath(), p -> new ArrayList<>()).addAll(samples.get(g));
      }
    }
    return PartitionReach.of(uniform, byPartition);
  }

  /**
   * The sampled rows of the group made of these file groups, in the sample's own order (by
   * priority), not in the order the plan lists the file groups (by their random ids): the same
   * rows then give the group the same grid and cuts on every run.
   */
  public List<SampleRow> sampleOf(List<HoodieFileGroupId> fileGroups) {
    return samplesOf(Collections.singletonList(fileGroups)).get(0);
  }

  /**
   * {@link #sampleOf} for each of several groups, in one pass over the sample (a plan of a
   * thousand groups does not read the sample a thousand times). A file group in two groups counts
   * for the first.
   */
  public List<List<SampleRow>> samplesOf(List<List<HoodieFileGroupId>> groups) {
    Map<String, Integer> groupOf = new HashMap<>();
    List<List<SampleRow>> out = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      out.add(new ArrayList<>());
      for (HoodieFileGroupId id : groups.get(g) == null ? Collections.<HoodieFileGroupId>emptyList() : groups.get(g)) {
        groupOf.putIfAbsent(id.getFileId(), g);
      }
    }
    for (int i = 0; i < sample.size(); i++) {
      String fileId = fileIdOfRow.get(i);
      Integer g = fileId == null ? null : groupOf.get(fileId);
      if (g != null) {
        out.get(g).add(sample.get(i));
      }
    }
    return out;
  }
}
