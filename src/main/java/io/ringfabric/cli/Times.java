package io.ringfabric.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.model.SimTime;
import java.time.Duration;
import java.util.Map;

/** Simulated times as the command line takes them: {@code 20us}, {@code 1500ns}, or picoseconds. */
final class Times {
  private Times() {}

  /** Picoseconds of {@code text}; a bad value is bad input naming {@code option}. */
  static long parsePs(String option, String text) {
    try {
      return SimTime.parse(text);
    } catch (SimTime.BadTime e) {
      throw new BadInput(option + ": " + notATime(e));
    }
  }

  /** What the command line says of a bad time, after the option's name. */
  static String notATime(SimTime.BadTime e) {
    return "'" + e.text() + "' is not a time: " + e.reason()
        + "; a plain number is a whole number of picoseconds";
  }

  /** A wall-clock duration such as {@code 90s}, {@code 5m} or {@code 2 minutes} (HOCON's form). */
  static Duration wallClock(String option, String text) {
    try {
      return ConfigFactory.parseMap(Map.of("t", text)).getDuration("t");
    } catch (ConfigException e) {
      throw new BadInput(option + ": '" + text + "' is not a duration; write e.g. 90s or 5m");
    }
  }

  /** {@code --join-timeout} of the cluster commands: a wall-clock duration of at least a second. */
  static Duration joinTimeout(String text) {
    Duration d = wallClock("--join-timeout", text);
    if (d.toSeconds() < 1) {
      throw new BadInput("--join-timeout must be at least 1s, not " + text);
    }
    return d;
  }
}
