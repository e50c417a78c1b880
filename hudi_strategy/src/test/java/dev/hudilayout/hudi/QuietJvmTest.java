package dev.hudilayout.hudi;

import org.junit.jupiter.api.Test;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuietJvmTest {
  @Test
  void hudisObjectSizingPrintsNothingOnceMuted() {
    assertTrue(QuietJvm.muteObjectSizeWarnings());
    PrintStream out = System.out;
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(seen, true, StandardCharsets.UTF_8));
      // Hudi sizing a record, as its spillable maps and size estimators do
      assertTrue(org.apache.hudi.common.util.ObjectSizeCalculator.getObjectSize(new long[16]) > 0);
    } finally {
      System.setOut(out);
    }
    assertEquals("", seen.toString(StandardCharsets.UTF_8));
    assertTrue(System.out == out, "standard output is restored");
  }
}
