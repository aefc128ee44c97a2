package io.ringfabric.hocon;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import io.ringfabric.model.NodeSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigReaderTest {
  private final Problems problems = new Problems();

  /** A reader over {@code hocon}, its block at path {@code b}, its text named {@code t.conf}. */
  private ConfigReader reader(String hocon) {
    var config = ConfigFactory.parseString(hocon,
        ConfigParseOptions.defaults().setOriginDescription("t.conf"));
    return new ConfigReader(config, "b", problems);
  }

  private List<String> lines() {
    return problems.lines();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "20ns | 20000",
      "0.5ns | 500",
      "1.25 ns | 1250",
      "2us | 2000000",
      "1.5us | 1500000",
      "10ms | 10000000000",
      "1s | 1000000000000",
      "3 nanoseconds | 3000",
      "0.001ns | 1",
      "0 | 0",
      "0ns | 0",
      "1e3ns | 1000000"})
  void durationsAreExactPicoseconds(String text, long ps) {
    assertEquals(ps, reader("v = \"" + text + "\"").durationPs("v", 0, Long.MAX_VALUE));
    assertEquals(List.of(), lines());
  }

  @Test
  void durationWithAnUnknownUnitIsAProblem() {
    assertEquals(0, reader("v = 20 parsecs").durationPs("v", 0, Long.MAX_VALUE));
    assertEquals(List.of("t.conf:1: b.v: must be a duration such as 20ns, 1.5us or 2ms"
        + " (units ns, us, ms, s, m, h, d), not '20 parsecs'"), lines());
  }

  @Test
  void plainNumberDurationNeedsAUnit() {
    reader("v = 20").durationPs("v", 0, Long.MAX_VALUE);
    assertEquals(List.of("t.conf:1: b.v: a duration needs a unit (ns, us, ms, s, m, h, d),"
        + " e.g. 20ns, not 20"), lines());
  }

  @Test
  void durationFinerThanAPicosecondIsAProblem() {
    reader("v = 0.0005ns").durationPs("v", 0, Long.MAX_VALUE);
    assertEquals(List.of("t.conf:1: b.v: is finer than the model's time step of one picosecond"
        + " (0.001ns), not '0.0005ns'"), lines());
  }

  @Test
  void durationOutOfRange() {
    ConfigReader r = reader("zero = 0ns\nneg = -5ns\nhuge = 1000d");
    assertEquals(1, r.durationPs("zero", 1, Long.MAX_VALUE));
    r.durationPs("neg", 0, 1_000_000);
    r.durationPs("huge", 0, Long.MAX_VALUE);
    assertEquals(List.of(
        "t.conf:1: b.zero: must be greater than 0, not '0ns'",
        "t.conf:2: b.neg: must be between 0ns and 1us, not '-5ns'",
        "t.conf:3: b.huge: is beyond the model's clock of about 106 days, not '1000d'"), lines());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "10Gbps | 10000000000",
      "2.5 Gbps | 2500000000",
      "100Mbps | 100000000",
      "1Kbps | 1000",
      "1kbps | 1000",
      "3Tbps | 3000000000000",
      "1e10bps | 10000000000",
      "5GB/s | 40000000000",
      "800MB/s | 6400000000",
      "12.8GB/s | 102400000000",
      "1B/s | 8",
      "10Gb/s | 10000000000",
      "10 Gb/s | 10000000000",
      "2.5 Mb/s | 2500000"})
  void ratesAreBitsPerSecond(String text, long bps) {
    assertEquals(bps, reader("v = \"" + text + "\"").bitsPerSecond("v", 1, Long.MAX_VALUE));
    assertEquals(List.of(), lines());
  }

  @ParameterizedTest
  @ValueSource(strings = {"10 Gbit", "10", "fast", "10Gbs", "10GBps", "10 Pbps", "Gbps"})
  void badRatesNameTheAcceptedForms(String text) {
    reader("v = \"" + text + "\"").bitsPerSecond("v", 1, Long.MAX_VALUE);
    assertEquals(List.of("t.conf:1: b.v: must be a rate such as 10Gbps, 2.5 Gbps, 100Mbps, 1e10bps,"
        + " 5GB/s or 800MB/s (bits: bps or b/s, Kbps, Mbps, Gbps, Tbps; bytes: B/s, KB/s, MB/s, GB/s,"
        + " TB/s), not '" + text + "'"), lines());
  }

  @Test
  void rateBeyondALongIsOutOfRange() {
    reader("v = 2e19bps").bitsPerSecond("v", 1, Long.MAX_VALUE);
    assertEquals(List.of("t.conf:1: b.v: is too large: at most 9223372036854775807 bit/s, not '2e19bps'"), lines());
  }

  @Test
  void sizesTakePlainBytesAndUnits() {
    ConfigReader r = reader("a = 64\nb = 4KiB\nc = 4kB\nd = \"512\"\ne = 256B");
    assertEquals(64, r.bytes("a", 0, Long.MAX_VALUE));
    assertEquals(4096, r.bytes("b", 0, Long.MAX_VALUE));
    assertEquals(4000, r.bytes("c", 0, Long.MAX_VALUE));
    assertEquals(512, r.bytes("d", 0, Long.MAX_VALUE));
    assertEquals(256, r.bytes("e", 0, Long.MAX_VALUE));
    assertEquals(List.of(), lines());
  }

  @Test
  void badSizes() {
    ConfigReader r = reader("a = big\nb = 2.5\nc = [1]\nd = 100000");
    r.bytes("a", 0, 10);
    r.bytes("b", 0, 10);
    r.bytes("c", 0, 10);
    r.bytes("d", 1, 65536);
    assertEquals(List.of(
        "t.conf:1: b.a: must be a size in bytes such as 256, 256B, 4KiB or 4kB, not 'big'",
        "t.conf:2: b.b: must be a size in bytes such as 256, 256B, 4KiB or 4kB, not 2.5",
        "t.conf:3: b.c: must be a size in bytes such as 256, 256B, 4KiB or 4kB, not a list [1]",
        "t.conf:4: b.d: must be between 1 byte and 65536 bytes, not 100000"), lines());
  }

  @Test
  void integersAreWholeAndInRange() {
    ConfigReader r = reader("a = 7\nb = \"8\"\nc = 2.5\nd = x\ne = 200\nf = 1e3");
    assertEquals(7, r.intValue("a", 0, 10));
    assertEquals(8, r.longValue("b", 0, 10));
    assertEquals(0, r.intValue("c", 0, 10));
    assertEquals(0, r.intValue("d", 0, 10));
    assertEquals(1, r.intValue("e", 1, 100));
    assertEquals(1000, r.longValue("f", 0, Long.MAX_VALUE));
    assertEquals(List.of(
        "t.conf:3: b.c: must be a whole number, not 2.5",
        "t.conf:4: b.d: must be a whole number, not 'x'",
        "t.conf:5: b.e: must be between 1 and 100, not 200"), lines());
  }

  @Test
  void doublesAndBooleans() {
    ConfigReader r = reader("a = 0.25\nb = on\nc = maybe\nd = 3");
    assertEquals(0.25, r.doubleValue("a", 0, 1));
    assertTrue(r.booleanValue("b"));
    assertFalse(r.booleanValue("c"));
    assertEquals(0, r.doubleValue("d", 0, 1));
    assertEquals(List.of(
        "t.conf:3: b.c: must be true or false, not 'maybe'",
        "t.conf:4: b.d: must be between 0.0 and 1.0, not 3"), lines());
  }

  @Test
  void missingAndNullValues() {
    ConfigReader r = reader("a = null");
    assertEquals(3, r.intValue("a", 3, 10));
    r.intValue("nope", 0, 1);
    assertEquals(List.of("t.conf:1: b.a: is null; it needs a value", "t.conf:1: b.nope: missing"), lines());
  }

  @Test
  void oneOfNamesTheAllowedValuesAndTheClosest() {
    ConfigReader r = reader("a = actors\nb = actor\nc = [1]");
    assertEquals("actors", r.oneOf("a", "reference", "actors"));
    assertEquals("reference", r.oneOf("b", "reference", "actors"));
    assertEquals("reference", r.oneOf("c", "reference", "actors"));
    assertEquals(List.of(
        "t.conf:2: b.b: must be one of reference, actors, not 'actor' (closest: 'actors')",
        "t.conf:3: b.c: must be one of reference, actors, not a list [1]"), lines());
  }

  @Test
  void nodeSets() {
    ConfigReader r = reader(
        "a = all\nb = [3, 0, 3]\nc = [20]\nd = [16, -1, 2]\ne = some\nf = 5\ng = [1, x]\nh = []");
    assertTrue(r.nodeSet("a", 16).isAll());
    assertArrayEquals(new int[] {0, 3}, r.nodeSet("b", 16).listed());
    r.nodeSet("c", 16);
    assertArrayEquals(new int[] {2, 16}, r.nodeSet("d", 16).listed());
    r.nodeSet("e", 16);
    r.nodeSet("f", 16);
    r.nodeSet("g", 16);
    assertEquals(NodeSet.of(), r.nodeSet("h", 16));
    assertEquals(List.of(
        "t.conf:3: b.c: node 20 does not exist (nodes are 0..15)",
        "t.conf:4: b.d: nodes 16, -1 do not exist (nodes are 0..15)",
        "t.conf:5: b.e: must be all or a list of node ids such as [0, 3], not 'some'",
        "t.conf:6: b.f: must be all or a list of node ids such as [0, 3], not 5",
        "t.conf:7: b.g: must be all or a list of node ids such as [0, 3], but it holds 'x'"),
        lines());
  }

  @Test
  void nodeSetWithUnknownNodeCountChecksOnlyTheIdRange() {
    ConfigReader r = reader("a = [20, 70000]");
    assertArrayEquals(new int[] {20}, r.nodeSet("a", -1).listed());
    assertEquals(List.of("t.conf:1: b.a: node 70000 does not exist (node ids are 0..65535)"),
        lines());
  }

  @Test
  void nodeOrSelf() {
    ConfigReader r = reader("a = self\nb = 7\nc = 99999\nd = me");
    assertEquals(-1, r.nodeOrSelf("a"));
    assertEquals(7, r.nodeOrSelf("b"));
    r.nodeOrSelf("c");
    assertEquals(-1, r.nodeOrSelf("d"));
    assertEquals(List.of(
        "t.conf:3: b.c: must be between 0 and 65535, not 99999",
        "t.conf:4: b.d: must be self or a node id such as 3, not 'me'"), lines());
  }

  @Test
  void childBlocksHaveTheirPath() {
    ConfigReader r = reader("t {\n  ring = 3\n}\nu = 5");
    assertEquals(3, r.child("t").intValue("ring", 0, 10));
    assertEquals("b.t.ring", r.child("t").pathOf("ring"));
    ConfigReader broken = r.child("u");
    // The block's problem is reported once; its keys being missing is not news.
    assertEquals(0, broken.intValue("ring", 0, 10));
    assertEquals(List.of("t.conf:4: b.u: must be a block { ... }, not 5"), lines());
  }

  @Test
  void allowOnlyNamesEveryUnknownKeyAndTheClosestAllowed() {
    reader("size = 1\nsizee = 2\nzzz = 3").allowOnly(Set.of("size", "ops"));
    assertEquals(List.of(
        "t.conf:2: b.sizee: unknown key; closest valid key: 'size'",
        "t.conf:3: b.zzz: unknown key; closest valid key: 'ops'"), lines());
  }

  @Test
  void problemsCarryTheOriginOfTheValue() {
    ConfigReader r = reader("a {\n  b = 1\n}");
    r.problem("a.b", "bad");
    r.problem("nowhere", "bad too");
    // A key the block lacks is reported where the block was written.
    assertEquals(List.of("t.conf:2: b.a.b: bad", "t.conf:1: b.nowhere: bad too"), lines());
  }

  @Test
  void closestAlwaysNamesACandidate() {
    assertEquals("; closest valid key: 'mtu'", Closest.suggestion("mtuu", List.of("mtu", "packet-header")));
    assertEquals("; closest valid key: 'mtu'", Closest.suggestion("zzzzzzzzzz", List.of("mtu")));
    assertEquals("; closest valid program: 'ping-pong'",
        Closest.suggestion("pingpong", List.of("put-stream", "ping-pong"), "program"));
    assertEquals("", Closest.suggestion("x", List.of()));
    assertNull(Closest.nearest("x", List.of()));
  }

  @Test
  void problemsAreReportedOnce() {
    Problems p = new Problems();
    p.add(null, "a", "m");
    p.add(null, "a", "m");
    assertEquals(List.of("a: m"), p.lines());
    assertEquals(2, p.count()); // a repeat still tells a caller that its read went wrong
  }
}
