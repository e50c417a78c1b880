package dev.hudilayout;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clustering job's command line refused before Spark starts: exit status 2, one line that
 * names the flag (or key), the value and what is accepted, then the usage line. The table path
 * does not exist, so a job that went on to start Spark would fail otherwise (status 1).
 * integration/test_clustering_job.py runs one such refusal through spark-submit.
 */
class ClusteringJobTest {
  private static final String[] TABLE = {"--base-path", "/nonexistent/hudi-layout-job-test", "--table-name", "t"};

  private static List<String> refused(String... flags) {
    List<String> argv = new ArrayList<>(Arrays.asList(TABLE));
    argv.addAll(Arrays.asList(flags));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = System.out;
    int status;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      status = ClusteringJob.run(argv.toArray(new String[0]));
    } finally {
      System.setOut(out);
    }
    List<String> lines = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n"));
    assertEquals(2, status, String.join("\n", lines));
    assertEquals(2, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(1).startsWith("usage: spark-submit --class dev.hudilayout.ClusteringJob "), lines.get(1));
    return lines;
  }

  @Test
  void anUnknownModeNamesTheModes() {
    assertEquals("error: --mode 'sched' is not accepted: one of schedule, execute, scheduleAndExecute, purgePending, show",
        refused("--mode", "sched").get(0));
  }

  @Test
  void aMisspeltKeyOfOursNamesTheKeyItMeant() {
    String line = refused("--mode", "schedule", "--hoodie-conf", "hoodie.hudilayout.alinged=true").get(0);
    assertTrue(line.startsWith("error: Unknown option hoodie.hudilayout.alinged = 'true': hudi-layout has no such key. "
        + "Did you mean hoodie.hudilayout.aligned?"), line);
  }

  @Test
  void numbersAndSwitchesNameWhatTheyAccept() {
    assertEquals("error: --retry '-1' is not accepted: a whole number of at least 0", refused("--retry", "-1").get(0));
    assertEquals("error: --parallelism 'lots' is not accepted: a whole number of at least 1",
        refused("--parallelism", "lots").get(0));
    assertEquals("error: --retry-last-failed-clustering-job 'yes' is not accepted: true or false",
        refused("--retry-last-failed-clustering-job", "yes").get(0));
  }

  @Test
  void missingFlagsValuesAndUnknownFlagsAreNamed() {
    assertEquals("error: --mode needs a value", refused("--mode").get(0));
    assertEquals("error: unknown flag --tabel-name (value 't')", refused("--tabel-name", "t").get(0));
    assertEquals("error: --hoodie-conf 'hoodie.x': expected key=value", refused("--hoodie-conf", "hoodie.x").get(0));
    assertEquals("error: --props /nonexistent/p.properties: cannot read it (/nonexistent/p.properties)",
        refused("--props", "/nonexistent/p.properties").get(0));
  }
}
