package io.ringfabric.workload;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.time.Duration;

/**
 * What a program of one's own gets at construction: its process group's {@code settings} block
 * and where the process runs. Getters take a default; a value of the wrong type or unit ends the
 * run before it starts, with a message naming its path in the scenario.
 *
 * @param path the settings block's path, e.g. {@code ringfabric.workload.processes[2].settings}
 * @param node the node the process runs on
 * @param instance which of the group's processes on that node (0 .. count-1)
 * @param nodes nodes in the machine
 */
public record ProgramSettings(Config config, String path, int node, int instance, int nodes) {

  public boolean has(String key) {
    return config.hasPath(key);
  }

  public int intValue(String key, int fallback) {
    return get(key, fallback, () -> config.getInt(key));
  }

  public long longValue(String key, long fallback) {
    return get(key, fallback, () -> config.getLong(key));
  }

  public double doubleValue(String key, double fallback) {
    return get(key, fallback, () -> config.getDouble(key));
  }

  public String stringValue(String key, String fallback) {
    return get(key, fallback, () -> config.getString(key));
  }

  /** A duration such as {@code 200ns}, in picoseconds. */
  public long durationPs(String key, long fallbackPs) {
    return get(key, fallbackPs, () -> {
      Duration d = config.getDuration(key);
      return Math.multiplyExact(d.getSeconds(), 1_000_000_000_000L) + d.getNano() * 1000L;
    });
  }

  /** A size such as {@code 64} or {@code 4KiB}, in bytes. */
  public long bytes(String key, long fallback) {
    return get(key, fallback, () -> config.getBytes(key));
  }

  private interface Read<T> {
    T read();
  }

  private <T> T get(String key, T fallback, Read<T> read) {
    if (!config.hasPath(key)) {
      return fallback;
    }
    try {
      return read.read();
    } catch (ConfigException | ArithmeticException e) {
      throw new IllegalArgumentException(path + "." + key + ": " + e.getMessage()
          .replaceFirst("^[^:]*: \\d+: ", ""), e);
    }
  }
}
