package dev.hudilayout.config;

import org.apache.hudi.common.config.ConfigProperty;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every option key declared as a {@link ConfigProperty} by hudi-layout and by the Hudi config
 * classes a writer, reader or clustering job reads. The Python wrappers check the keys they emit
 * against this list, so a misspelt or renamed key fails a test instead of being ignored by Hudi.
 */
public final class KnownKeys {

  /** Hudi's classes searched after our own options: write, read, table-service and metadata configs. */
  public static final List<String> CLASSES = Collections.unmodifiableList(Arrays.asList(
      "org.apache.hudi.config.HoodieWriteConfig",
      "org.apache.hudi.config.HoodieClusteringConfig",
      "org.apache.hudi.config.HoodieLayoutConfig",
      "org.apache.hudi.config.HoodieLockConfig",
      "org.apache.hudi.config.HoodieCleanConfig",
      "org.apache.hudi.config.HoodieArchivalConfig",
      "org.apache.hudi.config.HoodieCompactionConfig",
      "org.apache.hudi.config.HoodieIndexConfig",
      "org.apache.hudi.common.config.HoodieMetadataConfig",
      "org.apache.hudi.common.config.HoodieStorageConfig",
      "org.apache.hudi.common.config.HoodieCommonConfig",
      "org.apache.hudi.common.config.HoodieReaderConfig",
      "org.apache.hudi.common.table.HoodieTableConfig",
      "org.apache.hudi.DataSourceWriteOptions",
      "org.apache.hudi.DataSourceReadOptions"));

  private KnownKeys() {
  }

  /** Key (and each alternative key) to the simple name of the class declaring it; ours first. */
  public static Map<String, String> all() {
    Map<String, String> keys = new TreeMap<>();
    for (DeclaredOption<?> p : LayoutOptions.all()) {
      keys.put(p.key(), LayoutOptions.class.getSimpleName());
    }
    for (String name : CLASSES) {
      Class<?> cls;
      try {
        cls = Class.forName(name);
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("Config class " + name + " is not on the classpath", e);
      }
      for (ConfigProperty<?> p : declared(cls)) {
        keys.putIfAbsent(p.key(), cls.getSimpleName());
        for (String alt : p.getAlternatives()) {
          keys.putIfAbsent(alt, cls.getSimpleName());
        }
      }
    }
    return keys;
  }

  /** {@link #all()} as a JSON object, for the Python side. */
  public static String json() {
    return Json.write(all());
  }

  /** Static fields, and static no-argument methods (Scala objects' forwarders), of type ConfigProperty. */
  private static List<ConfigProperty<?>> declared(Class<?> cls) {
    List<ConfigProperty<?>> found = new java.util.ArrayList<>();
    try {
      for (Field f : cls.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && ConfigProperty.class.isAssignableFrom(f.getType())) {
          found.add((ConfigProperty<?>) f.get(null));
        }
      }
      for (Method m : cls.getMethods()) {
        if (Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0
            && ConfigProperty.class.isAssignableFrom(m.getReturnType())) {
          found.add((ConfigProperty<?>) m.invoke(null));
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot read the options of " + cls.getName(), e);
    }
    return found;
  }

  public static void main(String[] args) {
    all().forEach((k, v) -> System.out.println(k + "\t" + v));
  }
}
