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

  @Test
  void filesAreReadSpreadEvenlyOverTheList() {
    List<String> files = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      files.add("f" + i);
    }
    assertEquals(List.of("f0", "f2", "f5", "f7"), DistinctValues.spread(files, 4));
    assertEquals(files, DistinctValues.spread(files, 64));
  }
}
