package io.ringfabric.hocon;

import com.typesafe.config.ConfigOrigin;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every problem found in a scenario, each naming where it is. Validation collects them all
 * rather than stopping at the first, so a user fixes a file in one pass.
 *
 * <p>A line reads {@code FILE:LINE: ringfabric.path.to.key: message}; the location is left out
 * when the value has no single place (a merge, a missing key), and the path when the problem is
 * not about one key (a syntax error).
 */
public final class Problems {
  /** Prefix of the origin description given to each {@code --set} override. */
  public static final String OVERRIDE_PREFIX = "--set ";

  // A set: two readers may check the same value (a program re-reads its group's nodes), and the
  // user needs to hear about it once.
  private final Set<String> lines = new LinkedHashSet<>();
  private int reports;

  /**
   * Records one problem.
   *
   * @param origin where the offending value was written, or null when it has no single place
   * @param path the full config path, e.g. {@code ringfabric.fabric.mtu}, or empty when the
   *     problem is not about one key
   */
  public void add(ConfigOrigin origin, String path, String message) {
    reports++;
    StringBuilder line = new StringBuilder();
    String where = describe(origin);
    if (!where.isEmpty()) {
      line.append(where).append(": ");
    }
    if (path != null && !path.isEmpty()) {
      line.append(path).append(": ");
    }
    lines.add(line.append(message).toString());
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  /**
   * Problems reported so far, repeats included: comparing counts before and after a read tells
   * whether that read went wrong, even when its problem had already been reported.
   */
  public int count() {
    return reports;
  }

  /** One line per problem, in the order found. */
  public List<String> lines() {
    return List.copyOf(new ArrayList<>(lines));
  }

  /** {@code file:line}, {@code reference.conf:line}, {@code --set key=value}, or "". */
  static String describe(ConfigOrigin origin) {
    if (origin == null) {
      return "";
    }
    String line = origin.lineNumber() > 0 ? ":" + origin.lineNumber() : "";
    if (origin.resource() != null) {
      // A default: name the resource, not the jar or classes directory it was found in.
      return origin.resource() + line;
    }
    if (origin.filename() != null) {
      // a scenario given by a bare name is read as ./NAME, for its includes to be found beside it
      String file = origin.filename();
      return (file.startsWith("./") ? file.substring(2) : file) + line;
    }
    String description = origin.withLineNumber(-1).description();
    if (description == null || description.startsWith("merge of")) {
      return "";
    }
    if (description.startsWith(OVERRIDE_PREFIX)) {
      return description; // one line by nature; its text is more use than "line 1"
    }
    return description + line;
  }
}
