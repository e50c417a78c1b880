package dev.hudilayout.hudi;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A recorded range's bound on a column whose index holds numbers: numbers, or dates and timestamps as counts. */
class RangePlacesTest {
  @Test
  void aBoundIsANumberOrADateAsDaysOrATimestampAsMicroseconds() {
    assertEquals(3.0, RangePlaces.numberOrDate(" 3 "));
    assertEquals(2.5, RangePlaces.numberOrDate("2.5"));
    assertEquals(LocalDate.of(1994, 3, 1).toEpochDay(), RangePlaces.numberOrDate("1994-03-01"));
    assertEquals(86_400e6 + 1.5e6, RangePlaces.numberOrDate("1970-01-02 00:00:01.5"));
    assertThrows(RuntimeException.class, () -> RangePlaces.numberOrDate("MFGR#12"));
  }
}
