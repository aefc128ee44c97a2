package io.ringfabric.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * BookSim2, Stanford's cycle-accurate network simulator, as the yardstick of ringfabric's speed on
 * BookSim2's own set-up: its {@code torus88} example with 8 VCs and iSLIP under uniform one-flit
 * packets, and ringfabric's {@code conf/booksim.conf} at the same fraction of the channel-load
 * bound. The project does not vendor BookSim2; this writes its configuration and reads its output.
 */
public final class BookSim {
  private BookSim() {}

  /**
   * The time one packet of one MTU takes on a link in {@code conf/booksim.conf} (280 B on the wire
   * at 10 Gb/s; its {@code fabric.link-latency}): ringfabric's stand-in for BookSim2's cycle.
   */
  public static final long PACKET_TIME_NS = 224;

  /**
   * The two set-ups compared: BookSim2's injection rate in flits a cycle a node and its sample
   * period in cycles; ringfabric's put-streams' mean interval at the same fraction of its bound,
   * and its run as long in simulated time as BookSim2's sample period, a cycle a packet time. A
   * shorter ringfabric run would weigh its JVM's warm-up against BookSim2's steady state.
   */
  public enum SetUp {
    TORUS_8(8, 0.3, 20_000, "198us", "-Xmx4g"),
    TORUS_64(64, 0.03, 2_000, "1977us", "-Xmx12g"); // 4,096 rings of 1 MiB, and the machine beside them

    private final int k;
    private final double injectionRate;
    private final int samplePeriod;
    private final String interval;
    private final String heap;

    SetUp(int k, double injectionRate, int samplePeriod, String interval, String heap) {
      this.k = k;
      this.injectionRate = injectionRate;
      this.samplePeriod = samplePeriod;
      this.interval = interval;
      this.heap = heap;
    }

    /** The set-up of a k x k torus, or null when there is none. */
    public static SetUp ofSide(int k) {
      for (SetUp s : values()) {
        if (s.k == k) {
          return s;
        }
      }
      return null;
    }

    public int k() {
      return k;
    }

    public int nodes() {
      return k * k;
    }

    /** The offered load over the channel-load bound of uniform traffic, 8 / k flits a cycle a node. */
    public double fractionOfBound() {
      return injectionRate * k / 8;
    }

    /** The set-up in words, for the table's heading. */
    public String describe() {
      return String.format(Locale.ROOT, "%dx%d torus, uniform one-flit packets, 8 VCs, iSLIP, %.2f of the"
          + " channel-load bound, %,d cycles", k, k, fractionOfBound(), samplePeriod);
    }

    /** BookSim2's configuration: its torus88 example changed as docs/booksim.md gives it. */
    public String config() {
      return String.format(Locale.ROOT, """
          // written by ringfabric bench --booksim: BookSim2's torus88 example, %s
          topology = torus;
          k = %d;
          n = 2;
          use_noc_latency = 0;
          routing_function = dim_order;
          num_vcs = 8;
          vc_buf_size = 8;
          router = iq;
          vc_allocator = islip;
          sw_allocator = islip;
          alloc_iters = 1;
          routing_delay = 1;
          vc_alloc_delay = 1;
          sw_alloc_delay = 1;
          st_final_delay = 1;
          traffic = uniform;
          packet_size = 1;
          injection_process = bernoulli;
          injection_rate_uses_flits = 1;
          injection_rate = %s;
          sim_type = latency;
          warmup_periods = 1;
          sample_period = %d;
          max_samples = 1;
          seed = 0;
          """, describe(), k, injectionRate, samplePeriod);
    }

    /** The heap ringfabric's JVM is given for the run. */
    public String heap() {
      return heap;
    }

    /** ringfabric's simulated time: BookSim2's sample period, a packet time a cycle. */
    public long durationNs() {
      return samplePeriod * PACKET_TIME_NS;
    }

    /**
     * ringfabric's matching run, as overrides of conf/booksim.conf: the same load and simulated
     * time, 8 VCs; the engine is the measurement's choice.
     */
    public List<String> overrides() {
      return List.of("topology.dims=[" + k + "," + k + "]", "fabric.vcs=8",
          "defaults.put-stream.arrival.interval=" + interval, "duration=" + durationNs() + "ns");
    }
  }

  /**
   * What a BookSim2 run reports: the accepted flit rate (flits a cycle a node, all traffic classes)
   * over the whole run's statistics, the cycles the run took, warm-up and drain included, and the
   * wall time of its run loop, seconds.
   */
  public record Output(double acceptedFlitRate, long cycles, double runSeconds) {
    /** Packets delivered, reckoned as docs/booksim.md does: rate x nodes x cycles (one-flit packets). */
    public long delivered(int nodes) {
      return Math.round(acceptedFlitRate * nodes * cycles);
    }
  }

  private static final String OVERALL = "====== Overall Traffic Statistics ======";
  private static final Pattern ACCEPTED = Pattern.compile("(?m)^Accepted flit rate average = ([0-9.eE+-]+)");
  private static final Pattern CYCLES = Pattern.compile("(?m)^Time taken is (\\d+) cycles");
  private static final Pattern RUN_TIME = Pattern.compile("(?m)^Total run time ([0-9.eE+-]+)");

  /**
   * Reads BookSim2's standard output.
   *
   * @throws IllegalArgumentException saying what is missing, when the run did not finish (BookSim2
   *     ends an unstable run without its overall statistics)
   */
  public static Output parse(String text) {
    int overall = text.indexOf(OVERALL);
    if (overall < 0) {
      throw new IllegalArgumentException("BookSim2's output has no overall statistics (" + OVERALL
          + "); its last line: " + lastLine(text));
    }
    String tail = text.substring(overall);
    Matcher accepted = ACCEPTED.matcher(tail);
    double rate = 0;
    boolean any = false;
    while (accepted.find()) { // one a traffic class
      rate += Double.parseDouble(accepted.group(1));
      any = true;
    }
    Matcher cycles = CYCLES.matcher(text);
    Matcher runTime = RUN_TIME.matcher(tail);
    String missing = !any ? "the overall accepted flit rate"
        : !cycles.find() ? "'Time taken is N cycles'"
        : !runTime.find() ? "'Total run time'" : null;
    if (missing != null) {
      throw new IllegalArgumentException("BookSim2's output lacks " + missing + "; its last line: " + lastLine(text));
    }
    return new Output(rate, Long.parseLong(cycles.group(1)), Double.parseDouble(runTime.group(1)));
  }

  private static String lastLine(String text) {
    return text.strip().lines().reduce((a, b) -> b).orElse("(no output)");
  }

  /**
   * The BookSim2 binary at {@code given}: the binary itself, or its source tree (the clone, or its
   * {@code src} directory, where {@code make} leaves {@code booksim}); null when there is none.
   */
  public static Path binary(Path given) {
    for (Path p : List.of(given, given.resolve("booksim"), given.resolve("src").resolve("booksim"))) {
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
