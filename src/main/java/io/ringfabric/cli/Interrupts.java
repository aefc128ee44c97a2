package io.ringfabric.cli;

import io.ringfabric.engine.Progress;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What SIGINT (Ctrl-C) and SIGTERM do to a command that runs the machine: the run ends at the end
 * of the window under way, the report and results of what was done are written, marked
 * interrupted, and the command exits 130 or 143. A run that has not ended {@link #GRACE_MILLIS}
 * after the signal, or a second signal, ends the JVM at once with that status.
 */
final class Interrupts implements AutoCloseable {
  static final long GRACE_MILLIS = 4_500;
  private static final String[] SIGNALS = {"INT", "TERM"};

  private final PrintWriter stderr;
  private final SignalHandler[] previous = new SignalHandler[SIGNALS.length];
  private final List<Progress> runs = new CopyOnWriteArrayList<>();
  private volatile int signal; // the number of the first signal, 0 before one
  private volatile boolean closed;

  private Interrupts(Progress progress, PrintWriter stderr) {
    runs.add(progress);
    this.stderr = stderr;
  }

  /** Until closed, a signal asks the run counting in {@code progress} to stop. */
  static Interrupts watch(Progress progress, PrintWriter stderr) {
    Interrupts i = new Interrupts(progress, stderr);
    for (int k = 0; k < SIGNALS.length; k++) {
      try {
        i.previous[k] = Signal.handle(new Signal(SIGNALS[k]), i::onSignal);
      } catch (IllegalArgumentException e) {
        i.previous[k] = null; // the JVM keeps this signal for itself (e.g. with -Xrs): leave it be
      }
    }
    return i;
  }

  /**
   * From now on a signal also stops the run counting in {@code next} (a sweep's next run, or one
   * of the runs it has under way at once); stopping one that has ended already does nothing.
   */
  void follow(Progress next) {
    runs.add(next);
    if (signal != 0) {
      next.requestStop();
    }
  }

  /** Whether a signal came. */
  boolean interrupted() {
    return signal != 0;
  }

  /** {@code 128 +} the signal's number if one came, else {@code otherwise}. */
  int exitCode(int otherwise) {
    return signal == 0 ? otherwise : 128 + signal;
  }

  private void onSignal(Signal s) {
    if (signal != 0) {
      Runtime.getRuntime().halt(128 + signal); // asked twice: the user wants out now
    }
    signal = s.getNumber();
    runs.forEach(Progress::requestStop);
    stderr.println("ringfabric: SIG" + s.getName() + ": ending the run at the end of this window (again to stop at once)");
    stderr.flush();
    Thread deadline = new Thread(() -> {
      try {
        TimeUnit.MILLISECONDS.sleep(GRACE_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      if (!closed) {
        stderr.println("ringfabric: the run did not end within " + GRACE_MILLIS / 1000.0 + " s of SIG" + s.getName()
            + "; stopped without its report");
        stderr.flush();
        Runtime.getRuntime().halt(128 + signal);
      }
    }, "ringfabric-interrupt-deadline");
    deadline.setDaemon(true);
    deadline.start();
  }

  @Override
  public void close() {
    closed = true;
    for (int k = 0; k < SIGNALS.length; k++) {
      if (previous[k] != null) {
        Signal.handle(new Signal(SIGNALS[k]), previous[k]);
      }
    }
  }
}
