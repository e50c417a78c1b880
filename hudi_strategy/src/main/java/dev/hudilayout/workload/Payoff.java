package dev.hudilayout.workload;

import java.util.List;
import java.util.Locale;

/**
 * Whether a clustering pays for itself, for the option {@code hoodie.hudilayout.when=pays}: the
 * bytes the recorded queries would stop reading against the bytes the clustering reads and
 * writes.
 *
 * <p>The scans recorded since the last clustering each read a share of the table's files
 * (files read over the files the table held). The layout the clustering makes would have them
 * read a share the {@link WorkloadModel} gives. If as many scans come before the next
 * clustering, they save (share now - share after) x table bytes each. The clustering reads its
 * input and writes it again, twice its input bytes. It pays when the bytes saved reach
 * {@code ratio} times that cost.
 *
 * <p>Example: 40 scans read 16 of 16 files of a 100 MB table (share 1); the layout would have
 * them read 1.5 of 16 (share 0.094). They would save 40 x 0.906 x 100 MB = 3.6 GB against 2 x
 * 100 MB rewritten: a gain of 18, which pays at ratio 1. With no scans recorded since the last
 * clustering there is nothing to save, and nothing is planned.
 */
public final class Payoff {
  /** The least gain that pays when the user sets none: the reads saved equal the rewrite. */
  public static final double DEFAULT_RATIO = 1.0;

  public final boolean pays;
  /** Bytes the recorded workload would stop reading over as many scans again. */
  public final double bytesSaved;
  /** Bytes the clustering reads and writes. */
  public final double bytesRewritten;
  public final String reason;

  private Payoff(boolean pays, double bytesSaved, double bytesRewritten, String reason) {
    this.pays = pays;
    this.bytesSaved = bytesSaved;
    this.bytesRewritten = bytesRewritten;
    this.reason = reason;
  }

  /**
   * The verdict on a clustering that rewrites {@code inputBytes} of a table of {@code tableBytes},
   * after which the recorded scans would read {@code shareAfter} of its files; {@code window} holds
   * the scans recorded since the last clustering.
   */
  public static Payoff weigh(List<ScanEntry> window, double shareAfter, double tableBytes, double inputBytes,
                             double ratio) {
    double rewritten = 2 * inputBytes;
    int scans = 0;
    double shareSum = 0;
    for (ScanEntry scan : window) {
      if (scan.filesTotal > 0 && scan.filesRead >= 0) {
        scans++;
        shareSum += Math.min(1.0, (double) scan.filesRead / scan.filesTotal);
      }
    }
    if (scans == 0) {
      return new Payoff(false, 0, rewritten, String.format(Locale.ROOT,
          "no scans recorded since the last clustering (%d entries): no reads to save against %s rewritten",
          window.size(), size(rewritten)));
    }
    double shareNow = shareSum / scans;
    double saved = scans * Math.max(0, shareNow - shareAfter) * Math.max(tableBytes, inputBytes);
    double gain = rewritten > 0 ? saved / rewritten : Double.POSITIVE_INFINITY;
    boolean pays = saved > 0 && gain >= ratio;
    String reason = String.format(Locale.ROOT,
        "%d scans since the last clustering read %.3g%% of the files on average, the new layout %.3g%%: "
            + "%s of reads saved over as many scans, against %s read and written; gain %.3g, %s %.3g",
        scans, 100 * shareNow, 100 * Math.min(1.0, shareAfter), size(saved), size(rewritten), gain,
        pays ? "at least" : "below", ratio);
    return new Payoff(pays, saved, rewritten, reason);
  }

  /** The verdict as one line of JSON, made at {@code timeMillis}. */
  public String toJson(long timeMillis) {
    return "{\"time\":" + timeMillis + ",\"pays\":" + pays + ",\"bytes_saved\":" + (long) bytesSaved
        + ",\"bytes_rewritten\":" + (long) bytesRewritten + ",\"reason\":" + JsonText.quote(reason) + "}";
  }

  private static String size(double bytes) {
    if (bytes >= 1e9) {
      return String.format(Locale.ROOT, "%.3g GB", bytes / 1e9);
    }
    return bytes >= 1e6 ? String.format(Locale.ROOT, "%.3g MB", bytes / 1e6)
        : String.format(Locale.ROOT, "%.3g KB", bytes / 1e3);
  }
}
