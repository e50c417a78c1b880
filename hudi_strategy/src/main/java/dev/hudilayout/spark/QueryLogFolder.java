package dev.hudilayout.spark;

import dev.hudilayout.workload.LogCap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The folder the query log writes to: one small file of JSON lines per flush, named by its time so
 * that names sort oldest first, and the oldest deleted past a cap of bytes ({@link LogCap}).
 * Beside a table it is {@code .hoodie/.aux/hudi-layout/queries}, which Hudi's own reads and writes
 * leave alone.
 */
public final class QueryLogFolder {
  /** The log's folder under a table's base path. */
  public static final String BESIDE_TABLE = ".hoodie/.aux/hudi-layout/queries";
  private static final String SUFFIX = ".jsonl";

  private QueryLogFolder() {
  }

  /** The folder for {@code table}'s entries: {@code configured} when given, else beside the table. */
  public static Path of(String table, String configured) {
    return configured != null && !configured.isEmpty() ? new Path(configured) : new Path(table, BESIDE_TABLE);
  }

  /** Write {@code lines} as a new file in {@code folder}, then keep the folder under {@code maxBytes}. */
  public static Path append(Configuration conf, Path folder, List<String> lines, long maxBytes) throws IOException {
    FileSystem fs = folder.getFileSystem(conf);
    String name = String.format("%013d-%s%s", System.currentTimeMillis(), UUID.randomUUID().toString().substring(0, 8),
        SUFFIX);
    Path file = new Path(folder, name);
    try (FSDataOutputStream out = fs.create(file, false)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    FileStatus[] files = logFiles(fs, folder);
    long[] bytes = Arrays.stream(files).mapToLong(FileStatus::getLen).toArray();
    for (int i : LogCap.toDelete(bytes, maxBytes)) {
      fs.delete(files[i].getPath(), false);
    }
    return file;
  }

  /**
   * Every line of the log's files in {@code folder}, oldest file first; none when the folder does
   * not exist. A file deleted while it is read (the cap at work) is skipped.
   */
  public static List<String> read(Configuration conf, Path folder) throws IOException {
    FileSystem fs = folder.getFileSystem(conf);
    List<String> out = new ArrayList<>();
    if (!fs.exists(folder)) {
      return out;
    }
    for (FileStatus file : logFiles(fs, folder)) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(file.getPath()),
          StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (!line.isBlank()) {
            out.add(line);
          }
        }
      } catch (FileNotFoundException e) {
        // deleted by a writer's cap since the listing
      }
    }
    return out;
  }

  /** The log's files in {@code folder}, oldest first (their names start with their time). */
  private static FileStatus[] logFiles(FileSystem fs, Path folder) throws IOException {
    return Arrays.stream(fs.listStatus(folder)).filter(s -> s.getPath().getName().endsWith(SUFFIX))
        .sorted(Comparator.comparing(s -> s.getPath().getName())).toArray(FileStatus[]::new);
  }
}
