package io.ringfabric.run;

import io.ringfabric.workload.schedule.Collectives;
import io.ringfabric.workload.schedule.LogGp;
import io.ringfabric.workload.schedule.RankScheduleBuilder;
import io.ringfabric.workload.schedule.Schedule;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LogGP's parameters measured from ringfabric ({@link LogGpFit}), and ringfabric's own times
 * against LogGP's on machines that cannot congest (docs/schedules.md, "Checked against LogGP").
 * Only simulated times are asserted.
 */
public class LogGpFitTest {
  /** Two nodes, neighbours: the machine of docs/schedules.md's first fit. */
  public static final String RING_OF_2 = """
      ringfabric {
        engine = reference
        topology { kind = ring, dims = [2] }
        rings = [ { id = 0, capacity = 64KiB } ]
      }
      """;

  /** A star of 16, one rank a node; ranks wait for an arrival rather than poll. */
  private static final String STAR_OF_16 = """
      ringfabric {
        engine = reference
        topology { kind = star, dims = [16] }
        rings = [ { id = 0, capacity = 64KiB, notify = true } ]
        workload.schedule.wait = notification
      }
      """;

  /** Its fit (docs/schedules.md's table), in ps, as LogGOPSim takes it: L, o, g, G, then O. */
  public static final long[] RING_OF_2_PS = {-519_950, 1_127_100, 1_290_825, 6_785, 4_584};

  private static Schedule broadcast(int ranks, long bytes) {
    return Collectives.generate(Collectives.Pattern.BROADCAST, new Collectives.Settings(ranks, bytes, 1, 0, List.of()));
  }

  private static void assertWithin(double percent, double expected, double actual, String what) {
    assertTrue(Math.abs(actual - expected) <= expected * percent / 100,
        what + ": LogGP " + actual + " ns against ringfabric's " + expected + " ns");
  }

  @Test
  void theFitReadsItsParametersOffTheMeasurements() {
    LogGpFit.Fit f = LogGpFit.of(RING_OF_2).fit();
    LogGp.Params p = f.params();
    assertEquals(236, f.payload(), "256-byte elements less the 20-byte envelope");
    assertEquals(Math.round((f.sendNs() + f.getNs()) / 2 * 1000), p.overheadPs(), "o: the mean of both ends' cost");
    assertEquals(Math.round((f.oneWayNs() - 2 * p.overheadPs() / 1000.0) * 1000), p.latencyPs(), 1, "L = T(1) - 2o");
    assertEquals(f.elementNs() / f.payload(), p.gapPerBytePs() / 1000.0, 0.001, "G: an element's round trip a byte");
    assertTrue(f.oneWayMinNs() <= f.oneWayNs() && f.oneWayNs() <= f.oneWayMaxNs());
    // a 1-byte send holds its rank for the PUT's round trip; back-to-back sends go out about as often
    assertEquals(f.sendNs(), p.gapPs() / 1000.0, f.sendNs() * 0.05);
    assertTrue(f.elementNs() > f.sendNs(), "a full element costs more than a 1-byte one");
    assertEquals(0, p.overheadPerBytePs());
    assertTrue(f.overheadPerByteNs() > 0);
    assertArrayEquals(RING_OF_2_PS, new long[] {p.latencyPs(), p.overheadPs(), p.gapPs(), p.gapPerBytePs(),
        f.logGops().overheadPerBytePs()}, "as docs/schedules.md shows");
    assertEquals(List.of("T(1)", "G", "g", "o", "L", "O"), f.parameters().stream().map(LogGpFit.Parameter::name)
        .toList(), "in the order they are worked out");
  }

  @Test
  void aLongPingPongOnARingOf2IsLogGpsWithin5Percent() {
    LogGpFit fit = LogGpFit.of(RING_OF_2);
    LogGp.Params p = fit.fit().params();
    RankScheduleBuilder a = new RankScheduleBuilder(0);
    a.requires(a.recv(65536, 1, 0), a.send(65536, 1, 0));
    RankScheduleBuilder b = new RankScheduleBuilder(1);
    b.requires(b.send(65536, 0, 0), b.recv(65536, 0, 0));
    Schedule pingPong = new Schedule("ping-pong 64 KiB", List.of(a.build(), b.build()), List.of());
    assertWithin(5, fit.timeNs(pingPong), LogGp.completionNs(pingPong, p), "ping-pong 64 KiB");
  }

  @Test
  void aBroadcastOnAStarWithOneRankANodeIsLogGpsWithin5Percent() {
    LogGpFit fit = LogGpFit.of(STAR_OF_16);
    LogGp.Params p = fit.fit().params();
    for (long bytes : new long[] {8, 65536}) {
      Schedule s = broadcast(16, bytes);
      assertWithin(5, fit.timeNs(s), LogGp.completionNs(s, p), s.source());
    }
  }
}
