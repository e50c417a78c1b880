package dev.hudilayout.config;

import dev.hudilayout.curve.Curve;
import dev.hudilayout.layout.LayoutMetadata;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.layout.Mapping;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LayoutSpecParserTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String error(Map<String, String> params, Properties p) {
    return assertThrows(IllegalArgumentException.class, () -> LayoutSpecParser.parse(params, p)).getMessage();
  }

  @Test
  void aSpecWithNothingSetIsWhatTheDeclaredDefaultsParseTo() {
    LayoutSpec parsed = LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b"));
    LayoutSpec built = LayoutSpec.builder(Arrays.asList("a", "b")).build();
    assertEquals(built.toString(), parsed.toString());
    assertEquals(built.seed(), parsed.seed());
    assertEquals(built.alignedTolerance(), parsed.alignedTolerance());
    assertEquals(LayoutSpec.DEFAULT_CURVE, Curve.parse(HudiOptions.CURVE.key(), HudiOptions.CURVE.defaultValue()));
    assertEquals(LayoutSpec.DEFAULT_MAPPING, Mapping.parse(HudiOptions.MAPPING.key(), HudiOptions.MAPPING.defaultValue()));
    assertEquals(LayoutSpec.SORT_COLUMNS_KEY, HudiOptions.SORT_COLUMNS.key());
    assertEquals(LayoutSpec.DEFAULT_SAMPLE_SIZE, Integer.parseInt(HudiOptions.SAMPLE_SIZE.defaultValue()));
  }

  @Test
  void autoGoesWithTheContinuousPlanAndABadColumnCountIsNamed() {
    String plan = "dev.hudilayout.continuous.ContinuousPlanStrategy";
    assertTrue(LayoutSpecParser.auto(props(HudiOptions.SORT_COLUMNS.key(), "a,b",
        LayoutOptions.AUTO.key(), "true", "hoodie.clustering.plan.strategy.class", plan)));
    String message = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b",
        LayoutOptions.AUTO.key(), "true", LayoutOptions.AUTO_MAX_COLUMNS.key(), "0"));
    assertTrue(message.contains(LayoutOptions.AUTO_MAX_COLUMNS.key()) && message.contains("'0'"), message);
    assertTrue(LayoutSpecParser.auto(props(LayoutOptions.AUTO.key(), "true")));
  }

  @Test
  void aPlanThatChoseItsColumnsCarriesTheirWeights() {
    Map<String, String> params = Map.of(HudiOptions.SORT_COLUMNS.key(), "x,y",
        LayoutOptions.COLUMN_WEIGHTS.key(), "0.75,0.25");
    LayoutSpec spec = LayoutSpecParser.parse(params, props(HudiOptions.SORT_COLUMNS.key(), "a,b,c",
        HudiOptions.CURVE.key(), "hilbert"));
    assertEquals(Arrays.asList("x", "y"), spec.columns());
    assertEquals(0.75, spec.shares()[0], 1e-12);
  }

  @Test
  void readsHudiKeysWithTheirSpellings() {
    LayoutSpec spec = LayoutSpecParser.parse(Collections.emptyMap(), props(
        HudiOptions.SORT_COLUMNS.key(), " s_city, c_city ,p_brand",
        HudiOptions.CURVE.key(), "Z-ORDER",
        HudiOptions.MAPPING.key(), "SAMPLE",
        HudiOptions.SAMPLE_SIZE.key(), "5000"));
    assertEquals(Arrays.asList("s_city", "c_city", "p_brand"), spec.columns());
    assertEquals(Curve.ZORDER, spec.curve());
    assertEquals(Mapping.SAMPLE, spec.mapping());
    assertEquals(5000, spec.sampleSize());
    assertEquals(20, spec.bitsPerColumn()); // auto: min(20, 63 / 3)
  }

  @Test
  void autoBitsKeepLongKeysUpToSevenColumns() {
    assertEquals(20, LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a")).bitsPerColumn());
    assertEquals(9, LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b,c,d,e,f,g")).bitsPerColumn());
    assertEquals(8, LayoutSpecParser.parse(Collections.emptyMap(),
        props(HudiOptions.SORT_COLUMNS.key(), "a,b,c,d,e,f,g,h,i,j,k,l")).bitsPerColumn());
    assertEquals(5, LayoutSpecParser.parse(Collections.emptyMap(),
        props(HudiOptions.SORT_COLUMNS.key(), "a", LayoutOptions.BITS_PER_COLUMN.key(), "5")).bitsPerColumn());
  }

  @Test
  void planParametersWinOverWriteConfigForColumns() {
    LayoutSpec spec = LayoutSpecParser.parse(Collections.singletonMap(HudiOptions.SORT_COLUMNS.key(), "a,b"),
        props(HudiOptions.SORT_COLUMNS.key(), "x"));
    assertEquals(Arrays.asList("a", "b"), spec.columns());
  }

  @Test
  void defaultsAreHudis() {
    LayoutSpec spec = LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a"));
    assertEquals(Curve.LINEAR, spec.curve());        // Hudi's default layout strategy
    assertEquals(Mapping.DIRECT, spec.mapping());    // Hudi's default build method
    assertEquals(200000, spec.sampleSize());
  }

  @Test
  void errorsNameKeyValueAndWhatIsAccepted() {
    String m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a", HudiOptions.CURVE.key(), "peano"));
    assertTrue(m.contains(HudiOptions.CURVE.key()) && m.contains("'peano'") && m.contains("hilbert"), m);

    m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a", HudiOptions.MAPPING.key(), "guess"));
    assertTrue(m.contains(HudiOptions.MAPPING.key()) && m.contains("'guess'") && m.contains("direct, sample"), m);

    m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a", HudiOptions.SAMPLE_SIZE.key(), "0"));
    assertTrue(m.contains(HudiOptions.SAMPLE_SIZE.key()) && m.contains("'0'") && m.contains("from 1"), m);

    m = error(Collections.emptyMap(), props());
    assertTrue(m.contains(HudiOptions.SORT_COLUMNS.key()) && m.contains("at least one sort column"), m);

    m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,,b"));
    assertTrue(m.contains("empty column name"), m);

    m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b,a"));
    assertTrue(m.contains("names column 'a' twice"), m);

    m = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a", LayoutOptions.BITS_PER_COLUMN.key(), "64"));
    assertTrue(m.contains(LayoutOptions.BITS_PER_COLUMN.key()) && m.contains("'64'") && m.contains("0 to 63"), m);

    m = assertThrows(IllegalArgumentException.class, () -> LayoutSpecParser.writerSizeFactor(
        props(LayoutOptions.WRITER_SIZE_FACTOR.key(), "0.5"))).getMessage();
    assertTrue(m.contains(LayoutOptions.WRITER_SIZE_FACTOR.key()) && m.contains("'0.5'") && m.contains("1.0 or more"), m);
  }

  @Test
  void columnWeightsBecomeSharesAndBadOnesAreRefused() {
    String key = LayoutOptions.COLUMN_WEIGHTS.key();
    LayoutSpec spec = LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b,c",
        HudiOptions.CURVE.key(), "hilbert", key, "6, 3,1"));
    assertEquals(0.6, spec.shares()[0], 1e-12);
    assertEquals(0.1, spec.shares()[2], 1e-12);
    assertEquals(null, LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b")).shares());
    String linear = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b", key, "1,2"));
    assertTrue(linear.contains(key) && linear.contains("'1,2'") && linear.contains("z-order or hilbert"), linear);
    for (String bad : new String[] {"1,2", "1,2,3,4", "1,x,2", "1,-1,2", "0,0,0", "1,,2", "1,NaN,1", "1,Infinity,1"}) {
      String msg = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b,c",
          HudiOptions.CURVE.key(), "z-order", key, bad));
      assertTrue(msg.contains(key) && msg.contains("'" + bad + "'") && msg.contains("one non-negative number per sort column"),
          msg);
      assertTrue(msg.contains("(3: a,b,c)"), msg);
    }
  }

  @Test
  void everyDeclarationIsInTheExportedDataAndTheJsonResource() throws java.io.IOException {
    String json = OptionsData.json();
    Map<?, ?> doc = new com.fasterxml.jackson.databind.ObjectMapper().readValue(json, Map.class);
    java.util.Set<Object> exported = new java.util.HashSet<>();
    for (String list : new String[] {"options", "metadata"}) {
      for (Object entry : (java.util.List<?>) doc.get(list)) {
        exported.add(((Map<?, ?>) entry).get("key"));
      }
    }
    for (DeclaredOption<?> p : OptionsData.options()) {
      assertTrue(exported.contains(p.key()), p.key());
      assertTrue(p.doc().endsWith("Accepted: " + p.rule().accepted() + "."), p.doc());
      assertEquals(p.ours(), p.key().startsWith(LayoutOptions.PREFIX), p.key());
    }
    for (LayoutMetadata.Key k : LayoutMetadata.all()) {
      assertTrue(k.key().startsWith(LayoutMetadata.PREFIX) && exported.contains(k.key()), k.key());
    }
    // the build wrote the same document among the classes, so the jar carries it
    try (java.io.InputStream in = OptionsData.class.getClassLoader().getResourceAsStream(OptionsData.RESOURCE)) {
      assertTrue(in != null, OptionsData.RESOURCE + " is not on the classpath: the build did not export it");
      assertEquals(json, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  @Test
  void aBuiltSpecHasTheDeclaredDefaultsAndLinearIgnoresAligned() {
    LayoutSpec built = LayoutSpec.builder(Arrays.asList("a", "b")).build();
    LayoutSpec parsed = LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b"));
    assertEquals(parsed.toString(), built.toString());
    assertEquals(parsed.seed(), built.seed());
    assertEquals(parsed.alignedTolerance(), built.alignedTolerance());
    assertEquals(Curve.LINEAR, built.curve());
    assertTrue(!built.aligned(), "linear ignores aligned");
    assertTrue(LayoutSpec.builder(Arrays.asList("a", "b")).curve(Curve.HILBERT).build().aligned());
    assertTrue(!LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b",
        HudiOptions.CURVE.key(), "hilbert", LayoutOptions.ALIGNED.key(), "FALSE")).aligned());
  }

  @Test
  void aKeyUnderOurPrefixThatIsNoneOfOursIsRefusedWithTheNearestKey() {
    String message = error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b",
        "hoodie.hudilayout.alinged", "true"));
    assertTrue(message.startsWith("Unknown option hoodie.hudilayout.alinged = 'true': hudi-layout has no such key. "
        + "Did you mean hoodie.hudilayout.aligned?"), message);
    assertTrue(message.contains("hoodie.hudilayout.continuous.merge.fraction"), message);
    assertTrue(error(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b",
        "hoodie.hudilayout.continuous.merge.fractoin", "0.5")).contains("Did you mean hoodie.hudilayout.continuous"
        + ".merge.fraction?"));
    // Hudi's keys, known or not, are Hudi's to judge
    LayoutSpecParser.parse(Collections.emptyMap(), props(HudiOptions.SORT_COLUMNS.key(), "a,b", "hoodie.clustering.whatever", "1"));
    assertEquals(2, LayoutSpecParser.editDistance("aligned", "alinged"));  // a swap is two edits
  }

  @Test
  void aClusteringIsBesideWritersUnderConcurrencyControlOrAsAsyncClusteringNeverInline() {
    String occ = "hoodie.write.concurrency.mode";
    assertEquals(true, LayoutSpecParser.besideWriters(props(occ, "OPTIMISTIC_CONCURRENCY_CONTROL")));
    assertEquals(true, LayoutSpecParser.besideWriters(props(occ, "non_blocking_concurrency_control")));
    assertEquals(true, LayoutSpecParser.besideWriters(props("hoodie.clustering.async.enabled", "true")));
    assertEquals(false, LayoutSpecParser.besideWriters(props()), "one writer, no async clustering");
    assertEquals(false, LayoutSpecParser.besideWriters(props(occ, "SINGLE_WRITER")));
    assertEquals(false, LayoutSpecParser.besideWriters(
        props(occ, "OPTIMISTIC_CONCURRENCY_CONTROL", "hoodie.clustering.inline", "true")), "inline");
    assertEquals(false, LayoutSpecParser.besideWriters(
        props(occ, "OPTIMISTIC_CONCURRENCY_CONTROL", LayoutOptions.WRITERS_FIRST.key(), "false")), "turned off");
  }
}
