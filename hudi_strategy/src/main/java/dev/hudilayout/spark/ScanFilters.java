package dev.hudilayout.spark;

import dev.hudilayout.workload.ColumnFilter;
import dev.hudilayout.workload.Shape;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.BinaryComparison;
import org.apache.spark.sql.catalyst.expressions.Cast;
import org.apache.spark.sql.catalyst.expressions.EqualNullSafe;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InSet;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.StartsWith;
import scala.collection.JavaConverters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scan's data filters (Spark's pushed-down predicates) as one {@link ColumnFilter} per column
 * and shape. Bounds on one column join into one range: {@code a >= 1 AND a < 4} is the range
 * [1, 4). The {@code IS NOT NULL} tests Spark adds beside every comparison are left out.
 */
public final class ScanFilters {
  private ScanFilters() {
  }

  /** The column filters of {@code dataFilters}, in the order their columns first appear. */
  public static List<ColumnFilter> of(scala.collection.Seq<Expression> dataFilters) {
    Map<String, ColumnFilter> out = new LinkedHashMap<>();
    for (Expression e : JavaConverters.seqAsJavaList(dataFilters)) {
      add(e, out);
    }
    return new ArrayList<>(out.values());
  }

  private static void add(Expression e, Map<String, ColumnFilter> out) {
    if (e instanceof And) {
      add(((And) e).left(), out);
      add(((And) e).right(), out);
      return;
    }
    if (e instanceof IsNotNull) {
      return;
    }
    ColumnFilter f = filter(e);
    if (f == null) {
      for (Attribute a : JavaConverters.seqAsJavaList(e.references().toSeq())) {
        out.putIfAbsent(key(a.name(), Shape.OTHER), ColumnFilter.of(a.name(), Shape.OTHER, 0));
      }
      return;
    }
    out.merge(key(f.column, f.shape), f, (old, next) -> old.shape == Shape.RANGE ? old.and(next) : old);
  }

  private static String key(String column, Shape shape) {
    return column + "\u0000" + shape;
  }

  /** The filter one predicate makes, or null for a shape the log does not name. */
  private static ColumnFilter filter(Expression e) {
    if (e instanceof IsNull) {
      String column = column(((IsNull) e).child());
      return column == null ? null : ColumnFilter.of(column, Shape.NULL_TEST, 0);
    }
    if (e instanceof In) {
      In in = (In) e;
      String column = column(in.value());
      boolean literals = JavaConverters.seqAsJavaList(in.list()).stream().allMatch(v -> v instanceof Literal);
      return column == null || !literals ? null : ColumnFilter.of(column, Shape.IN, in.list().size());
    }
    if (e instanceof InSet) {
      String column = column(((InSet) e).child());
      return column == null ? null : ColumnFilter.of(column, Shape.IN, ((InSet) e).hset().size());
    }
    if (e instanceof StartsWith) {
      StartsWith s = (StartsWith) e;
      String column = column(s.left());
      return column == null || !(s.right() instanceof Literal) ? null
          : ColumnFilter.of(column, Shape.PREFIX, String.valueOf(((Literal) s.right()).value()).length());
    }
    return e instanceof BinaryComparison ? comparison((BinaryComparison) e) : null;
  }

  private static ColumnFilter comparison(BinaryComparison c) {
    boolean flipped = column(c.left()) == null;
    String column = column(flipped ? c.right() : c.left());
    Expression other = flipped ? c.left() : c.right();
    if (column == null || !(other instanceof Literal)) {
      return null;
    }
    if (c instanceof EqualTo || c instanceof EqualNullSafe) {
      return ColumnFilter.of(column, Shape.EQUALS, 1);
    }
    String bound = other.toString();
    boolean greater = c instanceof GreaterThan || c instanceof GreaterThanOrEqual;
    boolean less = c instanceof LessThan || c instanceof LessThanOrEqual;
    if (!greater && !less) {
      return null;
    }
    // col > v bounds below; v > col (flipped) bounds above
    return greater != flipped ? ColumnFilter.range(column, bound, null) : ColumnFilter.range(column, null, bound);
  }

  /** The column an expression reads, through casts; null when it is not one column. */
  private static String column(Expression e) {
    Expression x = e;
    while (x instanceof Cast) {
      x = ((Cast) x).child();
    }
    return x instanceof Attribute ? ((Attribute) x).name() : null;
  }
}
