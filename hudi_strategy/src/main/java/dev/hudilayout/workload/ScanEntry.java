package dev.hudilayout.workload;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One scan of a table, as the query log keeps it: when it ran, the table, its column filters, and
 * the files it read out of those the table held. One line of JSON each.
 */
public final class ScanEntry {
  public final long timeMillis;
  public final String table;
  public final List<ColumnFilter> filters;
  public final long filesRead;
  /** Files the table's snapshot held for the scan, -1 when unknown. */
  public final long filesTotal;
  public final long queryMillis;

  public ScanEntry(long timeMillis, String table, List<ColumnFilter> filters, long filesRead, long filesTotal,
      long queryMillis) {
    this.timeMillis = timeMillis;
    this.table = table;
    this.filters = List.copyOf(filters);
    this.filesRead = filesRead;
    this.filesTotal = filesTotal;
    this.queryMillis = queryMillis;
  }

  /** The entry as one line of JSON (no line break). */
  public String toJson() {
    return "{\"time\":" + timeMillis + ",\"table\":" + JsonText.quote(table)
        + ",\"filters\":[" + filters.stream().map(ColumnFilter::toJson).collect(Collectors.joining(",")) + "]"
        + ",\"files_read\":" + filesRead + ",\"files_total\":" + filesTotal
        + ",\"query_ms\":" + queryMillis + "}";
  }
}
