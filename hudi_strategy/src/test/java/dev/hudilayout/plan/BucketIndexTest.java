package dev.hudilayout.plan;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a table found by Hudi's bucket index is told from any other. */
class BucketIndexTest {
  private static final List<String> RANDOM_IDS = Arrays.asList(
      "74e5c7db-2b7f-4d3e-9c2a-0f1e2d3c4b5a-0", "0a1b2c3d-1111-2222-3333-444455556666-0");
  private static final List<String> BUCKET_IDS = Arrays.asList(
      "00000000-3f1e-4f5e-8a7b-1c2d3e4f5a6b-0", "00000003-9a8b-4c7d-8e6f-5a4b3c2d1e0f-0");

  @Test
  void theConfiguredIndexTypeDecidesFirst() {
    String error = BucketIndex.refusal(" bucket ", "SIMPLE", false, RANDOM_IDS);
    assertNotNull(error);
    assertTrue(error.contains("hoodie.index.type=bucket, hoodie.index.bucket.engine=SIMPLE"), error);
    assertTrue(error.contains("Nothing was written") && error.contains("RECORD_INDEX"), error);
    assertNull(BucketIndex.refusal("RECORD_INDEX", null, false, RANDOM_IDS));
    assertNull(BucketIndex.refusal(null, null, false, Collections.emptyList()));
  }

  @Test
  void theConsistentHashingFolderOrBucketFileIdsTellAnUnconfiguredTable() {
    String folder = BucketIndex.refusal(null, null, true, RANDOM_IDS);
    assertTrue(folder != null && folder.contains(".bucket_index"), folder);
    String ids = BucketIndex.refusal(null, null, false, BUCKET_IDS);
    assertTrue(ids != null && ids.contains("00000000-3f1e"), ids);
  }

  @Test
  void onlyFileIdsThatAllCarryABucketNumberCount() {
    assertTrue(BucketIndex.bucketIds(BUCKET_IDS));
    assertFalse(BucketIndex.bucketIds(RANDOM_IDS));
    // one random id among bucket ids: a table not written by the bucket index alone
    assertFalse(BucketIndex.bucketIds(Arrays.asList(BUCKET_IDS.get(0), RANDOM_IDS.get(0))));
    // all-digit ids that are random: none below 10,000
    assertFalse(BucketIndex.bucketIds(Arrays.asList("12345678-aaaa-0", "87654321-bbbb-0")));
    assertFalse(BucketIndex.bucketIds(Collections.emptyList()));
  }
}
