package dev.hudilayout.spark;

import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.plans.physical.HashPartitioning;
import org.apache.spark.sql.types.DataTypes;

import java.util.Arrays;
import java.util.Collections;

import scala.collection.JavaConverters;

/**
 * For n partitions, one int per partition p whose Spark hash partitioning lands in p, so that
 * {@code repartition(n, col(token))} sends each row exactly where the layout put it while the
 * shuffle stays Spark SQL's own (compact rows, no sampling pass of a range partitioner).
 *
 * <p>The table is found by asking Spark's own {@code HashPartitioning(token, n)} expression for
 * the partition of 0, 1, 2, ... until every partition has a token (about n ln n tries: ~7,000 for
 * n = 1000), so it agrees with whatever hash this Spark version uses.
 */
public final class PartitionTokens {
  private PartitionTokens() {
  }

  public static int[] forPartitions(int n) {
    Expression partitionId = new HashPartitioning(
        JavaConverters.asScalaBuffer(Collections.<Expression>singletonList(
            new BoundReference(0, DataTypes.IntegerType, false))).toSeq(), n).partitionIdExpression();
    int[] tokens = new int[n];
    Arrays.fill(tokens, -1);
    int found = 0;
    GenericInternalRow row = new GenericInternalRow(1);
    for (int t = 0; found < n; t++) {
      row.update(0, t);
      int p = (Integer) partitionId.eval(row);
      if (tokens[p] < 0) {
        tokens[p] = t;
        found++;
      }
      if (t == Integer.MAX_VALUE) {
        throw new IllegalStateException("no hash token found for some of " + n + " partitions");
      }
    }
    return tokens;
  }

  /** Bits the largest token needs. */
  public static int bits(int[] tokens) {
    int max = 0;
    for (int t : tokens) {
      max = Math.max(max, t);
    }
    return 32 - Integer.numberOfLeadingZeros(max);
  }
}
