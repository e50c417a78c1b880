package dev.hudilayout.layout.grid;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stage "grid" for a layout that grows with its table: a tree of regions. The root is the grid a
 * partition's first layout drew ({@link AlignedCells}); a cell of any grid in the tree may hold a
 * grid of its own, drawn from that cell's rows when the cell was laid out again after outgrowing
 * its share of the partition (a split), whose cells then take its place. The cells without a grid
 * of their own are the regions, the tree's leaves: boxes that never overlap and together cover the
 * value space, so the layout refines where the rows are (a drifting timestamp splits the regions
 * at its edge, again and again) instead of keeping the cells its first, small clustering drew.
 *
 * <p>A region is named by its path, the cell orders from the root down joined by '.': "5" is cell
 * 5 of the root grid, "5.2" cell 2 of the grid drawn in it. Regions are numbered in curve order,
 * depth first (a cell's regions together, where the cell stood), and that number is a row's
 * {@link #cellOrder}. Example: a root of 2 x 1 cells (orders 0, 1) whose cell 1 split into 1 x 2
 * cells (0, 1) has regions "0", "1.0", "1.1", numbered 0, 1, 2.
 *
 * <p>Recorded as one line ({@link #serialize}): the root grid, then per split "|path=grid",
 * parents first; a line without '|' is a tree of the root alone (a grid recorded before trees).
 */
public final class RegionTree implements Cells {
  private static final long serialVersionUID = 1L;

  /** One grid of the tree, and the grids drawn in its cells. */
  private static final class Node implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    final AlignedCells grid;
    final String path;
    final Map<Long, Node> children = new HashMap<>();
    /** Region number of each cell that is a region. */
    final Map<Long, Integer> regions = new HashMap<>();

    Node(AlignedCells grid, String path) {
      this.grid = grid;
      this.path = path;
    }

    String pathOf(long cell) {
      return path.isEmpty() ? Long.toString(cell) : path + "." + cell;
    }
  }

  private final Node root;
  /** Every split's grid, by the path of the cell it was drawn in. */
  private final Map<String, AlignedCells> splits;
  /** Region paths by region number. */
  private final List<String> paths = new ArrayList<>();
  private final Map<String, Integer> numbers = new HashMap<>();

  private RegionTree(AlignedCells root, Map<String, AlignedCells> splits) {
    this.splits = Collections.unmodifiableMap(new TreeMap<>(splits));
    this.root = build(root, "");
  }

  /** A tree of one grid: its cells are the regions. */
  public static RegionTree of(AlignedCells root) {
    return new RegionTree(root, Map.of());
  }

  private Node build(AlignedCells grid, String path) {
    Node node = new Node(grid, path);
    for (long cell : grid.cellOrders()) {
      String child = node.pathOf(cell);
      AlignedCells inner = splits.get(child);
      if (inner == null) {
        node.regions.put(cell, paths.size());
        numbers.put(child, paths.size());
        paths.add(child);
      } else {
        node.children.put(cell, build(inner, child));
      }
    }
    return node;
  }

  /** The root grid: the one the partition's first layout drew. */
  public AlignedCells root() {
    return root.grid;
  }

  /** The grids drawn in split cells, by the cell's path. */
  public Map<String, AlignedCells> splits() {
    return splits;
  }

  /** The number of regions (leaves). */
  public int regions() {
    return paths.size();
  }

  /** The path of region {@code number} ("5", "5.2", ...). */
  public String path(int number) {
    return paths.get(number);
  }

  /** The number of the region at {@code path}, or -1 if no region has that path (a split cell, or none). */
  public int number(String path) {
    return numbers.getOrDefault(path, -1);
  }

  /** The number of the region holding a row's encoded sort values. */
  @Override
  public long cellOrder(byte[][] encoded) {
    Node node = root;
    while (true) {
      long cell = node.grid.cellOrder(encoded);
      Node child = node.children.get(cell);
      if (child == null) {
        return node.regions.get(cell);
      }
      node = child;
    }
  }

  @Override
  public int orderBits() {
    return Math.max(1, 64 - Long.numberOfLeadingZeros(Math.max(1, paths.size() - 1)));
  }

  /**
   * The number of the region holding a box ({@code min[c]}, {@code max[c]}: the encoded bounds of
   * column c), or -1 when the box spans more than one region or a bound is unknown.
   */
  public int regionOfBox(byte[][] min, byte[][] max) {
    Node node = root;
    while (true) {
      long cell = node.grid.cellOfBox(min, max);
      if (cell < 0) {
        return -1;
      }
      Node child = node.children.get(cell);
      if (child == null) {
        return node.regions.get(cell);
      }
      node = child;
    }
  }

  /**
   * The box of region {@code number}: per column, the encoded value it starts at and the one it
   * ends before (null: an open end), the intersection of the cells along its path.
   */
  public Box box(int number) {
    String[] steps = paths.get(number).split("\\.");
    Box box = new Box(root.grid.buckets().length);
    Node node = root;
    for (String step : steps) {
      long cell = Long.parseLong(step);
      box.intersect(node.grid.cellBox(cell));
      node = node.children.get(cell);
    }
    return box;
  }

  /** The depth of region {@code number}: 1 for a cell of the root grid. */
  public int depth(int number) {
    return paths.get(number).split("\\.").length;
  }

  /**
   * This tree with region {@code path} split: its cell gets {@code grid}, whose cells become
   * regions in its place. IllegalArgumentException if {@code path} is not a region.
   */
  public RegionTree split(String path, AlignedCells grid) {
    if (number(path) < 0) {
      throw new IllegalArgumentException("hudi-layout: cannot split '" + path + "': not a region of the tree "
          + "(regions: " + String.join(", ", paths.subList(0, Math.min(paths.size(), 20)))
          + (paths.size() > 20 ? ", ..." : "") + ")");
    }
    Map<String, AlignedCells> more = new TreeMap<>(splits);
    more.put(path, grid);
    return new RegionTree(root.grid, more);
  }

  /**
   * This tree with the splits of {@code other} too: trees that grew from the same tree in separate
   * clustering groups, each splitting its own regions. IllegalArgumentException if their roots
   * differ or they split one cell differently.
   */
  public RegionTree with(RegionTree other) {
    if (!root.grid.serialize().equals(other.root.grid.serialize())) {
      throw new IllegalArgumentException("hudi-layout: cannot join region trees of different root grids");
    }
    Map<String, AlignedCells> more = new TreeMap<>(splits);
    for (Map.Entry<String, AlignedCells> split : other.splits.entrySet()) {
      AlignedCells mine = more.putIfAbsent(split.getKey(), split.getValue());
      if (mine != null && !mine.serialize().equals(split.getValue().serialize())) {
        throw new IllegalArgumentException("hudi-layout: two grids for the split cell '" + split.getKey() + "'");
      }
    }
    return new RegionTree(root.grid, more);
  }

  /** The tree as one line, read back by {@link #parse}: the root grid, then "|path=grid" per split. */
  public String serialize() {
    StringBuilder text = new StringBuilder(root.grid.serialize());
    List<String> order = new ArrayList<>(splits.keySet());
    order.sort((a, b) -> a.split("\\.").length != b.split("\\.").length
        ? Integer.compare(a.split("\\.").length, b.split("\\.").length) : a.compareTo(b));
    for (String path : order) {
      text.append('|').append(path).append('=').append(splits.get(path).serialize());
    }
    return text.toString();
  }

  /** The tree {@link #serialize} wrote (or a grid alone); IllegalArgumentException naming what is wrong. */
  public static RegionTree parse(String text) {
    String[] parts = text == null ? new String[] {null} : text.split("\\|", -1);
    RegionTree tree = of(AlignedCells.parse(parts[0]));
    for (int i = 1; i < parts.length; i++) {
      int equals = parts[i].indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("hudi-layout: cannot read a recorded region tree: split "
            + i + " is not path=grid: '" + parts[i].substring(0, Math.min(40, parts[i].length())) + "'");
      }
      tree = tree.split(parts[i].substring(0, equals), AlignedCells.parse(parts[i].substring(equals + 1)));
    }
    return tree;
  }
}
