package dev.hudilayout.layout.grid;

import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;
import dev.hudilayout.layout.PointQueries;
import dev.hudilayout.layout.mapping.CurveSpace;
import dev.hudilayout.layout.placement.GridPlacement;
import dev.hudilayout.layout.placement.Placement;
import dev.hudilayout.layout.sample.SampleRow;

import dev.hudilayout.curve.Curve;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The continuous layout's grid: recorded as text and read back to the same cells, a file's box
 * placed in one cell or none, and new rows cut so that every file lies inside one cell.
 */
class GridRecordTest {
  private static final LayoutSpec SPEC =
      LayoutSpec.builder(Arrays.asList("a", "b", "c")).curve(Curve.HILBERT).mapping(Mapping.SAMPLE).build();

  private static AlignedCells grid(List<SampleRow> sample) {
    return AlignedCells.fromSample(sample, new int[] {4, 4, 4}, Curve.HILBERT);
  }

  @Test
  void aRecordedGridReadsBackToTheSameCells() {
    List<SampleRow> sample = PointQueries.uniform(5_000, 3, 1);
    AlignedCells cells = grid(sample);
    AlignedCells back = AlignedCells.parse(cells.serialize());
    assertEquals(cells.serialize(), back.serialize());
    for (SampleRow row : PointQueries.uniform(2_000, 3, 2)) {
      assertEquals(cells.cellOrder(row.values), back.cellOrder(row.values));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AlignedCells.parse("hilbert;4,4;zz"));
    assertTrue(e.getMessage().contains("cannot read a recorded grid 'hilbert;4,4;zz'"), e.getMessage());
  }

  @Test
  void aBoxInsideOneCellIsThatCellAndASpanningBoxIsNone() {
    List<SampleRow> rows = PointQueries.uniform(5_000, 3, 3);
    AlignedCells cells = grid(rows);
    for (SampleRow row : rows.subList(0, 200)) {
      assertEquals(cells.cellOrder(row.values), cells.cellOfBox(row.values, row.values));
    }
    // the whole sample's box spans every cell
    byte[][] min = new byte[3][];
    byte[][] max = new byte[3][];
    for (SampleRow row : rows) {
      for (int c = 0; c < 3; c++) {
        min[c] = min[c] == null || Arrays.compareUnsigned(row.values[c], min[c]) < 0 ? row.values[c] : min[c];
        max[c] = max[c] == null || Arrays.compareUnsigned(row.values[c], max[c]) > 0 ? row.values[c] : max[c];
      }
    }
    assertEquals(-1, cells.cellOfBox(min, max));
    assertEquals(-1, cells.cellOfBox(new byte[][] {null, max[1], max[2]}, max));
  }

  @Test
  void newRowsOnTheGridGiveEveryFileOneCellWhateverTheFileCount() {
    List<SampleRow> first = PointQueries.uniform(20_000, 3, 4);
    CurveSpace space = CurveSpace.build(SPEC, first, null, null);
    AlignedCells cells = grid(first);
    List<SampleRow> next = PointQueries.uniform(8_000, 3, 5);
    for (int files : new int[] {8, 64, 256}) {
      Placement model = GridPlacement.onCells(space, next, files, 0.25, cells, null);
      // fewer files asked than cells: each cell with rows still gets one of its own
      assertTrue(model.files() >= Math.max(files, 64) - 1, files + " -> " + model.files());
      Map<Integer, List<SampleRow>> placed = new PointQueries(model, PointQueries.uniform(40_000, 3, 6)).files;
      for (Map.Entry<Integer, List<SampleRow>> f : placed.entrySet()) {
        Set<Long> inCells = new HashSet<>();
        for (SampleRow row : f.getValue()) {
          inCells.add(cells.cellOrder(row.values));
        }
        assertEquals(1, inCells.size(), "file " + f.getKey() + " of " + files + " spans cells " + inCells);
      }
    }
  }
}
