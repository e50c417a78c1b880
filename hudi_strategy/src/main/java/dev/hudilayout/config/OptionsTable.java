package dev.hudilayout.config;

import org.apache.hudi.common.config.ConfigProperty;

/**
 * Prints the Markdown table of {@link LayoutOptions}, the one source the README's option table is
 * generated from: {@code java -cp hudi-layout.jar:<hudi bundle> dev.hudilayout.config.OptionsTable}.
 */
public final class OptionsTable {

  private OptionsTable() {
  }

  public static String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("| key | default | since | description |\n");
    sb.append("| --- | --- | --- | --- |\n");
    for (ConfigProperty<?> p : LayoutOptions.all()) {
      String def = String.valueOf(p.defaultValue());
      sb.append("| `").append(p.key()).append("` | ").append(def.isEmpty() ? "(empty)" : "`" + def + "`").append(" | ")
          .append(p.getSinceVersion().orElse("")).append(" | ")
          .append(p.doc().replace("|", "\\|")).append(" |\n");
    }
    return sb.toString();
  }

  public static void main(String[] args) {
    System.out.print(markdown());
  }
}
