package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.sample.SampleRow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

class RegionTreeTest {

  private static byte[] v(int x) {
    return ByteBuffer.allocate(4).putInt(x).array();
  }

  private static byte[][] row(int a, int b) {
    return new byte[][] {v(a), v(b)};
  }

  /** Rows spread evenly over [0, 1000) x [0, 1000): a grid of them cuts each column at its quantiles. */
  private static List<SampleRow> grid(int fromA, int toA, int fromB, int toB) {
    List<SampleRow> rows = new ArrayList<>();
    for (int a = fromA; a < toA; a += 10) {
      for (int b = fromB; b < toB; b += 10) {
        rows.add(new SampleRow("k", null, row(a, b)));
      }
    }
    return rows;
  }

  /** Root: a cut in two at 500 (2 x 1); its upper cell cut at 500 on b (1 x 2). */
  private static RegionTree split() {
    AlignedCells root = AlignedCells.fromSample(grid(0, 1000, 0, 1000), new int[] {2, 1}, Curve.ZORDER);
    RegionTree tree = RegionTree.of(root);
    String upper = tree.path((int) tree.cellOrder(row(900, 0)));
    AlignedCells inner = AlignedCells.fromSample(grid(500, 1000, 0, 1000), new int[] {1, 2}, Curve.ZORDER);
    return tree.split(upper, inner);
  }

  @Test
  void regionsAreNumberedDepthFirstInCurveOrderAndRowsFindTheirs() {
    RegionTree root = RegionTree.of(AlignedCells.fromSample(grid(0, 1000, 0, 1000), new int[] {2, 1},
        Curve.ZORDER));
    assertEquals(2, root.regions());
    RegionTree tree = split();
    assertEquals(3, tree.regions());
    // z-order numbers the root's cells 0 (a low) and 2 (a high); the high one's cells 0 (b low), 1
    assertEquals(List.of("0", "2.0", "2.1"), List.of(tree.path(0), tree.path(1), tree.path(2)));
    assertEquals(0, tree.cellOrder(row(100, 999)));
    assertEquals(1, tree.cellOrder(row(700, 100)));
    assertEquals(2, tree.cellOrder(row(700, 900)));
    assertEquals(1, tree.depth(0));
    assertEquals(2, tree.depth(2));
    assertEquals(2, tree.orderBits());
    assertEquals(-1, tree.number("2"), "a split cell is no longer a region");
    assertEquals(2, tree.number("2.1"));
  }

  @Test
  void aFileLiesInARegionOnlyIfItsBoxDoesThroughEveryLevel() {
    RegionTree tree = split();
    assertEquals(0, tree.regionOfBox(row(0, 0), row(400, 999)));
    assertEquals(2, tree.regionOfBox(row(600, 600), row(999, 999)));
    assertEquals(-1, tree.regionOfBox(row(600, 100), row(999, 999)), "spans the split cell's two regions");
    assertEquals(-1, tree.regionOfBox(row(100, 100), row(700, 200)), "spans two root cells");
    assertEquals(-1, tree.regionOfBox(new byte[][] {null, v(1)}, row(5, 5)), "a bound unknown");
  }

  @Test
  void aRegionsBoxIsTheCellsAlongItsPathIntersected() {
    RegionTree tree = split();
    Box low = tree.box(0);
    assertNull(low.lower(0));
    assertEquals(500, ByteBuffer.wrap(low.upper(0)).getInt());
    assertNull(low.lower(1));
    assertNull(low.upper(1));
    Box upper = tree.box(2);
    assertEquals(500, ByteBuffer.wrap(upper.lower(0)).getInt());
    assertNull(upper.upper(0));
    assertEquals(500, ByteBuffer.wrap(upper.lower(1)).getInt());
    assertNull(upper.upper(1));
  }

  @Test
  void aTreeReadsBackAsWrittenAndAGridAloneIsATreeOfOneGrid() {
    RegionTree tree = split();
    String text = tree.serialize();
    assertTrue(text.endsWith("|2=" + tree.splits().get("2").serialize()), text);
    RegionTree back = RegionTree.parse(text);
    assertEquals(text, back.serialize());
    assertEquals(3, back.regions());
    Random random = new Random(1);
    for (int i = 0; i < 200; i++) {
      byte[][] r = row(random.nextInt(1000), random.nextInt(1000));
      assertEquals(tree.cellOrder(r), back.cellOrder(r));
    }
    String grid = tree.root().serialize();
    assertEquals(2, RegionTree.parse(grid).regions());
    assertEquals(grid, RegionTree.parse(grid).serialize());
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> RegionTree.parse(grid + "|7"));
    assertTrue(bad.getMessage().contains("is not path=grid"), bad.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> RegionTree.parse(grid + "|9=" + grid));
    assertTrue(none.getMessage().contains("cannot split '9': not a region"), none.getMessage());
  }

  @Test
  void treesGrownApartJoinTheirSplitsButNotTwoGridsForOneCell() {
    RegionTree tree = RegionTree.of(AlignedCells.fromSample(grid(0, 1000, 0, 1000), new int[] {2, 1},
        Curve.ZORDER));
    AlignedCells lowInner = AlignedCells.fromSample(grid(0, 500, 0, 1000), new int[] {1, 2}, Curve.ZORDER);
    AlignedCells highInner = AlignedCells.fromSample(grid(500, 1000, 0, 1000), new int[] {1, 2}, Curve.ZORDER);
    RegionTree a = tree.split("0", lowInner);
    RegionTree b = tree.split("2", highInner);
    RegionTree both = a.with(b);
    assertEquals(4, both.regions());
    assertEquals(Arrays.asList("0.0", "0.1", "2.0", "2.1"),
        Arrays.asList(both.path(0), both.path(1), both.path(2), both.path(3)));
    assertEquals(both.serialize(), b.with(a).serialize());
    RegionTree other = tree.split("0", AlignedCells.fromSample(grid(0, 500, 0, 1000), new int[] {2, 1},
        Curve.ZORDER));
    assertEquals(Arrays.asList("0", "2"), Arrays.asList(tree.path(0), tree.path(1)));
    assertThrows(IllegalArgumentException.class, () -> a.with(other));
  }
}
