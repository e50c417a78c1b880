package dev.hudilayout.hudi;

import dev.hudilayout.config.KeptIndexes;
import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.client.common.HoodieSparkEngineContext;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Hudi write clients on an existing table, for the table services we run from outside a write, and
 * the one place the jar builds a table's meta client ({@link #meta(Configuration, String)}).
 */
public final class TableClients {
  private TableClients() {
  }

  /**
   * A meta client of the table at {@code basePath} on {@code hadoopConf}, with the builder's
   * defaults (the active timeline read when first asked for); Hudi's TableNotFoundException where
   * no table is.
   */
  public static HoodieTableMetaClient meta(Configuration hadoopConf, String basePath) {
    return HoodieTableMetaClient.builder()
        .setConf(new HadoopStorageConfiguration(hadoopConf))
        .setBasePath(basePath)
        .build();
  }

  public static HoodieTableMetaClient meta(JavaSparkContext jsc, String basePath) {
    return meta(jsc.hadoopConfiguration(), basePath);
  }

  /**
   * Whether a clustering with {@code options} gives way to the table's writers: with
   * {@link LayoutOptions#WRITERS_FIRST} on, under optimistic concurrency (where Hudi resolves
   * conflicts between writers at commit).
   */
  public static boolean givesWay(Map<String, String> options) {
    Properties props = new Properties();
    props.putAll(options);
    return LayoutSpecParser.writersFirst(props) && LayoutSpecParser.underConcurrencyControl(props);
  }

  /**
   * A client for the table at {@code basePath} with {@code options}, the table's name and its
   * current schema (Hudi's table services parse the write schema when they start), and the
   * indexes the table has kept on ({@link KeptIndexes}).
   * {@code check} sees the schema first and may refuse the options by throwing.
   */
  public static SparkRDDWriteClient<?> open(JavaSparkContext jsc, String basePath, Map<String, String> options,
                                     Consumer<Optional<TableSchema>> check) {
    HoodieTableMetaClient meta = meta(jsc, basePath);
    Map<String, String> props = new HashMap<>(options);
    KeptIndexes.options(meta.getTableConfig().getMetadataPartitions()).forEach(props::putIfAbsent);
    Optional<TableSchema> schema = HudiLine.get().writtenSchema(meta);
    if (schema.isPresent()) {
      props.putIfAbsent(HoodieWriteConfig.AVRO_SCHEMA_STRING.key(), schema.get().json());
    }
    check.accept(schema);
    if (givesWay(props)) {
      HudiLine.get().clusteringGivesWay().forEach(props::putIfAbsent);
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder()
        .withPath(basePath)
        .forTable(meta.getTableConfig().getTableName())
        .withProps(props)
        .build();
    return new SparkRDDWriteClient<>(new HoodieSparkEngineContext(jsc), config);
  }
}
