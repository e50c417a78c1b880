package dev.hudilayout.hudi;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Distinct values read from real Parquet files' dictionaries, written here with parquet-mr. */
class DistinctValuesTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message t { required binary region (UTF8); required int32 discount; required binary note (UTF8); "
          + "optional int64 added; }");

  /** {@code rows} rows: region one of 5 (those {@code from} on), discount 0-10, note unique per row. */
  private static String write(java.nio.file.Path folder, String name, int rows, int from) throws IOException {
    Path path = new Path(folder.resolve(name).toUri());
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    // a small dictionary page: the unique notes overflow it, and their chunk falls back to plain
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(path).withType(SCHEMA)
        .withConf(new Configuration()).withDictionaryEncoding(true).withDictionaryPageSize(4096).build()) {
      String[] regions = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST", "OCEANIA", "ANTARCTICA"};
      for (int i = 0; i < rows; i++) {
        writer.write(groups.newGroup().append("region", regions[from + i % 5]).append("discount", i % 11)
            .append("note", name + "-" + i));
      }
    }
    return path.toString();
  }

  @Test
  void theFilesDictionariesGiveTheValuesOfColumnsWithFewAndLeaveOutColumnsWithMany(@TempDir java.nio.file.Path dir)
      throws IOException {
    List<String> files = new ArrayList<>();
    files.add(write(dir, "a.parquet", 3000, 0));
    files.add(write(dir, "b.parquet", 3000, 2));  // two regions more: 7 in all
    Map<String, Double> counts = DistinctValues.count(new Configuration(), files,
        List.of("region", "discount", "note", "added", "missing"));
    assertEquals(7.0, counts.get("region"));
    assertEquals(11.0, counts.get("discount"));
    assertFalse(counts.containsKey("note"), counts.toString());  // 6,000 values: past the dictionary, left out
    assertFalse(counts.containsKey("added"), counts.toString());  // all null: no values seen
    assertFalse(counts.containsKey("missing"), counts.toString());
    // a file that cannot be read is passed over
    files.add(dir.resolve("gone.parquet").toUri().toString());
    assertEquals(7.0, DistinctValues.count(new Configuration(), files, List.of("region")).get("region"));
    assertTrue(DistinctValues.count(new Configuration(), List.of(files.get(2)), List.of("region")).isEmpty());
  }

  private static final MessageType TYPED = MessageTypeParser.parseMessageType(
      "message t { required binary city (UTF8); required int32 day (DATE); optional int64 at (TIMESTAMP(MILLIS,true)); "
          + "required int32 price (DECIMAL(9,2)); required double share; required boolean paid; }");

  /** Rows {@code from} to {@code to}: city "C" + i, day i, at i seconds (null for every third), price i.05. */
  private static String writeTyped(java.nio.file.Path folder, String name, int from, int to) throws IOException {
    Path path = new Path(folder.resolve(name).toUri());
    SimpleGroupFactory groups = new SimpleGroupFactory(TYPED);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(path).withType(TYPED)
        .withConf(new Configuration()).withDictionaryEncoding(true).build()) {
      for (int i = from; i <= to; i++) {
        Group row = groups.newGroup().append("city", "C" + i).append("day", i).append("price", i * 100 + 5)
            .append("share", i / 4.0).append("paid", i % 2 == 0);
        if (i % 3 != 0) {
          row.append("at", i * 1000L);
        }
        writer.write(row);
      }
    }
    return path.toString();
  }

  @Test
  void theSameFootersGiveEachColumnsLeastAndGreatestValueAsARangePlacesIt(@TempDir java.nio.file.Path dir)
      throws IOException {
    // ranges of text by its bytes ("C10" < "C9"), dates as dates, timestamps in microseconds,
    // decimals by their scale; no ends for a boolean, nor for a column a file lacks statistics of
    List<String> files = List.of(writeTyped(dir, "a.parquet", 9, 40), writeTyped(dir, "b.parquet", 100, 120));
    Map<String, Object[]> ends = DistinctValues.read(new Configuration(), files,
        List.of("city", "day", "at", "price", "share", "paid", "missing")).ends;
    assertEquals(List.of("C10", "C9"), List.of(ends.get("city")));  // of C9 to C40 and C100 to C120
    assertEquals(List.of(java.time.LocalDate.ofEpochDay(9), java.time.LocalDate.ofEpochDay(120)), List.of(ends.get("day")));
    assertEquals(List.of(10_000_000L, 119_000_000L), List.of(ends.get("at")));  // 9 and 120: null
    assertEquals(List.of(new java.math.BigDecimal("9.05"), new java.math.BigDecimal("120.05")), List.of(ends.get("price")));
    assertEquals(List.of(2.25, 30.0), List.of(ends.get("share")));
    assertFalse(ends.containsKey("paid"), ends.keySet().toString());
    assertFalse(ends.containsKey("missing"), ends.keySet().toString());
  }

  @Test
  void filesAreReadSpreadEvenlyOverTheList() {
    List<String> files = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      files.add("f" + i);
    }
    assertEquals(List.of("f0", "f2", "f5", "f7"), DistinctValues.spread(files, 4));
    assertEquals(files, DistinctValues.spread(files, 64));
  }

  @Test
  void theNewestInstantsFilesAreReadBesideASpreadOfTheOthers() {
    // 17 files of a clustering, then 1 of an insert whose random id sorts last: an even spread of 16 misses it
    List<String> files = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      files.add(String.format("/t/2024-01-01/%02x-0_%d-54-2_20261202061822482.parquet", i, i));
    }
    String newest = "/t/2024-01-01/ff-0_0-66-305_20261202061826343.parquet";
    files.add(newest);
    assertEquals("20261202061826343", DistinctValues.instantOf(newest));
    assertEquals("", DistinctValues.instantOf("/t/no-instant"));
    assertFalse(DistinctValues.spread(files, 16).contains(newest));
    List<String> picked = DistinctValues.newestAndSpread(files, 16);
    assertEquals(16, picked.size());
    assertTrue(picked.contains(newest), picked.toString());
    assertEquals(picked.stream().sorted().collect(java.util.stream.Collectors.toList()), picked);
    // many newest files take half the sample, or what the fewer older ones leave; one instant alone is spread as before
    List<String> many = new ArrayList<>(files.subList(0, 17));
    for (int i = 0; i < 40; i++) {
      many.add(String.format("/t/p%02d/n-0_0-1-1_20261202070000000.parquet", i));
    }
    assertEquals(8, DistinctValues.newestAndSpread(many, 16).stream().filter(f -> f.contains("2026120207")).count());
    List<String> fewOlder = new ArrayList<>(many.subList(13, 57));
    assertEquals(12, DistinctValues.newestAndSpread(fewOlder, 16).stream().filter(f -> f.contains("2026120207")).count());
    assertEquals(16, DistinctValues.newestAndSpread(fewOlder, 16).size());
    assertEquals(DistinctValues.spread(files.subList(0, 17), 8), DistinctValues.newestAndSpread(files.subList(0, 17), 8));
    assertEquals(files, DistinctValues.newestAndSpread(files, 64));
  }
}
