package dev.hudilayout.hudi;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many distinct values some columns hold, from the dictionaries of a table's Parquet base
 * files: a dictionary-encoded column chunk keeps each value of its row group once, in a page of
 * its own, so the values are read without a pass over the rows. The same footers give each
 * column's least and greatest value, from its chunks' statistics ({@link ColumnEnds}).
 *
 * <p>Up to {@link #MAX_FILES} files are read, the newest and a spread of the others
 * ({@link #newestAndSpread}). A column counts only where every chunk read is wholly
 * dictionary-encoded: a writer falls back to plain encoding when a chunk holds too many values,
 * and such a column is left out (many values: no cap). A
 * column whose values all fit in the files read has about that many; one sorted by the table's
 * layout may show fewer than it holds, since each file keeps a slice of it, but never fewer than
 * the files read show apart.
 */
public final class DistinctValues {
  private static final Logger LOG = LoggerFactory.getLogger(DistinctValues.class);
  /** Files whose dictionaries are read at most. */
  static final int MAX_FILES = 64;
  /** Values kept per column at most; a column past it is left out (many values: no cap). */
  static final int MAX_VALUES = 1 << 16;

  private DistinctValues() {
  }

  /** What the dictionaries and statistics of some files tell of some columns ({@link #read}). */
  public static final class Read {
    /** Per column whose values the dictionaries hold: how many distinct ones there are. */
    public final Map<String, Double> distinct;
    /**
     * Per column whose chunks all carry statistics of a type a range can place (numbers, dates,
     * timestamps in microseconds, decimals, text): its least and greatest value over the files.
     */
    public final Map<String, Object[]> ends;
    /** Per file read, its rows. */
    public final Map<String, Long> rows;

    Read(Map<String, Double> distinct, Map<String, Object[]> ends, Map<String, Long> rows) {
      this.distinct = distinct;
      this.ends = ends;
      this.rows = rows;
    }

    /** The rows of {@code files}, of those read; -1 when one was not read. */
    public long rowsOf(List<String> files) {
      long sum = 0;
      for (String file : files) {
        Long each = rows.get(file);
        if (each == null) {
          return -1;
        }
        sum += each;
      }
      return sum;
    }
  }

  /**
   * Per column of {@code columns} (top-level, by name) whose values the dictionaries of {@code files}
   * hold, how many distinct ones there are; the others are left out. Empty when no file can be read.
   */
  public static Map<String, Double> count(Configuration conf, List<String> files, List<String> columns) {
    return read(conf, files, columns).distinct;
  }

  /**
   * The distinct values ({@link #count}) and the least and greatest value of {@code columns}, from
   * the footers of up to {@link #MAX_FILES} of {@code files}: one read of each footer for both.
   */
  public static Read read(Configuration conf, List<String> files, List<String> columns) {
    Map<String, Set<Object>> values = new LinkedHashMap<>();
    columns.forEach(column -> values.put(column, new HashSet<>()));
    Set<String> lost = new HashSet<>();
    ColumnEnds ends = new ColumnEnds();
    Map<String, Long> rows = new LinkedHashMap<>();
    int read = 0;
    for (String file : newestAndSpread(files, MAX_FILES)) {
      try {
        rows.put(file, readFooter(conf, file, values, lost, ends));
        read++;
      } catch (IOException | RuntimeException e) {
        LOG.info("hudi-layout: no dictionaries read from {} ({})", file, e.toString());
      }
    }
    Map<String, Double> out = new LinkedHashMap<>();
    if (read == 0) {
      return new Read(out, Map.of(), rows);
    }
    values.forEach((column, seen) -> {
      if (!lost.contains(column) && !seen.isEmpty()) {
        out.put(column, (double) seen.size());
      }
    });
    return new Read(out, ends.values(), rows);
  }

  /**
   * Up to {@code most} of {@code files} (paths of base files), sorted: half of them spread over the
   * files the newest instant wrote (the instant a base file's name ends in), the rest spread over
   * the others; a side with fewer files than its half leaves the rest to the other. A table fed in
   * time order holds its newest rows in few files, which a spread over all files, ordered by their
   * random ids, may miss.
   *
   * <p>Example: 17 files of one commit and 1 of the next, 16 wanted: the newest file and 15 of the
   * 17, where an even spread leaves out 2 files of the 18, the newest among them if it sorts last.
   */
  static List<String> newestAndSpread(List<String> files, int most) {
    if (files.size() <= most) {
      return files;
    }
    String newest = files.stream().map(DistinctValues::instantOf).max(String::compareTo).orElse("");
    List<String> latest = new ArrayList<>();
    List<String> older = new ArrayList<>();
    files.forEach(file -> (instantOf(file).equals(newest) ? latest : older).add(file));
    if (older.isEmpty()) {
      return spread(files, most);
    }
    // half for the newest, unless the others are fewer than their half
    int others = Math.min(older.size(), most - Math.min(latest.size(), Math.max(1, most / 2)));
    List<String> out = new ArrayList<>(spread(latest, most - others));
    out.addAll(spread(older, others));
    out.sort(null);
    return out;
  }

  /** The instant a base file's name ends in ({@code <id>_<token>_<instant>.parquet}); empty if none. */
  static String instantOf(String file) {
    String name = file.substring(file.lastIndexOf('/') + 1);
    int dot = name.indexOf('.');
    String stem = dot < 0 ? name : name.substring(0, dot);
    int last = stem.lastIndexOf('_');
    return last < 0 ? "" : stem.substring(last + 1);
  }

  /** Up to {@code most} of {@code files}, evenly spread over them. */
  static <T> List<T> spread(List<T> files, int most) {
    if (files.size() <= most) {
      return files;
    }
    List<T> out = new ArrayList<>(most);
    for (int i = 0; i < most; i++) {
      out.add(files.get((int) ((long) i * files.size() / most)));
    }
    return out;
  }

  /** Reads {@code file}'s footer into {@code values}, {@code lost} and {@code ends}; its rows. */
  private static long readFooter(Configuration conf, String file, Map<String, Set<Object>> values,
                                 Set<String> lost, ColumnEnds ends) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(new Path(file), conf))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Map<String, ColumnDescriptor> descriptors = new HashMap<>();
      for (ColumnDescriptor descriptor : schema.getColumns()) {
        if (descriptor.getPath().length == 1) {
          descriptors.put(descriptor.getPath()[0], descriptor);
        }
      }
      long rows = 0;
      for (BlockMetaData block : reader.getRowGroups()) {
        rows += block.getRowCount();
        Map<String, ColumnChunkMetaData> chunks = new HashMap<>();
        block.getColumns().forEach(chunk -> chunks.put(chunk.getPath().toDotString(), chunk));
        DictionaryPageReadStore dictionaries = reader.getDictionaryReader(block);
        for (Map.Entry<String, Set<Object>> entry : values.entrySet()) {
          String column = entry.getKey();
          ColumnDescriptor descriptor = descriptors.get(column);
          ColumnChunkMetaData chunk = chunks.get(column);
          if (descriptor == null || chunk == null) {
            continue;  // a file written before the column was added holds none of it
          }
          ends.add(column, descriptor.getPrimitiveType(), chunk.getStatistics());
          if (lost.contains(column)) {
            continue;
          }
          DictionaryPage page = wholeDictionary(chunk) ? dictionaries.readDictionaryPage(descriptor) : null;
          if (chunk.getValueCount() > 0 && page == null) {
            lost.add(column);
            continue;
          }
          if (page != null) {
            addValues(page.getEncoding().initDictionary(descriptor, page), descriptor, entry.getValue());
            if (entry.getValue().size() > MAX_VALUES) {
              lost.add(column);
            }
          }
        }
      }
      return rows;
    }
  }

  /** Whether every data page of {@code chunk} is dictionary-encoded (unknown: no). */
  private static boolean wholeDictionary(ColumnChunkMetaData chunk) {
    EncodingStats stats = chunk.getEncodingStats();
    return stats != null && stats.hasDictionaryPages() && !stats.hasNonDictionaryEncodedPages();
  }

  private static void addValues(Dictionary dictionary, ColumnDescriptor descriptor, Set<Object> into) {
    for (int id = 0; id <= dictionary.getMaxId(); id++) {
      switch (descriptor.getPrimitiveType().getPrimitiveTypeName()) {
        case INT32:
          into.add(dictionary.decodeToInt(id));
          break;
        case INT64:
          into.add(dictionary.decodeToLong(id));
          break;
        case FLOAT:
          into.add(dictionary.decodeToFloat(id));
          break;
        case DOUBLE:
          into.add(dictionary.decodeToDouble(id));
          break;
        case BOOLEAN:
          into.add(dictionary.decodeToBoolean(id));
          break;
        default:  // BINARY, FIXED_LEN_BYTE_ARRAY, INT96: by their bytes
          into.add(dictionary.decodeToBinary(id).copy());
          break;
      }
    }
  }
}
