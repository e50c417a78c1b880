package dev.hudilayout.continuous;

import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.config.Json;

import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the continuous plan makes of a table's writers right now ({@link dev.hudilayout.plan.RecentWrites}):
 * whether they count as active, so that a plan leaves out the file groups their next write is likely
 * to touch, and when they will count as paused if no write comes. For operators, and for a clustering
 * driver that waits for the layout to catch up once the writes stop.
 */
public final class Writers {
  private Writers() {
  }

  /**
   * {@code {"active": bool, "now_ms": ..., "paused_at_ms": ..., "depth": ...}} for the table at
   * {@code basePath}: paused_at_ms is when the writers count as paused without a clustering after
   * their newest write (null with no write); depth is how many of the newest writes' file groups a
   * plan now leaves out (0 when the writers are not active).
   */
  public static String json(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = TableClients.meta(jsc.hadoopConfiguration(), basePath);
    CommitHistory history = CommitHistory.read(meta);
    long now = System.currentTimeMillis();
    long pausedAt = history.writersPausedAt();
    boolean active = history.writersActive(now);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("active", active);
    out.put("now_ms", now);
    out.put("paused_at_ms", pausedAt == Long.MIN_VALUE ? null : pausedAt);
    out.put("depth", active ? history.recentWrites().depth() : 0);
    return Json.write(out);
  }
}
