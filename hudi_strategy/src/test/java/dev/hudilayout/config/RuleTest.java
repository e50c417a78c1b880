package dev.hudilayout.config;

import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Each declared rule at its boundaries: the values just inside are read, the ones just outside
 * (and text that is no value at all) raise the one invalid-value error, whose message is
 * {@code Invalid value for <key>: '<value>'. Accepted: <the rule's text>}.
 */
class RuleTest {

  private static String refused(DeclaredOption<?> option, String raw) {
    Properties p = new Properties();
    p.setProperty(option.key(), raw);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(option, p), raw);
    assertEquals("Invalid value for " + option.key() + ": '" + raw + "'. Accepted: " + option.rule().accepted(),
        e.getMessage());
    return e.getMessage();
  }

  private static Object accepted(DeclaredOption<?> option, String raw) {
    Properties p = new Properties();
    p.setProperty(option.key(), raw);
    return read(option, p);
  }

  private static Object read(DeclaredOption<?> option, Properties p) {
    switch (option.rule().kind()) {
      case INT:
        return option.readInt(p);
      case LONG:
        return option.readLong(p);
      case DOUBLE:
        return option.readDouble(p);
      case BOOLEAN:
        return option.readBoolean(p);
      case CHOICE:
        return option.readChoice(p);
      default:
        throw new IllegalArgumentException("a list is read against the sort columns: " + option.key());
    }
  }

  @Test
  void theOneErrorNamesKeyValueAndAcceptedText() {
    assertEquals("Invalid value for k: 'v' has 2 numbers. Accepted: x",
        Rule.invalid("k", "v", " has 2 numbers", "x").getMessage());
    assertEquals("a whole number from 0 to 63", LayoutOptions.BITS_PER_COLUMN.rule().accepted());
    assertEquals("one of linear, z-order (or zorder), hilbert", HudiOptions.CURVE.rule().accepted());
  }

  @Test
  void wholeNumbersAtTheirBounds() {
    assertEquals(0, accepted(LayoutOptions.BITS_PER_COLUMN, "0"));
    assertEquals(63, accepted(LayoutOptions.BITS_PER_COLUMN, " 63 "));
    refused(LayoutOptions.BITS_PER_COLUMN, "-1");
    refused(LayoutOptions.BITS_PER_COLUMN, "64");
    refused(LayoutOptions.BITS_PER_COLUMN, "1.5");
    assertEquals(1, accepted(HudiOptions.SAMPLE_SIZE, "1"));
    assertEquals(Integer.MAX_VALUE, accepted(HudiOptions.SAMPLE_SIZE, "2147483647"));
    refused(HudiOptions.SAMPLE_SIZE, "0");
    refused(HudiOptions.SAMPLE_SIZE, "2147483648");
    refused(HudiOptions.SAMPLE_SIZE, "lots");
    assertEquals(Long.MIN_VALUE, accepted(LayoutOptions.SAMPLE_SEED, "-9223372036854775808"));
    assertEquals(Long.MAX_VALUE, accepted(LayoutOptions.SAMPLE_SEED, "9223372036854775807"));
    refused(LayoutOptions.SAMPLE_SEED, "9223372036854775808");
    refused(LayoutOptions.SAMPLE_SEED, "abc");
  }

  @Test
  void numbersAtTheirBoundsAndNeverInfiniteOrNaN() {
    assertEquals(1.0, accepted(LayoutOptions.WRITER_SIZE_FACTOR, "1.0"));
    refused(LayoutOptions.WRITER_SIZE_FACTOR, String.valueOf(Math.nextDown(1.0)));
    refused(LayoutOptions.WRITER_SIZE_FACTOR, "Infinity");
    refused(LayoutOptions.WRITER_SIZE_FACTOR, "NaN");
    assertEquals(Double.MIN_VALUE, accepted(LayoutOptions.CONTINUOUS_MERGE_FRACTION, String.valueOf(Double.MIN_VALUE)));
    refused(LayoutOptions.CONTINUOUS_MERGE_FRACTION, "0");
    refused(LayoutOptions.CONTINUOUS_MERGE_FRACTION, "-0.5");
    assertEquals(Math.nextDown(1.0), accepted(LayoutOptions.ALIGNED_TOLERANCE, String.valueOf(Math.nextDown(1.0))));
    assertEquals(Double.MIN_VALUE, accepted(LayoutOptions.ALIGNED_TOLERANCE, String.valueOf(Double.MIN_VALUE)));
    refused(LayoutOptions.ALIGNED_TOLERANCE, "0");
    refused(LayoutOptions.ALIGNED_TOLERANCE, "1");
    refused(LayoutOptions.ALIGNED_TOLERANCE, "quarter");
  }

  @Test
  void booleansAndChoicesInAnyCase() {
    assertEquals(true, accepted(LayoutOptions.ALIGNED, "TRUE"));
    assertEquals(false, accepted(LayoutOptions.ALIGNED, " false "));
    refused(LayoutOptions.ALIGNED, "yes");
    assertEquals("z-order", accepted(HudiOptions.CURVE, "ZOrder"));
    assertEquals("hilbert", accepted(HudiOptions.CURVE, " Hilbert"));
    assertEquals("linear", accepted(HudiOptions.CURVE, "LINEAR"));
    refused(HudiOptions.CURVE, "peano");
    assertEquals("sample", accepted(HudiOptions.MAPPING, "SAMPLE"));
    refused(HudiOptions.MAPPING, "guess");
  }

  @Test
  void unsetOptionsReadTheirDeclaredDefaults() {
    Properties none = new Properties();
    assertEquals(LayoutOptions.BITS_PER_COLUMN.defaultValue(), LayoutOptions.BITS_PER_COLUMN.readInt(none));
    assertEquals(LayoutOptions.SAMPLE_SEED.defaultValue(), LayoutOptions.SAMPLE_SEED.readLong(none));
    assertEquals(LayoutOptions.ALIGNED_TOLERANCE.defaultValue(), LayoutOptions.ALIGNED_TOLERANCE.readDouble(none));
    assertEquals("linear", HudiOptions.CURVE.readChoice(none));  // Hudi's default, "LINEAR"
  }
}
