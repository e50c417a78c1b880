package dev.hudilayout.hudi;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A recorded range's bound on a column whose index holds numbers: numbers, or dates and timestamps as counts. */
class RecordedWorkloadTest {
  @Test
  void aBoundIsANumberOrADateAsDaysOrATimestampAsMicroseconds() {
    assertEquals(3.0, RecordedWorkload.numberOrDate(" 3 "));
    assertEquals(2.5, RecordedWorkload.numberOrDate("2.5"));
    assertEquals(LocalDate.of(1994, 3, 1).toEpochDay(), RecordedWorkload.numberOrDate("1994-03-01"));
    assertEquals(86_400e6 + 1.5e6, RecordedWorkload.numberOrDate("1970-01-02 00:00:01.5"));
    assertThrows(RuntimeException.class, () -> RecordedWorkload.numberOrDate("MFGR#12"));
  }
}
