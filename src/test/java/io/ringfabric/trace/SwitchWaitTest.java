package io.ringfabric.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Simulation;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trace op} counts a packet's time in a switch past the switch's latency as a wait: under
 * credit flow control a switch records its packets as sent with no wait of their own.
 */
class SwitchWaitTest {
  @TempDir Path dir;

  private Journey follow(String op) throws IOException {
    Scenario s = ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of("duration=30us"));
    Path file = dir.resolve("default.jsonl.gz");
    Simulation.run(BuiltMachine.of(s), "reference", new TraceOptions(file, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    try (TraceReader r = TraceReader.open(file, w -> { })) {
      return TraceQuery.journey(r, op);
    }
  }

  @Test
  void theTraceSaysItsSwitchLatency() {
    TraceReader.Header h = new TraceReader.Header(1, "packets", 1L, 16, "16 nodes on a 4x4 torus, 4 cores and 64"
        + " contexts per node; links 10 Gb/s, 160 ns switch + 20 ns wire per hop, MTU 256 B", 0L, null, null);
    assertEquals(160_000, h.switchLatencyPs());
    assertEquals(-1, new TraceReader.Header(1, "packets", 1L, 16, "a synthetic story", 0L, null, null)
        .switchLatencyPs());
  }

  @Test
  void aPacketHeldInASwitchPastItsLatencyWaitedThere() throws IOException {
    // 4.3.1, a PUT from node 4 to node 14 in the default scenario, spends 191.2 ns in node 10's
    // switch (160 ns latency): its packet waited 31.2 ns there, unrecorded.
    Journey j = follow("4.3.1");
    assertEquals(160_000, j.switchLatencyPs());
    Map<TraceRecord, Long> waits = j.switchWaits();
    assertEquals(1, waits.size(), waits.toString());
    TraceRecord sent = waits.keySet().iterator().next();
    assertEquals("node 10 switch", sent.component());
    assertEquals(31_200, waits.get(sent));
    String text = j.render("default.jsonl.gz");
    assertTrue(text.lines().anyMatch(l -> l.contains("packet-sent") && l.contains("node 10 switch")
        && l.endsWith("WAITED 31.200 ns in node 10 switch")), text);
    assertEquals(9, text.lines().filter(l -> l.contains("packet-sent") && l.contains("switch [")
        && l.endsWith("no wait")).count(), "the other nine hops through switches, there and back: " + text);
    assertTrue(text.contains("waiting: 132.000 ns in all, 2 waits (100.800 ns for links, 31.200 ns in switches past"
        + " their latency); the longest 100.800 ns at node 4 module -> switch"), text);
  }

  @Test
  void everyHopsTimeInASwitchIsItsLatencyAndItsWaits() throws IOException {
    Journey j = follow("4.3.1");
    Map<TraceRecord, Long> waits = j.switchWaits();
    int hops = 0;
    for (int i = 0; i < j.records().size(); i++) {
      TraceRecord sent = j.records().get(i);
      if (!Kinds.PACKET_SENT.equals(sent.kind()) || !sent.component().endsWith(" switch")) {
        continue;
      }
      TraceRecord received = null;
      for (int k = i - 1; k >= 0 && received == null; k--) {
        TraceRecord r = j.records().get(k);
        received = Kinds.PACKET_RECEIVED.equals(r.kind()) && r.component().equals(sent.component()) ? r : null;
      }
      hops++;
      assertEquals(sent.t() - received.t(), 160_000 + sent.waitPs() + waits.getOrDefault(sent, 0L), sent.toString());
    }
    assertEquals(10, hops, "five switches each way");
  }
}
