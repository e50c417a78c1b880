package dev.hudilayout.hudi;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Keeps warnings a user cannot act on off the console. Hudi sizes objects with a shaded JOL, whose
 * first use prints two "# WARNING: Unable to attach ..." lines to standard output (it cannot load
 * its agent on a stock JDK); JOL keeps the VM model it builds then, so building it once with
 * standard output muted leaves later uses silent. The commands call this at start; {@code --verbose}
 * skips it.
 */
public final class QuietJvm {
  static final String JOL_VM = "org.apache.hudi.org.openjdk.jol.vm.VM";

  private QuietJvm() {
  }

  /** Builds JOL's VM model with standard output muted; true if it was built (or already was). */
  public static synchronized boolean muteObjectSizeWarnings() {
    PrintStream out = System.out;
    try {
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      Class.forName(JOL_VM).getMethod("current").invoke(null);
      return true;
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;  // another Hudi build without JOL: nothing to mute
    } finally {
      System.setOut(out);
    }
  }
}
