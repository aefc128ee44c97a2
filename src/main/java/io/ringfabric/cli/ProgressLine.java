package io.ringfabric.cli;

import io.ringfabric.engine.Progress;
import io.ringfabric.model.SimTime;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The line on stderr that shows how far a long run has come: simulated time reached of the
 * duration, percent, events per second, wall time and an estimate of the time left. It first
 * shows after a few seconds, so short runs print nothing, and is redrawn in place on a terminal
 * (a line each time elsewhere). Only wall time lives here: the run never sees it.
 */
final class ProgressLine implements AutoCloseable {
  static final long FIRST_MS = 3_000;
  static final long EVERY_MS = 2_000;
  private final String label;
  private final Progress progress;
  private final long durationPs;
  private final PrintWriter err;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final ScheduledExecutorService timer;
  private boolean shown;

  /**
   * Starts showing {@code progress} on {@code err}, each line after {@code label} (e.g. the run's
   * number in a sweep); {@code terminal}: redraw one line in place.
   */
  ProgressLine(String label, Progress progress, long durationPs, PrintWriter err, boolean terminal) {
    this.label = label;
    this.progress = progress;
    this.durationPs = durationPs;
    this.err = err;
    this.terminal = terminal;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "ringfabric-progress");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(this::show, FIRST_MS, EVERY_MS, TimeUnit.MILLISECONDS);
  }

  private synchronized void show() {
    double wall = (System.nanoTime() - startNanos) / 1e9;
    String text = label + line(progress.reachedPs(), durationPs, progress.events(), wall);
    err.print(terminal ? "\r" + text + "\033[K" : text + System.lineSeparator());
    err.flush();
    shown = true;
  }

  /**
   * E.g. {@code 1.25 ms of 10 ms (12%), 1.51 M events/s, 42 s, about 4 min 54 s left}; no
   * estimate until some simulated time has passed.
   */
  static String line(long reachedPs, long durationPs, long events, double wallSeconds) {
    double done = durationPs <= 0 ? 0 : Math.min(1.0, (double) reachedPs / durationPs);
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "%s of %s (%d%%), %.2f M events/s, %s",
        SimTime.scaled(reachedPs / 1000.0), SimTime.spaced(durationPs), (int) Math.floor(done * 100),
        wallSeconds <= 0 ? 0 : events / wallSeconds / 1e6, wall(wallSeconds)));
    if (done > 0) {
      b.append(", about ").append(wall(wallSeconds * (1 - done) / done)).append(" left");
    }
    return b.toString();
  }

  /** Wall seconds as a person reads them: {@code 42 s}, {@code 4 min 54 s}, {@code 2 h 5 min}. */
  static String wall(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min " + s % 60 + " s";
    }
    return s / 3600 + " h " + s % 3600 / 60 + " min";
  }

  /**
   * Shows {@code progress} for a run of {@code durationPs}, when {@code option} ({@code --progress}
   * or {@code --no-progress}) asks or, not given, when stderr is a terminal; else null.
   */
  static ProgressLine show(Boolean option, Main main, String label, Progress progress, long durationPs,
      PrintWriter err) {
    boolean terminal = stderrIsTerminal(main);
    boolean wanted = option != null ? option : terminal;
    return wanted ? new ProgressLine(label, progress, durationPs, err, terminal) : null;
  }

  /** As bin/ringfabric found it; started otherwise, whether the JVM has a console. */
  private static boolean stderrIsTerminal(Main main) {
    String said = main.env(Main.STDERR_TERMINAL_ENV);
    return said != null ? said.equals("1") : System.console() != null;
  }

  /** Stops showing; on a terminal the line is cleared, so the report starts on a clean line. */
  @Override
  public synchronized void close() {
    timer.shutdownNow();
    if (shown && terminal) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
