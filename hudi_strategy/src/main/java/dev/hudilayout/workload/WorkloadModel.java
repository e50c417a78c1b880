package dev.hudilayout.workload;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The recorded queries of a table, reduced to what a layout changes: the share of a grid's files
 * each query reads.
 *
 * <p>A grid cuts N files k_c times along each sort column c (the product of the k_c is N). A
 * filter on c keeps a slab of the cuts: an equality one cut in k_c, an IN list of m values m cuts,
 * a range spanning a share w of the column's values w k_c cuts plus the one it starts in. So the
 * filter reads a share min(1, w + m / k_c) of the files (w = 0 for an equality, m = 1 for a
 * range), and a query reads the product of its filters' shares over the sort columns. A column a
 * query does not filter, or filters in a way no cut narrows (a null test, one side of an OR),
 * leaves its share at 1. A scan that read no file ({@link ScanEntry#foundNothing}) reads none on
 * any grid, unless it filters a column the table grows along ({@link Widths#grows}): it asked for
 * rows yet to come.
 *
 * <p>A column with v distinct values cannot split a value over cuts: past v cuts, an equality
 * still reads a value's share of the rows, about 1/v. So a filter on c reads
 * min(1, w + m / min(k_c, v_c)); where v_c is unknown it is taken as unbounded. Example: s_region
 * has 5 values; cut 10 times, {@code s_region = 'ASIA'} still reads a fifth of the files, not a
 * tenth, and the cuts past 5 are better spent on another column.
 *
 * <p>Example: N = 100 files cut 10 x 10 over d_year and lo_discount. {@code d_year = 1993 AND
 * lo_discount BETWEEN 1 AND 3} (3 of 11 values: w = 0.27) reads 100 x 1/10 x (0.27 + 1/10) = 3.7
 * files; cut 25 x 4, it reads 100 x 1/25 x (0.27 + 1/4) = 2.1 files. Wide ranges earn a column
 * fewer cuts.
 */
public final class WorkloadModel {
  /** The queries alike in what they filter, how often they came, and their filters by column. */
  static final class Query {
    final Map<String, Slab> slabs;
    double count;

    Query(Map<String, Slab> slabs) {
      this.slabs = slabs;
    }
  }

  /**
   * What the model knows of a column's values: a range's width, the share of the column's values
   * from {@code lower} to {@code upper} (either may be null), and how many distinct values it has.
   */
  public interface Widths {
    /** NaN when the column's values or the bounds cannot be placed. */
    double of(String column, String lower, String upper);

    /** The column's distinct values; infinite when unknown. */
    default double distinct(String column) {
      return Double.POSITIVE_INFINITY;
    }

    /** Whether the table grows along the column: its new rows come past its values ({@link Arrival}). */
    default boolean grows(String column) {
      return false;
    }

    /** How the {@code finer} column's values lie among the {@code coarse} column's; null when unknown. */
    default Dependence.Spread spread(String finer, String coarse) {
      return null;
    }
  }

  /** The columns some query filters itself (not through a column that determines it). */
  private final Set<String> direct;
  private final List<Query> queries;
  private final double scans;
  private final Map<String, Double> distinct;
  private final Map<String, Set<String>> determines;

  /** The sort columns the table grows along ({@link Widths#grows}). */
  private final Set<String> growing;

  private WorkloadModel(List<Query> queries, double scans, Map<String, Double> distinct,
                        Map<String, Set<String>> determines, Set<String> direct, Set<String> growing) {
    this.direct = direct;
    this.growing = growing;
    this.queries = queries;
    this.scans = scans;
    this.distinct = distinct;
    this.determines = determines;
  }

  /**
   * The model of {@code entries}, keeping the filters on {@code columns} (the table's columns a
   * layout can sort by); a range whose width {@code widths} cannot tell is left out.
   */
  public static WorkloadModel of(List<ScanEntry> entries, List<String> columns, Widths widths) {
    return of(entries, columns, widths, Map.of());
  }

  /**
   * The same, where a filter on a column also narrows the columns it {@code determines}
   * ({@link Dependence}): an equality or IN list of m values on X reads the files of at most m c
   * values of a Y that X determines, c the Y values whose X values span one X value
   * ({@link Dependence.Spread#cover}; unknown: 1). It keeps about m v_Y / v_X values of a finer Y
   * that determines X (v: distinct values). Those values form about m r runs in Y's order
   * ({@link Dependence.Spread#runs}; unknown: one a value), and
   * a layout cut along Y reads each run as a range: a width of (m v_Y / v_X - m r) / v_Y past the
   * m r cuts the runs start in. Examples: {@code s_city = 'GERMANY  2'} on a layout cut along
   * s_region reads the files of the regions whose cities span it; {@code s_nation = 'GERMANY'} on a layout cut 16 times
   * along s_city (250 cities, 10 a nation, one run) reads 9/250 + 1/16 of the files, not 10/16.
   */
  public static WorkloadModel of(List<ScanEntry> entries, List<String> columns, Widths widths,
                                 Map<String, Set<String>> determines) {
    Map<String, Query> alike = new LinkedHashMap<>();
    Set<String> direct = new HashSet<>();
    for (ScanEntry entry : entries) {
      if (entry.foundNothing() && entry.filters.stream().noneMatch(filter -> widths.grows(filter.column))) {
        continue;  // counted among the scans, it reads no file under any layout
      }
      Map<String, Slab> slabs = new LinkedHashMap<>();
      for (ColumnFilter filter : entry.filters) {
        Slab slab = columns.contains(filter.column) ? slab(filter, widths) : null;
        if (slab != null) {
          slabs.merge(filter.column, slab, WorkloadModel::narrower);
          direct.add(filter.column);
        }
      }
      implied(slabs, columns, widths, determines).forEach((column, slab) -> slabs.merge(column, slab,
          WorkloadModel::narrower));
      StringBuilder key = new StringBuilder();
      for (String column : new TreeSet<>(slabs.keySet())) {
        Slab s = slabs.get(column);
        key.append(column).append('=').append(s.width).append('/').append(s.points).append(';');
      }
      alike.computeIfAbsent(key.toString(), k -> new Query(slabs)).count++;
    }
    Map<String, Double> distinct = new LinkedHashMap<>();
    columns.forEach(column -> distinct.put(column, Math.max(1, widths.distinct(column))));
    return new WorkloadModel(new ArrayList<>(alike.values()), entries.size(), distinct, Map.copyOf(determines),
        Set.copyOf(direct), columns.stream().filter(widths::grows).collect(Collectors.toSet()));
  }

  /** Of two filters' slabs on one column, the one that reads fewer files: the narrower range, then fewer values. */
  private static Slab narrower(Slab a, Slab b) {
    return a.width < b.width || a.width == b.width && a.points <= b.points ? a : b;
  }

  /** The slabs the value filters in {@code slabs} put on the columns their columns determine, or are determined by. */
  private static Map<String, Slab> implied(Map<String, Slab> slabs, List<String> columns, Widths widths,
                                           Map<String, Set<String>> determines) {
    Map<String, Slab> out = new LinkedHashMap<>();
    slabs.forEach((filtered, slab) -> {
      if (slab.width > 0) {
        rangeOnFiner(filtered, slab, columns, widths, determines, out);
        return;
      }
      for (String coarser : determines.getOrDefault(filtered, Set.of())) {
        if (columns.contains(coarser)) {
          Dependence.Spread spread = widths.spread(filtered, coarser);
          double cover = spread == null ? 1 : Math.max(1, spread.cover);
          out.merge(coarser, new Slab(0, union(slab.points, cover, widths.distinct(coarser))), WorkloadModel::narrower);
        }
      }
      determines.forEach((finer, coarse) -> {
        double ratio = widths.distinct(finer) / widths.distinct(filtered);
        if (coarse.contains(filtered) && columns.contains(finer) && ratio >= 1 && ratio < Double.POSITIVE_INFINITY) {
          Dependence.Spread spread = widths.spread(finer, filtered);
          out.merge(finer, runs(slab.points, ratio, spread == null ? Double.NaN : spread.runs, widths.distinct(finer),
              filtered), WorkloadModel::narrower);
        }
      });
    });
    return out;
  }

  /**
   * Adds to {@code out} the slabs a range on {@code filtered} puts on the coarser columns it determines:
   * the Y values whose X span holds its start ({@code cover}), plus a share {@code width} of them
   * starting inside it. A week of order dates on a layout cut by year reads 1 + 7 / 365 years.
   */
  private static void rangeOnFiner(String filtered, Slab slab, List<String> columns, Widths widths,
                                   Map<String, Set<String>> determines, Map<String, Slab> out) {
    for (String coarser : determines.getOrDefault(filtered, Set.of())) {
      Dependence.Spread spread = widths.spread(filtered, coarser);
      double distinct = widths.distinct(coarser);
      if (columns.contains(coarser) && spread != null && distinct < Double.POSITIVE_INFINITY) {
        out.merge(coarser, new Slab(0, Math.min(distinct, Math.max(1, spread.cover) + slab.width * distinct)),
            WorkloadModel::narrower);
      }
    }
  }

  /**
   * The slab of {@code points} values of a coarse column on a finer one with {@code ratio} values
   * to each of them, in {@code runs} runs each (NaN: unknown), of {@code distinct} values in all.
   */
  private static Slab runs(double points, double ratio, double runs, double distinct, String from) {
    double values = points * ratio;
    double stretches = Double.isNaN(runs) ? values : Math.max(1, Math.min(values, points * runs));
    return new Slab(Math.max(0, (values - stretches) / distinct), stretches, from);
  }

  /**
   * The values of a column of {@code distinct} values that {@code points} values of a finer one
   * reach, each {@code cover} of them, drawn apart: 2 cities each in the spans of 2.5 of 5 regions
   * reach 5 (1 - (1 - 2.5 / 5)^2) = 3.75 regions.
   */
  private static double union(double points, double cover, double distinct) {
    if (points <= 1 || !(distinct < Double.POSITIVE_INFINITY)) {
      return Math.min(points * cover, distinct);
    }
    return distinct * (1 - Math.pow(1 - Math.min(1, cover / distinct), points));
  }

  private static Slab slab(ColumnFilter filter, Widths widths) {
    switch (filter.shape) {
      case EQUALS:
      case PREFIX:
        return new Slab(0, 1);
      case IN:
        return new Slab(0, Math.max(1, filter.count));
      case RANGE:
        double width = widths.of(filter.column, filter.lower, filter.upper);
        return Double.isNaN(width) ? null : new Slab(Math.max(0, Math.min(1, width)), 1);
      default:
        return null;
    }
  }

  /** Scans the model was made from. */
  public double scans() {
    return scans;
  }

  /** The columns some query filters in a way cuts narrow, most often filtered first. */
  public List<String> filtered() {
    Map<String, Double> counts = new LinkedHashMap<>();
    for (Query query : queries) {
      for (String column : query.slabs.keySet()) {
        counts.merge(column, query.count, Double::sum);
      }
    }
    List<String> out = new ArrayList<>(counts.keySet());
    out.sort((a, b) -> Double.compare(counts.get(b), counts.get(a)));
    return out;
  }

  /**
   * The share of the files the average recorded query reads, for a grid with {@code cuts[i]} cuts
   * along {@code columns[i]} (1 over a table with no scans).
   */
  public double filesRead(List<String> columns, double[] cuts) {
    return on(columns).filesRead(cuts);
  }

  /** {@link #filesRead} for one set of {@code columns}, its slabs looked up once, for many cuts. */
  public Grid on(List<String> columns) {
    return new Grid(columns);
  }

  /**
   * The model's queries on one set of sort columns: per query kind, its slab on each column (or
   * none). A column another of the set determines rides on that column's axis ({@link #rides}): the
   * layout cuts it not at all, and puts the axis's cuts on its values' bounds, so its filters read
   * aligned runs of the axis ({@link Slab#alignedShare}).
   */
  public final class Grid {
    private final Slab[][] slabs;
    private final double[] distincts;
    /** Per column, how many times its cuts grow with the table: {@link Arrival#GROWTH} along a column it grows along. */
    private final double[] growth;
    private final boolean[] riders;
    private final boolean[][] aligned;

    private Grid(List<String> columns) {
      slabs = new Slab[queries.size()][columns.size()];
      distincts = new double[columns.size()];
      growth = new double[columns.size()];
      riders = new boolean[columns.size()];
      aligned = new boolean[queries.size()][columns.size()];
      for (int i = 0; i < columns.size(); i++) {
        distincts[i] = distinct.getOrDefault(columns.get(i), Double.POSITIVE_INFINITY);
        growth[i] = growing.contains(columns.get(i)) ? Arrival.GROWTH : 1;
        riders[i] = WorkloadModel.this.rides(columns, i);
        for (int q = 0; q < queries.size(); q++) {
          slabs[q][i] = riders[i] ? null : queries.get(q).slabs.get(columns.get(i));
          aligned[q][i] = slabs[q][i] != null && slabs[q][i].from != null && columns.contains(slabs[q][i].from);
        }
      }
    }

    /** Whether column i rides on another's axis: it is cut not at all. */
    public boolean rides(int i) {
      return riders[i];
    }

    /** Cuts alike on the columns that take cuts, as many as {@code files} in all ({@link AlikeCuts}). */
    public double[] alike(int files) {
      return AlikeCuts.of(riders, distincts, files);
    }

    /** The share of the files the average recorded query reads with {@code cuts[i]} cuts on column i. */
    public double filesRead(double[] cuts) {
      if (scans == 0) {
        return 1;
      }
      double sum = 0;
      for (int q = 0; q < slabs.length; q++) {
        double share = 1;
        for (int i = 0; i < distincts.length; i++) {
          Slab slab = slabs[q][i];
          if (slab != null) {
            double k = cuts[i] * growth[i];
            share *= aligned[q][i] ? slab.alignedShare(k, distincts[i]) : slab.share(k, distincts[i]);
          }
        }
        sum += queries.get(q).count * share;
      }
      return sum / scans;
    }
  }

  /**
   * Whether {@code columns[i]} rides on another of {@code columns}: one that determines it with at
   * least as many values (of two that determine each other, the later rides on the earlier).
   */
  boolean rides(List<String> columns, int i) {
    String column = columns.get(i);
    for (int j = 0; j < columns.size(); j++) {
      String other = columns.get(j);
      if (j != i && determines.getOrDefault(other, Set.of()).contains(column)
          && (!determines.getOrDefault(column, Set.of()).contains(other) || j < i)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code axes} and then the columns queries filter (themselves, not through another) that one of
   * them determines, which ride on its axis: with s_city taken, a filtered s_nation and s_region
   * come along, cut not at all.
   */
  public List<String> withRiders(List<String> axes) {
    List<String> out = new ArrayList<>(axes);
    for (String column : filtered()) {
      if (!out.contains(column) && direct.contains(column)
          && axes.stream().anyMatch(axis -> determines.getOrDefault(axis, Set.of()).contains(column))) {
        out.add(column);
      }
    }
    return out;
  }

  /**
   * Whether one of {@code a} and {@code b} determines the other ({@link Dependence}): a layout
   * sorts such columns along one axis, so they share its cuts.
   */
  public boolean related(String a, String b) {
    return determines.getOrDefault(a, Set.of()).contains(b) || determines.getOrDefault(b, Set.of()).contains(a);
  }

  /** The distinct values of a filtered {@code column}, as the model takes them (infinite: unknown). */
  public double distinct(String column) {
    return distinct.getOrDefault(column, Double.POSITIVE_INFINITY);
  }

  @Override
  public String toString() {
    return "WorkloadModel(" + scans + " scans, " + queries.size() + " kinds, columns " + Objects.toString(filtered())
        + ")";
  }
}
