package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SettingsDiffTest {
  private static TreeMap<String, String> settings(String... kv) {
    TreeMap<String, String> m = new TreeMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void namesEachDifferingSettingWithBothValues() {
    var lead = settings("ringfabric.fabric.mtu", "256", "ringfabric.seed", "1", "ringfabric.duration", "10ms");
    var member = settings("ringfabric.fabric.mtu", "512", "ringfabric.seed", "1", "ringfabric.warmup", "1us");
    assertEquals(List.of(
        "ringfabric.duration is not set on the member and 10ms on the lead",
        "ringfabric.fabric.mtu is 512 on the member and 256 on the lead",
        "ringfabric.warmup is 1us on the member and not set on the lead"), SettingsDiff.between(lead, member));
  }

  @Test
  void theEngineAndItsThreadsMayDifferFromHostToHost() {
    var lead = settings("ringfabric.engine", "actors", "ringfabric.actors.threads", "0");
    var member = settings("ringfabric.engine", "reference", "ringfabric.actors.threads", "8");
    assertEquals(List.of(), SettingsDiff.between(lead, member));
  }

  @Test
  void aLongListNamesTheFirstFiveAndCountsTheRest() {
    var lead = new TreeMap<String, String>();
    var member = new TreeMap<String, String>();
    for (int i = 0; i < 7; i++) {
      lead.put("ringfabric.k" + i, "1");
      member.put("ringfabric.k" + i, "2");
    }
    String d = SettingsDiff.describe(SettingsDiff.between(lead, member));
    assertEquals(true, d.startsWith("7 settings differ: ringfabric.k0 is 2 on the member and 1 on the lead;"), d);
    assertEquals(true, d.endsWith("; and 2 more"), d);
  }
}
