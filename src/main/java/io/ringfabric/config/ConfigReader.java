package io.ringfabric.config;

import com.typesafe.config.Config;
import io.ringfabric.model.NodeSet;
import java.util.Set;

/**
 * Typed, checked access to one block of a scenario. Every getter records a problem (naming the
 * full path and the file and line) instead of throwing, and returns a harmless fallback so that
 * validation can go on and report every problem at once.
 *
 * <p>IMPLEMENTATION PENDING (config helper): signatures are the contract.
 */
public final class ConfigReader {
  private final Config config;
  private final String path;
  private final Problems problems;

  /**
   * @param config the block to read (already merged with its defaults)
   * @param path the block's full path, e.g. {@code ringfabric.workload.processes[2]}
   */
  public ConfigReader(Config config, String path, Problems problems) {
    this.config = config;
    this.path = path;
    this.problems = problems;
  }

  public Config config() {
    return config;
  }

  public String path() {
    return path;
  }

  public Problems problems() {
    return problems;
  }

  /** Full path of a key in this block. */
  public String pathOf(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** Records a problem for {@code key} of this block. */
  public void problem(String key, String message) {
    throw new UnsupportedOperationException("pending");
  }

  /**
   * Records one problem for each key of this block not in {@code allowed}, naming the closest
   * allowed key.
   */
  public void allowOnly(Set<String> allowed) {
    throw new UnsupportedOperationException("pending");
  }

  public boolean has(String key) {
    return config.hasPath(key);
  }

  /** A duration (Typesafe Config units, e.g. {@code 200ns}) in picoseconds, within bounds. */
  public long durationPs(String key, long minPs, long maxPs) {
    throw new UnsupportedOperationException("pending");
  }

  /** A size in bytes (e.g. {@code 4KiB} or {@code 64}), within bounds. */
  public long bytes(String key, long min, long max) {
    throw new UnsupportedOperationException("pending");
  }

  /** A rate such as {@code 10Gbps} or {@code 12.8GB/s}, in bits per second, within bounds. */
  public long bitsPerSecond(String key, long min, long max) {
    throw new UnsupportedOperationException("pending");
  }

  public int intValue(String key, int min, int max) {
    throw new UnsupportedOperationException("pending");
  }

  public long longValue(String key, long min, long max) {
    throw new UnsupportedOperationException("pending");
  }

  public double doubleValue(String key, double min, double max) {
    throw new UnsupportedOperationException("pending");
  }

  public boolean booleanValue(String key) {
    throw new UnsupportedOperationException("pending");
  }

  /** A string that must be one of {@code allowed}; a problem names the allowed values. */
  public String oneOf(String key, String... allowed) {
    throw new UnsupportedOperationException("pending");
  }

  /** {@code all} or a list of node ids; ids are checked against {@code nodes}. */
  public NodeSet nodeSet(String key, int nodes) {
    throw new UnsupportedOperationException("pending");
  }

  /**
   * A node written as {@code self} or an id. Returns -1 for {@code self}. The id is not checked
   * against the node count: an id that does not exist is a legal target (NO_SUCH_NODE).
   */
  public int nodeOrSelf(String key) {
    throw new UnsupportedOperationException("pending");
  }

  /** The sub-block at {@code key}, or an empty block (with a problem) if it is not an object. */
  public ConfigReader child(String key) {
    throw new UnsupportedOperationException("pending");
  }
}
