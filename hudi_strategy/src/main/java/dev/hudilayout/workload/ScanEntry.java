package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /**
   * Whether the scan read no file of a table that held some: no file held a row its filters keep,
   * so it reads none however the rows are laid out. A model of the workload counts it, reading
   * nothing; priced as a value the table holds, a value it does not hold yet (next year's date)
   * would have the table's one year cut for it.
   */
  public boolean foundNothing() {
    return filesRead == 0 && filesTotal > 0;
  }

  /** The entry as one line of JSON (no line break). */
  public String toJson() {
    return "{\"time\":" + timeMillis + ",\"table\":" + JsonText.quote(table)
        + ",\"filters\":[" + filters.stream().map(ColumnFilter::toJson).collect(Collectors.joining(",")) + "]"
        + ",\"files_read\":" + filesRead + ",\"files_total\":" + filesTotal
        + ",\"query_ms\":" + queryMillis + "}";
  }

  /** The entry one line of the log holds ({@link #toJson}'s form); IllegalArgumentException when it holds none. */
  public static ScanEntry fromJson(String line) {
    Map<?, ?> object = ColumnFilter.object(JsonText.parse(line), line);
    List<ColumnFilter> filters = new ArrayList<>();
    Object listed = object.get("filters");
    if (listed instanceof List) {
      for (Object filter : (List<?>) listed) {
        filters.add(ColumnFilter.fromJson(ColumnFilter.object(filter, line)));
      }
    }
    Object table = object.get("table");
    return new ScanEntry(number(object, "time", 0), table == null ? "" : table.toString(), filters,
        number(object, "files_read", -1), number(object, "files_total", -1), number(object, "query_ms", -1));
  }

  private static long number(Map<?, ?> object, String key, long absent) {
    Object value = object.get(key);
    return value instanceof Number ? ((Number) value).longValue() : absent;
  }
}
