package io.ringfabric.cli;

import io.ringfabric.engine.Progress;
import io.ringfabric.model.SimTime;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The line on stderr that shows how far a long run has come: simulated time reached of the
 * duration, operations issued of those the processes will issue (when some say how many), the
 * share done, events per second, wall time and an estimate of the time left. It first shows after
 * a few seconds, so short runs print nothing, and is redrawn in place on a terminal (a line each
 * time elsewhere). Only wall time lives here: the run never sees it.
 *
 * <p>A run ends at its duration or when its processes are done, whichever comes first: the share
 * done is the larger of the two measures, and the time left follows the recent pace of that share
 * ({@link RecentPace}). Once a line has shown, the run's last line says 100% and done.
 */
final class ProgressLine implements AutoCloseable {
  static final long FIRST_MS = 3_000;
  static final long EVERY_MS = 2_000;
  /** How long before each line the lanes are asked to count their operations, so the line has them fresh. */
  static final long ASK_AHEAD_MS = 250;
  private final String label;
  private final Progress progress;
  private final long durationPs;
  private final PrintWriter err;
  private final boolean terminal;
  private final LongSupplier clock;
  private final long startNanos;
  private final RecentPace pace = new RecentPace();
  private final ScheduledExecutorService timer;
  private boolean shown;

  /** What a line reads of the run at one moment. */
  record Sample(long reachedPs, long events, long issuedOps, long plannedOps) {}

  /**
   * Starts showing {@code progress} on {@code err}, each line after {@code label} (e.g. the run's
   * number in a sweep); {@code terminal}: redraw one line in place.
   */
  ProgressLine(String label, Progress progress, long durationPs, PrintWriter err, boolean terminal) {
    this(label, progress, durationPs, err, terminal, System::nanoTime, true);
  }

  /** As above, reading wall time from {@code clock} (nanoseconds); {@code timed}: on a timer, else only when {@link #show} is called. */
  ProgressLine(String label, Progress progress, long durationPs, PrintWriter err, boolean terminal,
      LongSupplier clock, boolean timed) {
    this.label = label;
    this.progress = progress;
    this.durationPs = durationPs;
    this.err = err;
    this.terminal = terminal;
    this.clock = clock;
    this.startNanos = clock.getAsLong();
    pace.add(startNanos, 0, 0);
    if (!timed) {
      timer = null;
      return;
    }
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "ringfabric-progress");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(progress::ask, FIRST_MS - ASK_AHEAD_MS, EVERY_MS, TimeUnit.MILLISECONDS);
    timer.scheduleAtFixedRate(this::show, FIRST_MS, EVERY_MS, TimeUnit.MILLISECONDS);
  }

  /** Draws the line as the run stands now (the timer calls it; tests do, with their clock). */
  synchronized void show() {
    long now = clock.getAsLong();
    Sample s = sample();
    double done = done(s, durationPs);
    pace.add(now, done, s.events());
    double left = pace.secondsLeft();
    String tail = left < 0 ? "" : ", about " + wall(left) + " left";
    print(line(s, durationPs, done, pace.eventsPerSecond(), (now - startNanos) / 1e9, tail), false);
  }

  private Sample sample() {
    return new Sample(progress.reachedPs(), progress.events(), progress.issuedOps(), progress.plannedOps());
  }

  private void print(String text, boolean last) {
    String line = label + text;
    err.print(terminal ? "\r" + line + "\033[K" : line);
    if (!terminal || last) {
      err.print(System.lineSeparator());
    }
    err.flush();
    shown = true;
  }

  /**
   * The share of the run done: simulated time reached of the duration, or operations issued of
   * those the processes will issue, whichever is further, for the run ends at whichever comes first.
   */
  static double done(Sample s, long durationPs) {
    double time = durationPs <= 0 ? 0 : (double) s.reachedPs() / durationPs;
    double ops = s.plannedOps() <= 0 ? 0 : (double) s.issuedOps() / s.plannedOps();
    return Math.min(1.0, Math.max(time, ops));
  }

  /**
   * E.g. {@code 1.25 ms of 10 ms (12%), 1.51 M events/s, 42 s} then {@code tail}; where the
   * operations are further on than time, {@code 1.25 ms of 10 ms (50%: 24,000 of 48,000 ops), ...}.
   * Behind time they are left out: a run that ends at its duration says nothing of the counts it
   * was never going to reach (at 64x64, "0 of 983,040,000,000 ops").
   */
  static String line(Sample s, long durationPs, double done, double eventsPerSecond, double wallSeconds,
      String tail) {
    boolean opsLead = s.plannedOps() > 0 && durationPs > 0
        && (double) s.issuedOps() / s.plannedOps() > (double) s.reachedPs() / durationPs;
    String ops = !opsLead ? "" : String.format(Locale.ROOT, ": %,d of %,d ops", s.issuedOps(), s.plannedOps());
    return String.format(Locale.ROOT, "%s of %s (%d%%%s), %.2f M events/s, %s%s",
        SimTime.scaled(s.reachedPs() / 1000.0), SimTime.spaced(durationPs), (int) Math.floor(done * 100), ops,
        eventsPerSecond / 1e6, wall(wallSeconds), tail);
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

  /**
   * Stops showing. A run that came to its end, at its duration or before, says so in a last line
   * at 100%; one that failed or was stopped has its line cleared on a terminal, so what is said of
   * it starts on a clean line.
   */
  @Override
  public synchronized void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
    if (!shown) {
      return;
    }
    if (progress.ended() && !progress.stopRequested()) {
      Sample s = sample();
      double wallSeconds = (clock.getAsLong() - startNanos) / 1e9;
      print(line(s, durationPs, 1.0, wallSeconds <= 0 ? 0 : s.events() / wallSeconds, wallSeconds, ", done"), true);
    } else if (terminal) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
