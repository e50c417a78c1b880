package dev.hudilayout.hudi;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A table's data files as the file system shows them, for the checks made before any plan
 * exists ({@link BucketTables}, {@link FileFooters}): the files of the first folder that holds any.
 */
final class TableFiles {
  /** Entries listed at most while looking for data files. */
  private static final int MAX_LISTED = 2000;

  private TableFiles() {
  }

  /**
   * The data files (base and log) in the first folder under {@code basePath} that holds any,
   * breadth first, hidden folders skipped; empty for a table without data files.
   */
  static List<FileStatus> firstDataFolder(Configuration conf, String basePath) {
    List<FileStatus> found = new ArrayList<>();
    try {
      FileSystem fs = new Path(basePath).getFileSystem(conf);
      Deque<Path> folders = new ArrayDeque<>();
      folders.add(new Path(basePath));
      int listed = 0;
      while (!folders.isEmpty() && found.isEmpty() && listed < MAX_LISTED) {
        for (FileStatus status : fs.listStatus(folders.poll())) {
          listed++;
          String name = status.getPath().getName();
          if (status.isDirectory()) {
            if (!name.startsWith(".") && !name.startsWith("_")) {
              folders.add(status.getPath());
            }
          } else if (BucketTables.fileIdOf(name) != null) {
            found.add(status);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }
}
