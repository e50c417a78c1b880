package dev.hudilayout.hudi;

import dev.hudilayout.spark.ValueEncoding;
import dev.hudilayout.workload.RangeWidths;

import org.apache.hudi.avro.model.HoodieMetadataColumnStats;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where the recorded ranges of auto's query log fall on their columns ({@link RangeWidths}): each
 * column's least and greatest value, from the footers read already, else from the column-stats
 * index; numbers and dates placed by value, text by its bytes.
 */
final class RangePlaces {
  private static final Logger LOG = LoggerFactory.getLogger(RangePlaces.class);

  private RangePlaces() {
  }

  /**
   * Where ranges fall on each of {@code ranged}: from its least and greatest value in the files'
   * footers ({@code ends}), else in the column-stats index over {@code files}.
   */
  static void place(RangeWidths widths, List<String> ranged, Map<String, Object[]> ends,
                    Supplier<HoodieTableMetadata> metadata, List<Pair<String, String>> files) {
    List<String> unplaced = new ArrayList<>();
    for (String column : ranged) {
      Object[] known = ends.get(column);
      if (known == null || !place(widths, column, known[0], known[1])) {
        unplaced.add(column);
      }
    }
    if (unplaced.isEmpty() || files.isEmpty()) {
      return;
    }
    HoodieTableMetadata table;
    try {
      table = metadata.get();
    } catch (RuntimeException e) {
      LOG.info("hudi-layout: no metadata table ({}); auto leaves recorded ranges of {} out", e.toString(), unplaced);
      return;
    }
    for (String column : unplaced) {
      Object[] indexed = ends(table, files, column);
      if (indexed != null) {
        place(widths, column, indexed[0], indexed[1]);
      }
    }
  }

  /** The least and greatest value of {@code column} over {@code files}, or null when the index has none. */
  private static Object[] ends(HoodieTableMetadata table, List<Pair<String, String>> files, String column) {
    Map<Pair<String, String>, HoodieMetadataColumnStats> stats;
    try {
      stats = table.getColumnStats(files, column);
    } catch (RuntimeException e) {
      LOG.info("hudi-layout: no column stats for '{}' ({})", column, e.toString());
      return null;
    }
    Object least = null;
    Object greatest = null;
    byte[] leastBytes = null;
    byte[] greatestBytes = null;
    for (HoodieMetadataColumnStats s : stats.values()) {
      Object min = s.getIsDeleted() || s.getMinValue() == null ? null : HudiLine.get().statsValue(s.getMinValue());
      Object max = s.getIsDeleted() || s.getMaxValue() == null ? null : HudiLine.get().statsValue(s.getMaxValue());
      if (min == null || max == null) {
        continue;
      }
      byte[] minBytes = ValueEncoding.encode(min);
      byte[] maxBytes = ValueEncoding.encode(max);
      if (leastBytes == null || Arrays.compareUnsigned(minBytes, leastBytes) < 0) {
        least = min;
        leastBytes = minBytes;
      }
      if (greatestBytes == null || Arrays.compareUnsigned(maxBytes, greatestBytes) > 0) {
        greatest = max;
        greatestBytes = maxBytes;
      }
    }
    return least == null ? null : new Object[] {least, greatest};
  }

  /** Numbers and dates by value, text by its bytes; false for values of another kind. */
  private static boolean place(RangeWidths widths, String column, Object least, Object greatest) {
    if (least instanceof Number && greatest instanceof Number) {
      widths.column(column, ((Number) least).doubleValue(), ((Number) greatest).doubleValue(),
          RangePlaces::numberOrDate);
    } else if (least instanceof LocalDate && greatest instanceof LocalDate) {
      widths.column(column, ((LocalDate) least).toEpochDay(), ((LocalDate) greatest).toEpochDay(),
          text -> LocalDate.parse(text.trim()).toEpochDay());
    } else if (least instanceof java.sql.Date && greatest instanceof java.sql.Date) {
      widths.column(column, ((java.sql.Date) least).toLocalDate().toEpochDay(),
          ((java.sql.Date) greatest).toLocalDate().toEpochDay(), text -> LocalDate.parse(text.trim()).toEpochDay());
    } else if (least instanceof CharSequence || least instanceof org.apache.spark.unsafe.types.UTF8String) {
      widths.bytesColumn(column, ValueEncoding.encode(least), ValueEncoding.encode(greatest), ValueEncoding::encode);
    } else {
      return false;
    }
    return true;
  }

  /**
   * A bound of a column whose index holds numbers: a number, or a date or timestamp where the
   * index keeps those as days or microseconds since 1970 (as some Hudi lines do).
   */
  static double numberOrDate(String text) {
    String trimmed = text.trim();
    try {
      return Double.parseDouble(trimmed);
    } catch (NumberFormatException notANumber) {
      if (trimmed.length() == 10) {
        return LocalDate.parse(trimmed).toEpochDay();
      }
      LocalDateTime time = LocalDateTime.parse(trimmed.replace(' ', 'T'));
      return time.toEpochSecond(ZoneOffset.UTC) * 1e6 + time.getNano() / 1e3;
    }
  }
}
