package dev.hudilayout.config;

import org.apache.hudi.common.config.ConfigProperty;

import java.util.Properties;

/**
 * One option the parser reads: its {@link ConfigProperty} (key, default, doc, since) and its one
 * {@link Rule} of accepted values. Ours are declared in {@link LayoutOptions}; Hudi's keys that
 * hudi-layout reads keep Hudi's ConfigProperty and get their rule and our reading of them in
 * {@link HudiOptions}. {@link OptionsData} exports every declaration for the Python side.
 */
public final class DeclaredOption<T> {
  /** The version our options first appeared in. */
  static final String SINCE = "0.1.0";

  private final ConfigProperty<T> property;
  private final Rule rule;
  private final boolean ours;
  private final String doc;

  private DeclaredOption(ConfigProperty<T> property, Rule rule, boolean ours, String doc) {
    this.property = property;
    this.rule = rule;
    this.ours = ours;
    this.doc = doc;
  }

  /**
   * One of ours: the ConfigProperty's documentation is {@code doc} followed by the rule's accepted
   * text, so the two cannot differ.
   */
  static <T> DeclaredOption<T> ours(String key, T defaultValue, String doc, Rule rule) {
    String full = doc + " Accepted: " + rule.accepted() + ".";
    ConfigProperty<T> p = ConfigProperty.key(key).defaultValue(defaultValue).sinceVersion(SINCE).withDocumentation(full);
    return new DeclaredOption<>(p, rule, true, full);
  }

  /** One of Hudi's keys, read by hudi-layout as {@code doc} says (Hudi's own text is about Hudi's layouts). */
  static <T> DeclaredOption<T> hudi(ConfigProperty<T> property, Rule rule, String doc) {
    return new DeclaredOption<>(property, rule, false, doc + " Accepted: " + rule.accepted() + ".");
  }

  public ConfigProperty<T> property() {
    return property;
  }

  public String key() {
    return property.key();
  }

  /** The default, or null when the key has none (Hudi's sort columns). */
  public T defaultValue() {
    return property.hasDefaultValue() ? property.defaultValue() : null;
  }

  public Rule rule() {
    return rule;
  }

  /** Whether the key is hudi-layout's (under {@link LayoutOptions#PREFIX}) rather than Hudi's. */
  public boolean ours() {
    return ours;
  }

  /** What the option does for hudi-layout, ending with what it accepts. */
  public String doc() {
    return doc;
  }

  /** The version the key appeared in (ours: hudi-layout's; Hudi's: Hudi's), or "". */
  public String since() {
    return property.getSinceVersion().orElse("");
  }

  /** The value set in {@code props}, else the default as text (null when neither). */
  public String raw(Properties props) {
    T def = defaultValue();
    return props.getProperty(key(), def == null ? null : String.valueOf(def));
  }

  public int readInt(Properties props) {
    return rule.toInt(key(), raw(props));
  }

  public long readLong(Properties props) {
    return rule.toLong(key(), raw(props));
  }

  public double readDouble(Properties props) {
    return rule.toDouble(key(), raw(props));
  }

  public boolean readBoolean(Properties props) {
    return rule.toBoolean(key(), raw(props));
  }

  /** The choice set (or the default), lower case; see {@link Rule#toChoice}. */
  public String readChoice(Properties props) {
    return rule.toChoice(key(), raw(props));
  }

  /** The invalid-value error for {@code raw}, with {@code detail} and {@code accepted} as {@link Rule#invalid} takes them. */
  public IllegalArgumentException invalid(String raw, String detail, String accepted) {
    return Rule.invalid(key(), raw, detail, accepted);
  }
}
