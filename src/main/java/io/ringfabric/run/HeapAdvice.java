package io.ringfabric.run;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/** What to tell a user whose machine did not fit in the heap: what it had, and what to try. */
public final class HeapAdvice {
  private HeapAdvice() {}

  /** E.g. {@code out of memory at 4096 nodes (heap -Xmx512m); set RINGFABRIC_JAVA_OPTS=-Xmx1g}. */
  public static String of(Simulation.OutOfMemory full) {
    return of(full, "set RINGFABRIC_JAVA_OPTS=-Xmx");
  }

  /** As {@link #of(Simulation.OutOfMemory)}, advising {@code advice} followed by a heap twice this one's (at least 1g). */
  public static String of(Simulation.OutOfMemory full, String advice) {
    long max = Runtime.getRuntime().maxMemory();
    return full.getMessage() + " (heap " + given(max) + "); " + advice + size(Math.max(2 * max, 1L << 30));
  }

  /** The -Xmx the JVM was started with, as given, or what it chose. */
  private static String given(long max) {
    List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
    for (int i = args.size() - 1; i >= 0; i--) {
      if (args.get(i).startsWith("-Xmx")) {
        return args.get(i);
      }
    }
    return "-Xmx" + size(max) + ", the JVM's default";
  }

  /** Bytes as -Xmx takes them, rounded up: whole gigabytes from one up, else megabytes. */
  static String size(long bytes) {
    long mb = (bytes + (1 << 20) - 1) >> 20;
    return mb >= 1024 ? String.format(Locale.ROOT, "%dg", (mb + 1023) / 1024) : mb + "m";
  }
}
