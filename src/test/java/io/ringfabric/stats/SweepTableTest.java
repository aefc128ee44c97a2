package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepTableTest {
  @Test
  void quotesFieldsAsRfc4180Wants() {
    assertEquals("plain", SweepTable.csvField("plain"));
    assertEquals("\"[4,4]\"", SweepTable.csvField("[4,4]"));
    assertEquals("\"say \"\"hi\"\"\"", SweepTable.csvField("say \"hi\""));
    assertEquals("\"two\nlines\"", SweepTable.csvField("two\nlines"));
    assertEquals("", SweepTable.csvField(""));
  }

  @Test
  void aValueWithACommaIsOneQuotedCell() {
    SweepTable t = new SweepTable(List.of("topology.dims", "fabric.mtu"));
    t.add(List.of("[4,4]", "512"), SampleResults.sample());
    List<String> lines = t.csv().lines().toList();
    assertEquals(2, lines.size());
    assertTrue(lines.get(0).startsWith("topology.dims,fabric.mtu,fingerprint,simulatedNs,events,put_issued,"),
        lines.get(0));
    assertTrue(lines.get(0).endsWith(",link_util_mean,link_util_max,ring_peak_occupancy,errors"), lines.get(0));
    assertTrue(lines.get(1).startsWith("\"[4,4]\",512,0123456789abcdef0123456789abcdef,43950.25,2546000,"),
        lines.get(1));
    assertTrue(t.csv().endsWith("\n"));
  }

  @Test
  void rowHoldsEveryColumnInOrder() {
    SweepTable t = new SweepTable(List.of("k"));
    t.add(List.of("v"), SampleResults.sample());
    String row = t.csv().lines().toList().get(1);
    assertEquals("v,0123456789abcdef0123456789abcdef,43950.25,2546000,12000,11500,500,11400,11400,0,"
        + "1.82025,0.182025,2.5,1.75,856.575,2340.863,3102.719,3190.783,3200,622.079,936.447,,0.1234,0.456,0.875,"
        + "FULL=480;TIMEOUT=20", row);
    assertEquals(SweepTable.RESULT_COLUMNS.size() + 1, t.csv().lines().toList().get(0).split(",").length);
  }

  @Test
  void numbersWithoutExponentOrGrouping() {
    assertEquals("2463550", SweepTable.number(2_463_550.0));
    assertEquals("1388.5", SweepTable.number(1388.5));
    assertEquals("0.000123", SweepTable.number(0.000123));
    assertEquals("12345678.25", SweepTable.number(12_345_678.25));
    assertEquals("0", SweepTable.number(0));
  }

  @Test
  void errorsAddUpByNameInNameOrder() {
    Map<String, RunResult.Ops> ops = new LinkedHashMap<>();
    ops.put("put", new RunResult.Ops(10, 5, Map.of("FULL", 3L, "TIMEOUT", 1L)));
    ops.put("get", new RunResult.Ops(20, 5, Map.of("EMPTY", 10L, "TIMEOUT", 2L)));
    assertEquals("EMPTY=10;FULL=3;TIMEOUT=3", SweepTable.errors(ops));
  }

  @Test
  void tableColumnsLineUp() {
    SweepTable t = new SweepTable(List.of("fabric.switch-latency"));
    t.add(List.of("100ns"), SampleResults.sample());
    t.add(List.of("1600ns"), SampleResults.sample());
    List<String> lines = t.render().lines().toList();
    assertEquals(3, lines.size());
    assertTrue(lines.get(0).startsWith("fabric.switch-latency  put ok/issued"), lines.get(0));
    assertTrue(lines.get(1).contains("11,500/12,000") && lines.get(1).contains("45.6%")
        && lines.get(1).endsWith("FULL=480;TIMEOUT=20"), lines.get(1));
    // The numeric columns end at the same place on every line.
    int end = lines.get(0).indexOf("link max") + "link max".length();
    assertEquals(' ', lines.get(1).charAt(end));
    assertEquals('%', lines.get(1).charAt(end - 1));
    assertEquals('%', lines.get(2).charAt(end - 1));
  }
}
