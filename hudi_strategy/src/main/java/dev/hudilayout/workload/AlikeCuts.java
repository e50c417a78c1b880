package dev.hudilayout.workload;

/**
 * Cuts alike on a grid's columns, whose product is the files: what the model expects of columns a
 * user names with no weights. A column that rides on another's axis takes none (1). A column of
 * fewer values than its share takes one cut per value, and the others share the rest alike, since
 * the layout's grid cannot cut a value apart. Over 8 files, d_year holding one year leaves the 8
 * cuts to s_region and c_region, about 2.8 each, not 2 x 2 with 2 spent on the year.
 */
final class AlikeCuts {
  private AlikeCuts() {
  }

  /** Cuts per column for {@code files} files; {@code riders[i]}: column i takes none; {@code distincts[i]}: its values. */
  static double[] of(boolean[] riders, double[] distincts, int files) {
    double[] out = new double[riders.length];
    boolean[] open = new boolean[riders.length];
    int axes = 0;
    for (int i = 0; i < out.length; i++) {
      out[i] = 1;
      open[i] = !riders[i];
      axes += open[i] ? 1 : 0;
    }
    double left = files;
    for (boolean capped = true; capped && axes > 0; ) {
      capped = false;
      double share = Math.pow(left, 1.0 / axes);
      for (int i = 0; i < out.length; i++) {
        if (open[i] && distincts[i] < share) {
          out[i] = Math.max(1, distincts[i]);
          left /= out[i];
          open[i] = false;
          axes--;
          capped = true;
        }
      }
      for (int i = 0; i < out.length && !capped; i++) {
        out[i] = open[i] ? share : out[i];
      }
    }
    return out;
  }
}
