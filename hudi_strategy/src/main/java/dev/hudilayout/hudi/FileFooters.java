package dev.hudilayout.hudi;

import dev.hudilayout.plan.FileSizing;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bloom.BloomFilter;
import org.apache.hudi.common.bloom.BloomFilterFactory;
import org.apache.hudi.common.bloom.BloomFilterTypeCode;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.config.HoodieClusteringConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link FileSizing} from a table's own Parquet base files and the write config's bloom filter
 * settings.
 * <ul>
 *   <li>Each file's footer is read from its last eight bytes ({@link #footers}, once per file and
 *       JVM): a file's row bytes are its bytes less its own footer, whatever writer (and bloom
 *       filter) made it.</li>
 *   <li>A few files' footers are read whole ({@link #SAMPLED}): their rows give the bytes a row
 *       costs, and their footers less their bloom filter the footer's fixed part.</li>
 *   <li>The bloom filter an output file gets is made by Hudi's own {@link BloomFilterFactory} with the
 *       clustering's settings ({@code hoodie.bloom.index.filter.type}, {@code hoodie.index.bloom.num_entries},
 *       {@code hoodie.index.bloom.fpp}, {@code hoodie.bloom.index.filter.dynamic.max.entries}) and
 *       measured serialized, as the writer stores it in the footer.</li>
 * </ul>
 */
public final class FileFooters {
  /** Files whose footers are read whole, for rows and the bloom filter's share of the footer. */
  static final int SAMPLED = 8;
  /** Files whose last eight bytes are read at most per call; the rest get the median footer. */
  static final int MAX_TAILS = 4096;
  /** Parquet's magic ("PAR1") at both ends and the footer's length before the last one. */
  private static final int FRAME_BYTES = 12;
  /** The key of Hudi's bloom filter in a base file's footer. */
  private static final String BLOOM_KEY = "org.apache.hudi.bloomfilter";
  /** Serialized bloom filter bytes by their settings and keys (see {@link #bloomBytes}). */
  private static final Map<String, Long> BLOOM_BYTES = new ConcurrentHashMap<>();
  /** Keys added at most to a dynamic filter to measure its second block; beyond, blocks are taken alike. */
  private static final int MAX_SIMULATED = 1 << 20;
  /** Footers kept per JVM, by path and size (a base file never changes): a plan beside a stream reads each file's tail once. */
  private static final int CACHED = 1 << 18;
  private static final Map<String, Long> TAILS = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > CACHED;
    }
  });
  /** The target's option, as errors name it. */
  private static final String OPTION = "target_file_bytes ("
      + HoodieClusteringConfig.PLAN_STRATEGY_TARGET_FILE_MAX_BYTES.key() + ")";

  private FileFooters() {
  }

  /**
   * The sizing a plan uses, measured on {@code slices} with the table's write config; refuses a
   * target that leaves a file no room for a row, before the plan is saved.
   */
  public static FileSizing forPlan(HoodieTable<?, ?, ?, ?> table, HoodieWriteConfig config,
                                   Collection<FileSlice> slices, long targetBytes) {
    List<Path> paths = new ArrayList<>();
    basePaths(slices).keySet().forEach(p -> paths.add(new Path(p)));
    FileSizing sizing = measure(conf(table), paths, config);
    String error = sizing.refusal(targetBytes, OPTION);
    if (error != null) {
      throw new IllegalArgumentException(error);
    }
    return sizing;
  }

  /**
   * The files a clustering of every one of {@code partitions}' slices into files of the table's
   * target size leaves: each partition's row bytes as a plan reads them ({@link #rowBytes}: base
   * files less their own footers, log files merged), over the rows a file holds
   * ({@link FileSizing#outputFiles}). 40 small files that a clustering packs into 8 count as 8. The
   * footers read here are cached, so the plan that follows reads none again.
   */
  public static long filesAfter(HoodieTable<?, ?, ?, ?> table, HoodieWriteConfig config,
                                Collection<List<FileSlice>> partitions) {
    long target = config.getClusteringTargetFileMaxBytes();
    FileSizing sizing = null;
    long files = 0;
    for (List<FileSlice> slices : partitions) {
      if (slices.isEmpty()) {
        continue;
      }
      sizing = sizing == null || sizing.measuredOn == null ? forPlan(table, config, slices, target) : sizing;
      long rowBytes = rowBytes(table, slices, sizing).values().stream().mapToLong(Long::longValue).sum();
      files += sizing.outputFiles(rowBytes, 0, target);
    }
    return files;
  }

  /** A plan's {@link FileSizing}, measured once, on the first slices with base files it is asked for. */
  public static final class PlanSizing implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private transient FileSizing measured;

    /** The sizing for {@code slices} (see {@link #forPlan}), measured on the first call that finds files. */
    public synchronized FileSizing of(HoodieTable<?, ?, ?, ?> table, HoodieWriteConfig config,
                                      Collection<FileSlice> slices, long targetBytes) {
      if (measured != null) {
        return measured;
      }
      FileSizing sizing = forPlan(table, config, slices, targetBytes);
      if (sizing.measuredOn != null) {
        measured = sizing;
      }
      return sizing;
    }

    /** Forgets the sizing, for the next plan. */
    public synchronized void reset() {
      measured = null;
    }
  }

  /**
   * Refuses a clustering of the table at {@code basePath} with {@code options} whose target file
   * size leaves no room for a row, measured on the files of its first folder of data; before any plan.
   */
  public static void refuse(Configuration conf, String basePath, Map<String, String> options) {
    String target = options.get(HoodieClusteringConfig.PLAN_STRATEGY_TARGET_FILE_MAX_BYTES.key());
    if (target == null) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    for (FileStatus status : TableFiles.firstDataFolder(conf, basePath)) {
      if (status.getPath().getName().endsWith(".parquet")) {
        paths.add(status.getPath());
      }
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder().withPath(basePath).withProps(options).build();
    String error = measure(conf, paths, config).refusal(Long.parseLong(target.trim()), OPTION);
    if (error != null) {
      throw new IllegalArgumentException(error);
    }
  }

  /** The Hadoop configuration of {@code table}'s storage. */
  public static Configuration conf(HoodieTable<?, ?, ?, ?> table) {
    return table.getMetaClient().getStorageConf().unwrapAs(Configuration.class);
  }

  /** The Parquet base files of {@code slices}, and their bytes, by path. */
  static Map<String, Long> basePaths(Collection<FileSlice> slices) {
    Map<String, Long> paths = new LinkedHashMap<>();
    for (FileSlice slice : slices) {
      if (slice.getBaseFile().isPresent() && slice.getBaseFile().get().getPath().endsWith(".parquet")) {
        paths.put(slice.getBaseFile().get().getPath(), slice.getBaseFile().get().getFileSize());
      }
    }
    return paths;
  }

  /**
   * The sizing of files like {@code paths} (up to {@link #SAMPLED} of them, spread over the list,
   * read whole) written with {@code config}'s bloom filter; {@link FileSizing#NONE} for no files.
   */
  static FileSizing measure(Configuration conf, List<Path> paths, HoodieWriteConfig config) {
    if (paths.isEmpty()) {
      return FileSizing.NONE;
    }
    List<Path> sampled = DistinctValues.spread(paths, SAMPLED);
    int n = sampled.size();
    long[] fixed = new long[n];
    int read = 0;
    long rowBytes = 0;
    long rows = 0;
    String example = null;
    FileSystem fs;
    try {
      fs = paths.get(0).getFileSystem(conf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (int i = 0; i < n; i++) {
      Path path = sampled.get(i);
      try {
        long size = fs.getFileStatus(path).getLen();
        long length = footerLength(fs, path, size);
        if (length < 0) {
          continue;  // half written by a failed write: not a file of the table
        }
        long footer = FRAME_BYTES + length;
        ParquetMetadata meta;
        long count;
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
          meta = reader.getFooter();
          count = reader.getRecordCount();
        }
        String bloom = meta.getFileMetaData().getKeyValueMetaData().get(BLOOM_KEY);
        fixed[read++] = footer - (bloom == null ? 0 : bloom.getBytes(StandardCharsets.UTF_8).length);
        rows += count;
        rowBytes += Math.max(0, size - footer);
        example = example == null ? path.getName() : example;
      } catch (IOException | RuntimeException e) {
        // gone since listed (cleaned, rolled back) or unreadable: sized on the others
      }
    }
    if (read == 0) {
      return FileSizing.NONE;
    }
    long[] measured = Arrays.copyOf(fixed, read);
    Arrays.sort(measured);
    return new FileSizing(outputFooter(config, measured[read / 2]), rows == 0 ? 0 : rowBytes / (double) rows,
        read + " of its files, such as " + example);
  }

  /**
   * The footer a file written with {@code config} gets: {@code fixedBytes} and, when the writer keeps
   * Hudi's meta fields, the bloom filter its settings make.
   */
  public static FileSizing.Footer outputFooter(HoodieWriteConfig config, long fixedBytes) {
    if (!config.populateMetaFields()) {
      return new FileSizing.Footer(fixedBytes, 0, 0, 0, 1);
    }
    int entries = config.getBloomFilterNumEntries();
    double fpp = config.getBloomFilterFPP();
    int max = config.getDynamicBloomFilterMaxNumEntries();
    String type = config.getBloomFilterType();
    long first = bloomBytes(entries, fpp, max, type, 0);
    boolean dynamic = BloomFilterTypeCode.DYNAMIC_V0.name().equalsIgnoreCase(type) && max > entries && entries > 0;
    if (!dynamic) {
      return new FileSizing.Footer(fixedBytes, first, 0, 0, 1);
    }
    long block = entries < MAX_SIMULATED ? bloomBytes(entries, fpp, max, type, entries + 1) - first : first;
    long blocks = (max + (long) entries - 1) / entries;
    return new FileSizing.Footer(fixedBytes, first, block, entries, blocks);
  }

  /**
   * The serialized bytes of Hudi's bloom filter of these settings holding {@code keys} keys. They
   * depend on the settings alone, so each is built once per JVM: a filter of Hudi's default 60,000
   * entries fills and serializes about half a megabyte, and every plan and clustering asks.
   */
  private static long bloomBytes(int entries, double fpp, int max, String type, int keys) {
    String key = entries + "/" + fpp + "/" + max + "/" + type + "/" + keys;
    return BLOOM_BYTES.computeIfAbsent(key, k -> buildBloomBytes(entries, fpp, max, type, keys));
  }

  private static long buildBloomBytes(int entries, double fpp, int max, String type, int keys) {
    BloomFilter filter = BloomFilterFactory.createBloomFilter(entries, fpp, max, type);
    for (int i = 0; i < keys; i++) {
      filter.add("hudi-layout-sizing-" + i);
    }
    return filter.serializeToString().getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * Each of {@code slices}' row bytes by file id, its log files merged ({@link FileSizing#mergedRowBytes}
   * with {@code sizing}, the rows they add from their commits, {@link LogRows}): its base file's
   * bytes less its own footer (read from the file's last eight bytes; past {@link #MAX_TAILS} files,
   * the median of those read).
   */
  public static Map<String, Long> rowBytes(HoodieTable<?, ?, ?, ?> table, Collection<FileSlice> slices,
                                           FileSizing sizing) {
    Map<String, Long> footers = footers(conf(table), basePaths(slices));
    long[] read = footers.values().stream().mapToLong(Long::longValue).sorted().toArray();
    long median = read.length == 0 ? 0 : read[read.length / 2];
    Map<String, Long> logRows = LogRows.net(table.getMetaClient(), slices);
    Map<String, Long> out = new HashMap<>();
    for (FileSlice slice : slices) {
      long bytes = 0;
      if (slice.getBaseFile().isPresent()) {
        long size = slice.getBaseFile().get().getFileSize();
        Long footer = footers.get(slice.getBaseFile().get().getPath());
        boolean parquet = slice.getBaseFile().get().getPath().endsWith(".parquet");
        bytes = Math.max(0, size - (footer != null ? footer : parquet ? median : 0));
      }
      out.put(slice.getFileId(), sizing.mergedRowBytes(bytes, logBytes(slice), logRows.get(slice.getFileId())));
    }
    return out;
  }

  private static long logBytes(FileSlice slice) {
    return slice.getLogFiles().mapToLong(HoodieLogFile::getFileSize).sum();
  }

  /** The footer bytes (with Parquet's frame) of the first {@link #MAX_TAILS} of {@code paths}, by path. */
  static Map<String, Long> footers(Configuration conf, Map<String, Long> paths) {
    Map<String, Long> out = new HashMap<>();
    if (paths.isEmpty()) {
      return out;
    }
    try {
      FileSystem fs = new Path(paths.keySet().iterator().next()).getFileSystem(conf);
      for (Map.Entry<String, Long> e : paths.entrySet()) {
        if (out.size() == MAX_TAILS) {
          break;
        }
        Path path = new Path(e.getKey());
        long size = e.getValue() > 0 ? e.getValue() : fs.getFileStatus(path).getLen();
        String key = e.getKey() + "#" + size;
        Long footer = TAILS.get(key);
        if (footer == null) {
          long length = footerLength(fs, path, size);
          if (length < 0) {
            continue;  // not a whole Parquet file: sized as the median
          }
          footer = FRAME_BYTES + length;
          TAILS.put(key, footer);
        }
        out.put(e.getKey(), footer);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * The footer's length from a Parquet file's last eight bytes; -1 for a file that does not end as
   * a whole Parquet file does (one a failed or killed write left half written, or gone since it was
   * listed), which sizing passes over.
   */
  private static long footerLength(FileSystem fs, Path path, long size) {
    byte[] tail = new byte[8];
    if (size < FRAME_BYTES) {
      return -1;
    }
    try (FSDataInputStream in = fs.open(path)) {
      in.readFully(size - tail.length, tail);
    } catch (IOException e) {
      return -1;
    }
    long length = (tail[0] & 0xFFL) | (tail[1] & 0xFFL) << 8 | (tail[2] & 0xFFL) << 16 | (tail[3] & 0xFFL) << 24;
    boolean magic = tail[4] == 'P' && tail[5] == 'A' && tail[6] == 'R' && tail[7] == '1';
    return magic && length + FRAME_BYTES <= size ? length : -1;
  }
}
