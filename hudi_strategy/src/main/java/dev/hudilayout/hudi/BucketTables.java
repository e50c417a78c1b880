package dev.hudilayout.hudi;

import dev.hudilayout.plan.BucketIndex;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieWriteConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The facts {@link BucketIndex} decides on, gathered from a table: the write config's index keys,
 * the consistent-hashing metadata folder, and file ids (the plan's, or before a plan exists, those
 * of the first folder of data files found). Every route into a clustering checks here before it
 * writes: {@code ClusteringRunner} before scheduling, the plugin's plan strategies before their
 * plan is saved, and the execution strategy before it reads a row.
 */
public final class BucketTables {
  /** The bucket index's metadata folder under {@code .hoodie} (consistent hashing keeps its ring there). */
  private static final String BUCKET_FOLDER = ".bucket_index";

  private BucketTables() {
  }

  /** Refuses a clustering of the table at {@code basePath} with {@code options}, before any plan. */
  public static void refuse(Configuration hadoopConf, String basePath, Map<String, String> options) {
    refuseWhen(options.get(BucketIndex.INDEX_TYPE_KEY), options.get(BucketIndex.ENGINE_KEY),
        hashingMetadata(hadoopConf, basePath), someFileIds(hadoopConf, basePath));
  }

  /** Refuses {@code plan} on a bucket-index table (call before the plan is saved or executed). */
  public static void refuse(HoodieEngineContext context, HoodieWriteConfig config, HoodieClusteringPlan plan) {
    List<String> ids = new ArrayList<>();
    for (HoodieClusteringGroup group : plan.getInputGroups()) {
      for (HoodieSliceInfo slice : group.getSlices()) {
        ids.add(slice.getFileId());
      }
    }
    // the plan's context may be a local one (Hudi 1.0 plans on the driver through Spark SQL): its
    // storage conf, not a Spark context
    Configuration conf = context.getStorageConf().unwrapAs(Configuration.class);
    refuseWhen(config.getProps().getProperty(BucketIndex.INDEX_TYPE_KEY),
        config.getProps().getProperty(BucketIndex.ENGINE_KEY), hashingMetadata(conf, config.getBasePath()), ids);
  }

  /** {@code plan}, unless the table is found by the bucket index: refused before the plan is saved. */
  public static Option<HoodieClusteringPlan> unlessBucketIndexed(HoodieEngineContext context, HoodieWriteConfig config,
                                                                 Option<HoodieClusteringPlan> plan) {
    if (plan.isPresent()) {
      refuse(context, config, plan.get());
    }
    return plan;
  }

  private static void refuseWhen(String indexType, String engine, boolean hashingMetadata, Collection<String> ids) {
    String error = BucketIndex.refusal(indexType, engine, hashingMetadata, ids);
    if (error != null) {
      throw new IllegalArgumentException(error);
    }
  }

  private static boolean hashingMetadata(Configuration conf, String basePath) {
    Path folder = new Path(new Path(basePath, ".hoodie"), BUCKET_FOLDER);
    try {
      return folder.getFileSystem(conf).exists(folder);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The file ids of the data files in the first folder (breadth first, hidden folders skipped)
   * that holds any: a bucket-index table's files all carry bucket ids, so one folder tells.
   */
  static Collection<String> someFileIds(Configuration conf, String basePath) {
    Set<String> ids = new LinkedHashSet<>();
    for (FileStatus status : TableFiles.firstDataFolder(conf, basePath)) {
      ids.add(fileIdOf(status.getPath().getName()));
    }
    return ids;
  }

  /**
   * The file id in a data file's name: a base file {@code <id>_<token>_<instant>.<ext>}, a log file
   * {@code .<id>_<instant>.log.<version>[_<token>]}; null for any other file.
   */
  static String fileIdOf(String name) {
    boolean log = name.startsWith(".") && name.contains(".log.");
    boolean base = !name.startsWith(".") && (name.endsWith(".parquet") || name.endsWith(".orc")
        || name.endsWith(".hfile"));
    if (!log && !base) {
      return null;
    }
    String rest = log ? name.substring(1) : name;
    int cut = rest.indexOf('_');
    return cut > 0 ? rest.substring(0, cut) : null;
  }
}
