package io.ringfabric.cli;

import io.ringfabric.model.SimTime;
import io.ringfabric.run.LogGpFit;
import io.ringfabric.workload.schedule.LogGp;
import io.ringfabric.workload.schedule.Schedule;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What {@code ringfabric loggp} prints: the fit, LogGOPSim's arguments, and the times side by side. */
final class LogGpTables {
  private LogGpTables() {}

  /** The parameters, each with its unit and what it was measured from; then LogGOPSim's arguments. */
  static void fit(LogGpFit.Fit f, Path scenario, PrintWriter out) {
    List<LogGpFit.Parameter> rows = f.parameters();
    int width = "value".length();
    for (LogGpFit.Parameter p : rows) {
      width = Math.max(width, value(p).length());
    }
    out.println("LogGP measured on " + scenario + " (ranks 0 and 1 on nodes 0 and 1):");
    out.printf(Locale.ROOT, "  %-9s  %-" + width + "s  %s%n", "parameter", "value", "measured from");
    for (LogGpFit.Parameter p : rows) {
      out.printf(Locale.ROOT, "  %-9s  %" + width + "s  %s%n", p.name(), value(p), p.measuredFrom());
    }
    out.println();
    LogGp.Params p = f.params();
    String logGp = String.format(Locale.ROOT, "-L %d -o %d -g %d -G %d", p.latencyPs(), p.overheadPs(),
        p.gapPs(), p.gapPerBytePs());
    String eager = " -S " + p.eagerLimit();
    out.println("LogGOPSim's arguments (ps; every message eager; its times / 1000 are ns):");
    out.println("  LogGP:  " + logGp + eager);
    out.println("  with O: " + logGp + " -O " + f.logGops().overheadPerBytePs() + eager);
    out.flush();
  }

  /** {@code -519.950 ns}, {@code 6.785 ns/B}: exactly what LogGOPSim is given. */
  private static String value(LogGpFit.Parameter p) {
    return SimTime.nsThreeDecimals(p.valuePs()) + " " + p.unit();
  }

  /** The schedules' times, a row printed as each run ends. */
  static final class Comparison {
    private static final String[] HEADS = {"ringfabric", "LogGP", "difference", "with O", "difference"};
    private static final int COLUMN = 16;

    private final PrintWriter out;
    private final int nameWidth;

    Comparison(List<Schedule> schedules, PrintWriter out) {
      this.out = out;
      int w = "schedule".length();
      for (Schedule s : schedules) {
        w = Math.max(w, s.source().length());
      }
      this.nameWidth = w;
      out.println();
      out.println("Times in ns, one rank a node; difference = (LogGP - ringfabric) / ringfabric:");
      StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-" + nameWidth + "s", "schedule"));
      for (String h : HEADS) {
        head.append(String.format(Locale.ROOT, "%" + (h.equals("difference") ? 12 : COLUMN) + "s", h));
      }
      out.println(head);
      out.flush();
    }

    void row(Schedule s, double ringfabricNs, double logGpNs, double withONs) {
      out.printf(Locale.ROOT, "  %-" + nameWidth + "s%" + COLUMN + "s%" + COLUMN + "s%+11.1f%%%" + COLUMN
          + "s%+11.1f%%%n", s.source(), ns(ringfabricNs), ns(logGpNs), percent(logGpNs, ringfabricNs),
          ns(withONs), percent(withONs, ringfabricNs));
      out.flush();
    }

    private static String ns(double ns) {
      return String.format(Locale.ROOT, "%,.3f", ns);
    }

    private static double percent(double logGp, double ringfabric) {
      return 100 * (logGp - ringfabric) / ringfabric;
    }
  }
}
