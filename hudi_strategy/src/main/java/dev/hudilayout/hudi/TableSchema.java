package dev.hudilayout.hudi;

import org.apache.spark.sql.types.StructType;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A table's schema as the shared code sees it, whatever Hudi line read it: the Spark struct, each
 * top-level column's kind, and Hudi's own schema object ({@link #hudi()}), which only the line's
 * adapter ({@link HudiLine}) looks into. Serializable, sent with the tasks of the RDD path.
 */
public final class TableSchema implements Serializable {
  private static final long serialVersionUID = 1L;
  private final Object hudi;
  private final StructType struct;
  private final Map<String, String> kinds;
  private final String json;

  /**
   * @param hudi   the line's own schema object (Avro's {@code Schema} before Hudi 1.1, {@code HoodieSchema} after)
   * @param struct the same schema as a Spark struct
   * @param kinds  column -&gt; its non-null kind, upper case (INT, STRING, RECORD, ARRAY, MAP, ...), in column order
   * @param json   the schema as Hudi writes it into a write config
   */
  public TableSchema(Object hudi, StructType struct, Map<String, String> kinds, String json) {
    this.hudi = hudi;
    this.struct = struct;
    this.kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
    this.json = json;
  }

  public Object hudi() {
    return hudi;
  }

  public StructType struct() {
    return struct;
  }

  public Map<String, String> kinds() {
    return kinds;
  }

  public String json() {
    return json;
  }
}
