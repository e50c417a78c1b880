package dev.hudilayout.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * A sample of rows of some columns of a table's Parquet files, read by the session's Spark: for the
 * layout option auto to tell which filtered columns determine which.
 */
public final class RowSample {
  private static final Logger LOG = LoggerFactory.getLogger(RowSample.class);

  private RowSample() {
  }

  /**
   * About {@code most} rows of {@code columns}, drawn alike from {@code files} of {@code rowsInFiles}
   * rows (from their footers; -1: not known, and counted first); each row the columns' values in
   * order. Empty when there is no Spark session or the files cannot be read.
   */
  public static List<Object[]> of(List<String> files, List<String> columns, int most, long rowsInFiles) {
    List<Object[]> out = new ArrayList<>();
    if (files.isEmpty() || columns.isEmpty()) {
      return out;
    }
    SparkSession spark = SparkSession.getActiveSession().isDefined() ? SparkSession.getActiveSession().get()
        : SparkSession.getDefaultSession().isDefined() ? SparkSession.getDefaultSession().get() : null;
    if (spark == null) {
      return out;
    }
    try {
      Column[] selected = columns.stream().map(functions::col).toArray(Column[]::new);
      Dataset<Row> rows = spark.read().parquet(files.toArray(new String[0])).select(selected);
      long count = rowsInFiles >= 0 ? rowsInFiles : rows.count();
      if (count == 0) {
        return out;
      }
      // one job: the sample, then the first most of it
      double fraction = Math.min(1.0, 1.2 * most / count);
      List<Row> drawn = rows.sample(false, fraction, 7).collectAsList();
      for (Row row : drawn.subList(0, Math.min(most, drawn.size()))) {
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = row.get(i);
        }
        out.add(values);
      }
    } catch (RuntimeException e) {  // AnalysisException among them: a file without a column
      LOG.info("hudi-layout: no row sample of {} ({})", columns, e.toString());
      out.clear();
    }
    return out;
  }
}
