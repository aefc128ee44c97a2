package io.ringfabric.hocon;

import java.util.List;

/**
 * A scenario that cannot be used: unreadable, not HOCON, or invalid. Carries every problem found,
 * one line each ({@code FILE:LINE: ringfabric.path: message}), for the user to read; the command
 * line prints {@link #problems()} and exits with status 2, never the stack trace.
 */
public final class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public ConfigException(List<String> problems) {
    super(String.join(System.lineSeparator(), problems));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a ConfigException needs at least one problem");
    }
    this.problems = List.copyOf(problems);
  }

  /** One line per problem, in the order found. */
  public List<String> problems() {
    return problems;
  }
}
