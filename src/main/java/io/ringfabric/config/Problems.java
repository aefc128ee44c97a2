package io.ringfabric.config;

import com.typesafe.config.ConfigOrigin;
import java.util.ArrayList;
import java.util.List;

/**
 * Every problem found in a scenario, each naming where it is. Validation collects them all
 * rather than stopping at the first, so a user fixes a file in one pass.
 */
public final class Problems {
  private final List<String> lines = new ArrayList<>();

  /**
   * Records one problem.
   *
   * @param origin where the offending value was written, or null when it has no single place
   * @param path the full config path, e.g. {@code ringfabric.fabric.mtu}
   */
  public void add(ConfigOrigin origin, String path, String message) {
    String where = describe(origin);
    lines.add((where.isEmpty() ? "" : where + ": ") + path + ": " + message);
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  /** One line per problem, in the order found. */
  public List<String> lines() {
    return List.copyOf(lines);
  }

  private static String describe(ConfigOrigin origin) {
    if (origin == null) {
      return "";
    }
    String file = origin.filename() != null ? origin.filename() : origin.description();
    if (file == null || file.startsWith("reference.conf") || file.contains("merge of")) {
      return origin.lineNumber() > 0 && origin.filename() != null ? file + ":" + origin.lineNumber() : "";
    }
    return origin.lineNumber() > 0 ? file + ":" + origin.lineNumber() : file;
  }
}
