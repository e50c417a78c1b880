package dev.hudilayout.hudi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hudi.avro.model.StringWrapper;
import org.junit.jupiter.api.Test;

/**
 * Each Hudi line's adapter, run by every line's build against that line's bundle (the build names
 * its line in the system property {@code hudi.line}).
 */
class HudiLineTest {
  private static final String LINE = System.getProperty("hudi.line");

  @Test
  void theJarIsBuiltForTheLineItsBundleIs() {
    assertNotNull(LINE, "the build sets hudi.line");
    assertEquals(LINE, HudiLine.get().line());
    String running = HudiLine.running();
    assertNotNull(running, "the bundle's manifest names its version");
    assertTrue(running.startsWith(LINE + "."), running);
    assertNull(HudiLine.mismatch(LINE, running));
    HudiLine.check();
  }

  @Test
  void anotherLineIsRefusedInOneLineNamingBoth() {
    String refusal = HudiLine.mismatch(LINE, "1.1.0");
    assertNotNull(refusal);
    assertTrue(refusal.contains("built for Hudi " + LINE + ".x") && refusal.contains("Hudi 1.1.0 is on the classpath"),
        refusal);
    assertTrue(refusal.contains("0.15.x") && refusal.contains("1.0.x") && refusal.contains("1.2.x"), refusal);
    assertEquals(-1, refusal.indexOf('\n'));
    assertNull(HudiLine.mismatch(LINE, LINE + ".9"));
    assertNull(HudiLine.mismatch(LINE, null));
    assertNotNull(HudiLine.mismatch(LINE, LINE + "1.0"));
  }

  @Test
  void aColumnStatsValueIsUnwrapped() {
    Object wrapped = StringWrapper.newBuilder().setValue("MFGR#1440").build();
    assertEquals("MFGR#1440", String.valueOf(HudiLine.get().statsValue(wrapped)));
  }
}
