package dev.hudilayout.plan;

/**
 * How many files a clustering writes for some rows, with what a file costs on its own kept apart
 * from what its rows cost.
 *
 * <p>A base file is its rows' bytes plus a footer: the schema, the column statistics and, in Hudi's
 * files, the bloom filter of the record keys. The footer does not shrink with the rows (Hudi's
 * default bloom filter is about 430 KB for up to 60,000 keys; a dynamic one grows by a block per
 * {@code num_entries} keys). Sizing output files by the input's bytes alone counts every input
 * file's footer as rows: a target near or below the footer then asks for more files than the rows
 * need, each of which brings a footer of its own, and every later clustering of those files asks for
 * more again, down to a row or two a file. Here the input's row bytes are its bytes less each file's
 * own footer (measured per file by the caller), and an output file holds the most rows whose bytes,
 * with the footer this clustering's writer gives a file of that many rows ({@link Footer}), fit the
 * target. That count does not depend on the files the rows came in, so repeated clusterings keep it;
 * a target that leaves no room for a row is refused.
 */
public final class FileSizing {
  /** No footer and no row size known: sizes by bytes alone, refuses nothing. */
  public static final FileSizing NONE = new FileSizing(Footer.NONE, 0, null);

  /**
   * The footer an output file gets, by its rows: a fixed part (schema, column statistics, Parquet's
   * frame; measured on the table's files without their bloom filters) and the bloom filter the
   * writer's settings make, one block up to {@code rowsPerBlock} keys, a block more per further
   * {@code rowsPerBlock} keys up to {@code maxBlocks} (Hudi's dynamic filter; a simple one has one
   * block whatever the keys).
   */
  public static final class Footer {
    /** No footer. */
    public static final Footer NONE = new Footer(0, 0, 0, 0, 1);

    public final long fixedBytes;
    public final long bloomBytes;
    public final long blockBytes;
    public final long rowsPerBlock;
    public final long maxBlocks;

    public Footer(long fixedBytes, long bloomBytes, long blockBytes, long rowsPerBlock, long maxBlocks) {
      this.fixedBytes = Math.max(0, fixedBytes);
      this.bloomBytes = Math.max(0, bloomBytes);
      this.blockBytes = Math.max(0, blockBytes);
      this.rowsPerBlock = Math.max(0, rowsPerBlock);
      this.maxBlocks = Math.max(1, maxBlocks);
    }

    /** The footer's bytes in a file of {@code rows} rows. */
    public long bytes(long rows) {
      long blocks = rowsPerBlock <= 0 ? 1
          : Math.min(maxBlocks, Math.max(1, (rows + rowsPerBlock - 1) / rowsPerBlock));
      return fixedBytes + bloomBytes + (blocks - 1) * blockBytes;
    }

    @Override
    public String toString() {
      return String.format("%d bytes fixed and a bloom filter of %d bytes%s", fixedBytes, bloomBytes,
          rowsPerBlock > 0 && maxBlocks > 1
              ? String.format(" (%d more per %d rows, up to %d blocks)", blockBytes, rowsPerBlock, maxBlocks) : "");
    }
  }

  /** The footer of the files this clustering writes. */
  public final Footer footer;
  /** Bytes a row costs in the table's files, footers apart (0: not measured). */
  public final double rowBytes;
  /** The files the sizes were measured on, for errors; null when none were. */
  public final String measuredOn;

  public FileSizing(Footer footer, double rowBytes, String measuredOn) {
    this.footer = footer;
    this.rowBytes = Math.max(0, rowBytes);
    this.measuredOn = measuredOn;
  }

  /**
   * The most rows of {@code perRow} bytes each that a file of {@code targetBytes} holds with its
   * footer; 0 when not one fits.
   */
  public long rowsPerFile(long targetBytes, double perRow) {
    if (perRow <= 0) {
      return Long.MAX_VALUE;
    }
    long hi = (long) Math.floor(targetBytes / perRow * (1 + 1e-12)) + 1;
    long lo = 0;
    // fits(r) is true up to some r and false beyond (footer and rows both grow with r)
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (fits(mid, perRow, targetBytes)) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private boolean fits(long rows, double perRow, long targetBytes) {
    return rows * perRow + footer.bytes(rows) <= targetBytes * (1 + 1e-12);
  }

  /**
   * A file slice's row bytes once its log files are merged into its base file's rows: the base
   * file's row bytes ({@code baseRowBytes}) and the rows the log files add ({@code netLogRows}:
   * inserts less deletes, from the write statistics) at {@link #rowBytes} a row. An update replaces
   * a row and adds none. Where the statistics do not tell (null), or no row was measured, the log
   * files' own bytes ({@code logBytes}) count instead.
   *
   * <p>Example: a base file of 250 rows of 100 bytes and a log of 25 updates in 9,000 bytes (each
   * log block carries its schema) merge into 25,000 row bytes, not 34,000.
   */
  public long mergedRowBytes(long baseRowBytes, long logBytes, Long netLogRows) {
    if (netLogRows == null || rowBytes <= 0) {
      return baseRowBytes + logBytes;
    }
    return Math.max(0, baseRowBytes + Math.round(netLogRows * rowBytes));
  }

  /**
   * Output files for {@code rows} rows of {@code rowBytes} bytes (footers apart) in files of
   * {@code targetBytes}: the rows over {@link #rowsPerFile}, at least one. With the rows unknown
   * ({@code rows <= 0}), they are the row bytes over the measured {@link #rowBytes}; with neither,
   * the row bytes over the target less the footer. A target with no room for a row
   * ({@link #refusal}) counts as one row a file.
   */
  public long outputFiles(long rowBytes, long rows, long targetBytes) {
    return Math.max(1, (long) Math.ceil(files(rowBytes, rows, targetBytes) - 1e-9));
  }

  /**
   * As {@link #outputFiles}, rounded to the nearest count instead of up (at least one): for a
   * region laid out again, whose files may hold a little more or less than the target's rows.
   */
  public long nearestFiles(long rowBytes, long rows, long targetBytes) {
    return Math.max(1, Math.round(files(rowBytes, rows, targetBytes)));
  }

  /** The files of the target the rows fill, as a fraction. */
  private double files(long rowBytes, long rows, long targetBytes) {
    if (rows <= 0 && this.rowBytes > 0) {
      rows = Math.round(rowBytes / this.rowBytes);
    }
    if (rows <= 0) {
      return rowBytes / (double) Math.max(1, targetBytes - footer.bytes(0));
    }
    double perRow = rowBytes > 0 ? rowBytes / (double) rows : this.rowBytes;
    long perFile = Math.max(1, rowsPerFile(targetBytes, perRow));
    return rows / (double) perFile;
  }

  /** The smallest target whose files hold a row: a one-row file's footer and one row's bytes. */
  public long smallestTarget() {
    return footer.bytes(1) + Math.max(1, (long) Math.ceil(rowBytes));
  }

  /**
   * Null when files of {@code targetBytes} hold a row; otherwise the error for the user, which names
   * the option ({@code option}, as the user gave it), the footer, and the smallest target.
   */
  public String refusal(long targetBytes, String option) {
    if (measuredOn == null || targetBytes >= smallestTarget()) {
      return null;
    }
    return String.format("hudi-layout: %s = %d is below what one file of this table costs on its own: a footer "
        + "of %d bytes (%s: the schema and column statistics measured on %s, and the bloom filter of the record "
        + "keys that this clustering's settings make) before its first row of about %.0f bytes. Files of that "
        + "target would hold a row or two each, and every later clustering would write more of them. Accepted: a "
        + "target of at least %d bytes (many times the footer keeps it a small share of each file), or a smaller "
        + "bloom filter (hoodie.index.bloom.num_entries, hoodie.bloom.index.filter.type).",
        option, targetBytes, footer.bytes(1), footer, measuredOn, rowBytes, smallestTarget());
  }
}
