package dev.hudilayout;

import dev.hudilayout.hudi.QuietJvm;

import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * {@link QuietJvm} for drivers we do not start ourselves ({@code spark-sql}, any session built
 * with our quiet settings): {@code spark.plugins=dev.hudilayout.QuietPlugin} mutes Hudi's
 * object-sizing warnings when the driver starts, before Hudi first sizes an object.
 */
public final class QuietPlugin implements SparkPlugin {

  @Override
  public DriverPlugin driverPlugin() {
    QuietJvm.muteObjectSizeWarnings();
    return null;
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return null;
  }
}
