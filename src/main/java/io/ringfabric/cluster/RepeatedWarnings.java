package io.ringfabric.cluster;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Marker;

/**
 * Keeps a flood of one warning from drowning the log: of the warnings of one shape (the same
 * logger and the same text once its numbers are taken out), the first {@link #SHOWN} in each
 * {@link #PERIOD_SECONDS} s are printed and the rest counted, then summarised in one line at the
 * end of the period. Junk thrown at a cluster member's port made Pekko's decoder warn once per
 * frame: 2,479 lines from 120 connections, and once 5.6 million in two minutes.
 */
public final class RepeatedWarnings extends TurboFilter {
  static final int SHOWN = 3;
  static final long PERIOD_SECONDS = 10;

  private final Map<String, Shape> shapes = new ConcurrentHashMap<>();
  private final AtomicLong period = new AtomicLong();
  private volatile PrintStream out = System.err;
  private ScheduledExecutorService summaries;

  /** One shape of warning: how many were seen in this period and how many not shown. */
  private static final class Shape {
    final String logger;
    final String example;
    long period;
    long seen;
    long hidden;

    Shape(String logger, String example) {
      this.logger = logger;
      this.example = example;
    }
  }

  @Override
  public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (level == null || !level.isGreaterOrEqual(Level.WARN) || format == null || !logger.isEnabledFor(level)) {
      return FilterReply.NEUTRAL;
    }
    String name = logger.getName();
    Shape s = shapes.computeIfAbsent(shapeOf(name) + '\0' + shapeOf(format), k -> new Shape(name, format));
    synchronized (s) {
      long now = period.get();
      if (s.period != now) {
        s.period = now;
        s.seen = 0;
      }
      if (++s.seen <= SHOWN) {
        return FilterReply.NEUTRAL;
      }
      s.hidden++;
    }
    startSummaries();
    return FilterReply.DENY;
  }

  /** The text with its numbers (counts, sizes, addresses, ports, ids; hex too) taken out. */
  static String shapeOf(String text) {
    return text.replaceAll("-?[0-9a-fA-F]*[0-9][0-9a-fA-F]*", "#");
  }

  private synchronized void startSummaries() {
    if (summaries == null) {
      summaries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ringfabric-repeated-warnings");
        t.setDaemon(true);
        return t;
      });
      summaries.scheduleAtFixedRate(this::endPeriod, PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
    }
  }

  /** Ends the period: a line for each shape with warnings not shown, then the counts start again. */
  void endPeriod() {
    period.incrementAndGet();
    Map<String, Long> hidden = new TreeMap<>();
    Map<String, Shape> byKey = new TreeMap<>(shapes);
    for (Map.Entry<String, Shape> e : byKey.entrySet()) {
      Shape s = e.getValue();
      synchronized (s) {
        if (s.hidden > 0) {
          hidden.put(e.getKey(), s.hidden);
          s.hidden = 0;
        }
      }
    }
    for (Map.Entry<String, Long> e : hidden.entrySet()) {
      Shape s = byKey.get(e.getKey());
      String logger = s.logger.substring(s.logger.lastIndexOf('.') + 1);
      out.println("WARN " + logger + ": " + e.getValue() + " more warnings like \"" + abbreviate(s.example)
          + "\" in the last " + PERIOD_SECONDS + " s, not shown");
    }
    out.flush();
  }

  private static String abbreviate(String text) {
    String line = text.lines().findFirst().orElse("");
    return line.length() <= 100 ? line : line.substring(0, 100) + "...";
  }

  /** Where the summaries go (stderr unless a test says otherwise). */
  void summariseTo(PrintStream to) {
    this.out = to;
  }

  @Override
  public void stop() {
    synchronized (this) {
      if (summaries != null) {
        summaries.shutdownNow();
        summaries = null;
      }
    }
    endPeriod(); // what was held back is told before the log closes
    super.stop();
  }
}
