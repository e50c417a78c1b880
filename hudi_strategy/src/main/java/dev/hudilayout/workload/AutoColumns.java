package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The sort columns and their cuts that make the recorded queries read the fewest files
 * ({@link WorkloadModel}), for the layout option {@code hoodie.hudilayout.auto}.
 *
 * <p>Every set of columns up to the most allowed is tried, among the {@link #CANDIDATES} most
 * filtered, and the set that reads the fewest files wins; a set of one more column must save at
 * least {@link #MIN_GAIN} of the files read over the best set of one fewer. Where a size has more
 * than {@link #MAX_SETS} sets, only the best set of one fewer plus each other column is tried.
 * (Taking one column at a time locks in the best single column, and misses sets whose columns help
 * only together.) For a set of columns the cuts are searched with their product fixed at the files:
 * a share of cuts moves from one column to another while that lowers the files read. A column left
 * with fewer than two cuts is dropped. The grid search then gets the cuts as column weights (it
 * gives a column cuts in proportion to its weight).
 *
 * <p>Of columns where one determines the other ({@link WorkloadModel#related}), at most one is
 * taken as an axis: the layout sorts them along one axis, so a second would add no cuts of its own.
 * The filtered columns the axis determines then ride along ({@link WorkloadModel#withRiders}), cut
 * not at all: the layout puts the axis's cuts on their values' bounds, and a filter on one reads
 * its runs of the axis aligned. Example: with s_city taken, a filtered s_nation and s_region come
 * along, and a filter on either reads a run of cities; with lo_orderdate taken, a year of d_year
 * reads its own dates and no neighbouring cut. {@code maxColumns} counts the axes.
 *
 * <p>With no scans recorded, or none that a cut narrows, the given columns stay, alike. They stay
 * too where the columns chosen save less than {@link #MOVE_GAIN} of the files they read, by the
 * model: its estimates err by more than that, so a smaller gain is no reason to leave them.
 */
public final class AutoColumns {
  /** The least share of the files read a further column must save to be taken: 1%. */
  public static final double MIN_GAIN = 0.01;
  /** The most filtered columns among which sets are tried. */
  static final int CANDIDATES = 16;
  /** The most sets of one size tried in full: 16 columns make 560 sets of 3, and 1,820 of 4. */
  static final int MAX_SETS = 600;
  /**
   * The least share of the files read new columns must save over the columns a table is laid out
   * on, or over the given ones, for a layout to move to them: 10%. A choice that wins by less stays
   * on those columns, so noise in the log, or in the model, does not rewrite the table.
   */
  public static final double MOVE_GAIN = 0.10;

  /** What was chosen, and why. */
  public static final class Choice {
    public final List<String> columns;
    /** Per column, the cuts the model would give it; their product is the files. */
    public final double[] cuts;
    /** The share of the files the average recorded query reads with these columns and cuts. */
    public final double filesRead;
    /** The same with the given columns cut alike. */
    public final double givenFilesRead;
    public final boolean fromLog;
    public final String reason;

    Choice(List<String> columns, double[] cuts, double filesRead, double givenFilesRead, boolean fromLog,
           String reason) {
      this.columns = List.copyOf(columns);
      this.cuts = cuts.clone();
      this.filesRead = filesRead;
      this.givenFilesRead = givenFilesRead;
      this.fromLog = fromLog;
      this.reason = reason;
    }

    /** The same choice, its reason {@code reason}. */
    public Choice because(String reason) {
      return new Choice(columns, cuts, filesRead, givenFilesRead, fromLog, reason);
    }

    /** The cuts as weights summing to 1. */
    public double[] weights() {
      double sum = Arrays.stream(cuts).sum();
      return Arrays.stream(cuts).map(c -> c / sum).toArray();
    }
  }

  private AutoColumns() {
  }

  /**
   * The files of one partition's grid, which the model cuts: {@code files} over {@code partitions},
   * to the nearest whole file and at least 1, since each partition is laid out on a grid of its own.
   * 100 partitions and 300 files are cut as grids of 3 files, not one of 300.
   */
  public static int filesPerPartition(long files, long partitions) {
    return (int) Math.max(1, Math.round(files / (double) Math.max(1, partitions)));
  }

  /** The choice for {@code files} files, at most {@code maxColumns} columns, {@code given} the fallback. */
  public static Choice choose(WorkloadModel model, List<String> given, int files, int maxColumns) {
    int fileCount = Math.max(1, files);
    WorkloadModel.Grid givenGrid = model.on(given);
    double[] alike = givenGrid.alike(fileCount);
    double givenRead = givenGrid.filesRead(alike);
    List<String> axes = fileCount > 1 ? best(model, fileCount, maxColumns) : new ArrayList<>();
    double[] axisCuts = cuts(model, model.withRiders(axes), fileCount);
    for (int i = axes.size() - 1; i >= 0; i--) {
      if (axisCuts[i] < 2 && axes.size() > 1) {
        axes.remove(i);
        axisCuts = cuts(model, model.withRiders(axes), fileCount);
      }
    }
    List<String> chosen = axes.isEmpty() ? axes : model.withRiders(axes);
    double[] cuts = axes.isEmpty() ? axisCuts : cuts(model, chosen, fileCount);
    if (chosen.isEmpty()) {
      String why = model.scans() == 0 ? "no queries recorded" : String.format(Locale.ROOT,
          "%.0f scans recorded, none narrowed by cuts", model.scans());
      return new Choice(given, alike, givenRead, givenRead, false, why + ": the given columns " + given + ", alike");
    }
    double read = model.filesRead(chosen, cuts);
    if (read > givenRead * (1 - MOVE_GAIN)) {
      return new Choice(given, alike, givenRead, givenRead, false, String.format(Locale.ROOT, "%.0f scans recorded: "
          + "the given columns %s stay, alike, reading %.3g of %d files a query against %.3g with %s cut %s, less than "
          + "%.0f%% better", model.scans(), given, givenRead * fileCount, fileCount, read * fileCount, chosen,
          rounded(cuts), 100 * MOVE_GAIN));
    }
    String reason = String.format(Locale.ROOT, "%.0f scans recorded: %s cut %s read %.3g of %d files a query, "
        + "against %.3g with the given columns %s alike", model.scans(), chosen, rounded(cuts), read * fileCount,
        fileCount, givenRead * fileCount, given);
    return new Choice(chosen, cuts, read, givenRead, true, reason);
  }

  /**
   * The set of at most {@code maxColumns} unrelated columns that reads the fewest files, each
   * column past the first saving at least {@link #MIN_GAIN}; empty when none reads fewer than all.
   */
  private static List<String> best(WorkloadModel model, int files, int maxColumns) {
    List<String> candidates = model.filtered();
    candidates = candidates.subList(0, Math.min(CANDIDATES, candidates.size()));
    List<String> chosen = new ArrayList<>();
    double read = 1;
    for (int size = 1; size <= Math.min(maxColumns, candidates.size()); size++) {
      List<String> best = null;
      double bestRead = read;
      List<List<String>> sets = binomial(candidates.size(), size) <= MAX_SETS ? sets(model, candidates, size)
          : grown(model, candidates, chosen);
      for (List<String> set : sets) {
        List<String> riding = model.withRiders(set);
        double trial = model.on(riding).filesRead(cuts(model, riding, files));
        if (trial < bestRead) {
          best = set;
          bestRead = trial;
        }
      }
      if (best == null || bestRead > read * (1 - MIN_GAIN)) {
        break;
      }
      chosen = best;
      read = bestRead;
    }
    return new ArrayList<>(chosen);
  }

  private static double binomial(int n, int k) {
    double out = 1;
    for (int i = 0; i < k; i++) {
      out = out * (n - i) / (i + 1);
    }
    return out;
  }

  /** {@code set} and one more of {@code candidates}, related to none of it, each way. */
  private static List<List<String>> grown(WorkloadModel model, List<String> candidates, List<String> set) {
    List<List<String>> out = new ArrayList<>();
    for (String column : candidates) {
      if (!set.contains(column) && set.stream().noneMatch(taken -> model.related(taken, column))) {
        List<String> more = new ArrayList<>(set);
        more.add(column);
        out.add(more);
      }
    }
    return out;
  }

  /** The sets of {@code size} of {@code candidates}, in their order, no two of them related. */
  private static List<List<String>> sets(WorkloadModel model, List<String> candidates, int size) {
    List<List<String>> out = new ArrayList<>();
    extend(model, candidates, size, 0, new ArrayList<>(), out);
    return out;
  }

  private static void extend(WorkloadModel model, List<String> candidates, int size, int from, List<String> set,
                             List<List<String>> out) {
    if (set.size() == size) {
      out.add(List.copyOf(set));
      return;
    }
    for (int i = from; i < candidates.size(); i++) {
      String column = candidates.get(i);
      if (set.stream().noneMatch(taken -> model.related(taken, column))) {
        set.add(column);
        extend(model, candidates, size, i + 1, set, out);
        set.remove(set.size() - 1);
      }
    }
  }

  /**
   * The choice for a table laid out on {@code recorded} (empty when it is not): {@link #choose}'s,
   * unless its columns, the log's or the given ones, read more than {@code 1 - MOVE_GAIN} of what
   * the recorded columns read, each cut as the model would; then the recorded columns stay. A table
   * whose log filters nothing takes the given columns, as one not laid out does.
   */
  public static Choice choose(WorkloadModel model, List<String> given, int files, int maxColumns,
                              List<String> recorded) {
    Choice fresh = choose(model, given, files, maxColumns);
    if (recorded.isEmpty() || fresh.columns.equals(recorded) || model.filtered().isEmpty()) {
      return fresh;
    }
    int fileCount = Math.max(1, files);
    double[] kept = cuts(model, recorded, fileCount);
    double keptRead = model.filesRead(recorded, kept);
    if (fresh.filesRead < keptRead * (1 - MOVE_GAIN)) {
      return fresh.because(fresh.reason + String.format(Locale.ROOT, "; moves from the recorded columns %s, which "
          + "read %.3g", recorded, keptRead * fileCount));
    }
    String reason = String.format(Locale.ROOT, "%.0f scans recorded: the recorded columns %s stay, reading %.3g of %d "
        + "files a query against %.3g with %s%s, less than %.0f%% better", model.scans(), recorded,
        keptRead * fileCount, fileCount, fresh.filesRead * fileCount, fresh.fromLog ? "" : "the given columns ",
        fresh.columns, 100 * MOVE_GAIN);
    return new Choice(recorded, kept, keptRead, fresh.givenFilesRead, true, reason);
  }

  /**
   * Cuts per column whose product is {@code files} and that make the recorded queries read the
   * fewest files: shares of log(files) move between pairs of columns while that helps, in
   * halving steps.
   */
  static double[] cuts(WorkloadModel model, List<String> columns, int files) {
    WorkloadModel.Grid grid = model.on(columns);
    int d = (int) IntStream.range(0, columns.size()).filter(i -> !grid.rides(i)).count();
    if (d == 0) {
      return new double[columns.size()];
    }
    double[] exponents = new double[columns.size()];
    for (int i = 0; i < exponents.length; i++) {
      exponents[i] = grid.rides(i) ? 0 : Math.log(files) / d;
    }
    double read = grid.filesRead(exp(exponents));
    for (double step = Math.log(files) / d / 2; step > 1e-3; ) {
      boolean moved = false;
      for (int to = 0; to < exponents.length; to++) {
        for (int from = 0; from < exponents.length; from++) {
          if (to == from || grid.rides(to) || grid.rides(from) || exponents[from] < step) {
            continue;
          }
          exponents[to] += step;
          exponents[from] -= step;
          double trial = grid.filesRead(exp(exponents));
          if (trial < read - 1e-12) {
            read = trial;
            moved = true;
          } else {
            exponents[to] -= step;
            exponents[from] += step;
          }
        }
      }
      if (!moved) {
        step /= 2;
      }
    }
    return exp(exponents);
  }

  private static double[] exp(double[] exponents) {
    return Arrays.stream(exponents).map(Math::exp).toArray();
  }

  private static String rounded(double[] cuts) {
    StringBuilder out = new StringBuilder();
    for (double cut : cuts) {
      out.append(out.length() == 0 ? "" : " x ").append(String.format(Locale.ROOT, "%.1f", cut));
    }
    return out.toString();
  }
}
