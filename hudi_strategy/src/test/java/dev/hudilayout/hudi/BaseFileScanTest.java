package dev.hudilayout.hudi;

import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** When a group's base files may be scanned directly instead of read by Hudi. */
class BaseFileScanTest {
  private static final StructType TABLE = new StructType()
      .add("_hoodie_record_key", DataTypes.StringType)
      .add("a", DataTypes.LongType)
      .add("b", DataTypes.StringType)
      .add("c", DataTypes.DoubleType);

  @Test
  void filesWithTheTablesColumnsOrFewerAreScanned() {
    assertNull(BaseFileScan.refusal(TABLE, TABLE, false, false));
    StructType older = new StructType().add("_hoodie_record_key", DataTypes.StringType)
        .add("a", DataTypes.LongType).add("b", DataTypes.StringType);
    assertNull(BaseFileScan.refusal(TABLE, older, false, false), "a column a file lacks reads as null");
  }

  @Test
  void anythingTheScanWouldReadDifferentlyGoesToHudi() {
    StructType narrower = new StructType().add("a", DataTypes.IntegerType);
    assertEquals("column a is INT in a base file and BIGINT in the table",
        BaseFileScan.refusal(TABLE, narrower, false, false));
    StructType dropped = new StructType().add("gone", DataTypes.IntegerType);
    assertEquals("base files hold column gone, which the table schema does not",
        BaseFileScan.refusal(TABLE, dropped, false, false));
    assertEquals("the base files' schema is unknown", BaseFileScan.refusal(TABLE, null, false, false));
    assertEquals("schema-on-read evolution is on", BaseFileScan.refusal(TABLE, TABLE, true, false));
    assertEquals("the table drops partition columns from its files", BaseFileScan.refusal(TABLE, TABLE, false, true));
  }

  @Test
  void theScannedRowsGetTheTablesNullabilityOnTheColumnsTheFilesHold() {
    StructType table = new StructType().add("_hoodie_record_key", DataTypes.StringType, true)
        .add("k", DataTypes.StringType, false).add("a", DataTypes.LongType, false)
        .add("added", DataTypes.IntegerType, false);
    // what a Spark scan of the files gives: every column nullable
    StructType scanned = new StructType().add("_hoodie_record_key", DataTypes.StringType)
        .add("k", DataTypes.StringType).add("a", DataTypes.LongType).add("added", DataTypes.IntegerType);
    StructType files = new StructType().add("_hoodie_record_key", DataTypes.StringType)
        .add("k", DataTypes.StringType).add("a", DataTypes.LongType);
    StructType got = BaseFileScan.withTableNullability(scanned, table, files);
    assertEquals(true, got.apply("_hoodie_record_key").nullable());
    assertEquals(false, got.apply("k").nullable());
    assertEquals(false, got.apply("a").nullable());
    assertEquals(true, got.apply("added").nullable(), "the files lack it: the scan reads it as null");
    assertEquals(scanned, BaseFileScan.withTableNullability(scanned, table, null));
  }

  @Test
  void aFileIsKnownByItsNameWhateverTheSchemeOrFolder() {
    // Spark's input_file_name() gives a URI, the plan a path: both end in the same name
    assertEquals("ab12-0_1-2-3_20260101.parquet", BaseFileScan.fileName("file:///t/p=1/ab12-0_1-2-3_20260101.parquet"));
    assertEquals("ab12-0_1-2-3_20260101.parquet", BaseFileScan.fileName("/t/p=1/ab12-0_1-2-3_20260101.parquet"));
    assertEquals("f.parquet", BaseFileScan.fileName("f.parquet"));
  }
}
