package dev.hudilayout.plan;

import java.util.Collection;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a table is found by Hudi's bucket index, which a layout would break. That index finds a
 * key's file group from the bucket number its file id begins with (8 digits, then '-'); a layout
 * writes new file groups whose ids hold no bucket number, and every later upsert then fails on
 * them. So a bucket-index table is refused before anything is written.
 *
 * <p>Hudi keeps no mark of the index in the table's properties, so the table is known as one from
 * any of: the write config's {@code hoodie.index.type}, the consistent-hashing metadata folder,
 * or file ids that all begin with a bucket number (at least one of them below 10,000, which a
 * random id does about once in 400,000 files).
 */
public final class BucketIndex {
  public static final String INDEX_TYPE_KEY = "hoodie.index.type";
  public static final String ENGINE_KEY = "hoodie.index.bucket.engine";

  private static final Pattern BUCKET_ID = Pattern.compile("\\d{8}-.*");
  private static final Pattern LOW_BUCKET_ID = Pattern.compile("0000\\d{4}-.*");

  private BucketIndex() {
  }

  /**
   * The error for a table found by the bucket index, or null if nothing says it is.
   *
   * @param indexType       the write config's {@code hoodie.index.type}, or null if unset
   * @param engine          its {@code hoodie.index.bucket.engine}, or null if unset
   * @param hashingMetadata whether the table holds the consistent-hashing index's metadata folder
   * @param fileIds         file ids of the files about to be laid out (or some of the table's)
   */
  public static String refusal(String indexType, String engine, boolean hashingMetadata, Collection<String> fileIds) {
    String found;
    if (indexType != null && indexType.trim().toUpperCase(Locale.ROOT).equals("BUCKET")) {
      found = INDEX_TYPE_KEY + "=" + indexType.trim() + (engine == null ? "" : ", " + ENGINE_KEY + "=" + engine.trim());
    } else if (hashingMetadata) {
      found = "the table's consistent-hashing bucket metadata (.hoodie/.bucket_index)";
    } else if (bucketIds(fileIds)) {
      found = "its file ids, which begin with bucket numbers (such as " + fileIds.iterator().next() + ")";
    } else {
      return null;
    }
    return "hudi-layout cannot lay out this table: it is found by Hudi's bucket index (known from " + found
        + "). That index finds each key's file group by the bucket number its file id begins with; a layout "
        + "writes new file groups with no bucket number, after which every upsert fails. Nothing was written. "
        + "Accepted: a table whose " + INDEX_TYPE_KEY + " is SIMPLE, GLOBAL_SIMPLE, BLOOM, GLOBAL_BLOOM or "
        + "RECORD_INDEX (with secondary indexes or not).";
  }

  /** Whether every id begins with a bucket number, one of them below 10,000. */
  static boolean bucketIds(Collection<String> fileIds) {
    return !fileIds.isEmpty() && fileIds.stream().allMatch(id -> BUCKET_ID.matcher(id).matches())
        && fileIds.stream().anyMatch(id -> LOW_BUCKET_ID.matcher(id).matches());
  }
}
