package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void holdsEveryContractPathWithItsValue() throws Exception {
    JsonNode j = MAPPER.readTree(ResultsJson.toJson(SampleResults.sample()));
    assertEquals("0123456789abcdef0123456789abcdef", j.at("/fingerprint").asText());
    assertEquals("reference", j.at("/engine").asText());
    assertEquals(42, j.at("/seed").asLong());
    assertEquals(16, j.at("/nodes").asInt());
    assertEquals(43_950.25, j.at("/simulatedNs").asDouble());
    assertEquals(2_546_000, j.at("/events").asLong());
    assertEquals(1.25, j.at("/wallSeconds").asDouble());
    assertEquals(12_000, j.at("/ops/put/issued").asLong());
    assertEquals(11_500, j.at("/ops/put/ok").asLong());
    assertEquals(480, j.at("/ops/put/errors/FULL").asLong());
    assertEquals(20, j.at("/ops/put/errors/TIMEOUT").asLong());
    assertEquals(11_400, j.at("/ops/get/issued").asLong());
    assertEquals(11_400, j.at("/ops/get/ok").asLong());
    assertTrue(j.at("/ops/get/errors").isObject());
    assertEquals(0, j.at("/ops/get/errors").size());
    for (String op : List.of("put", "get")) {
      for (String f : List.of("count", "mean", "p50", "p90", "p99", "p999", "max")) {
        assertFalse(j.at("/latencyNs/" + op + "/" + f).isMissingNode(), "latencyNs." + op + "." + f);
      }
    }
    assertEquals(11_500, j.at("/latencyNs/put/count").asLong());
    assertEquals(1200.065, j.at("/latencyNs/put/mean").asDouble());
    assertEquals(3190.783, j.at("/latencyNs/put/p999").asDouble());
    assertEquals(950.0, j.at("/latencyNs/get/max").asDouble());
    assertEquals(736_000, j.at("/bytes/put").asLong());
    assertEquals(729_600, j.at("/bytes/get").asLong());
    assertEquals(100, j.at("/rings/elementsRemaining").asLong());
    assertEquals(6_400, j.at("/rings/bytesRemaining").asLong());
    assertEquals("node 0 east -> node 1", j.at("/links/maxLink").asText());
    assertEquals(1, j.at("/processes/failures").size());
    assertEquals(11_400, j.at("/integrity/checked").asLong());
  }

  @Test
  void fieldsComeInRecordComponentOrder() throws Exception {
    JsonNode j = MAPPER.readTree(ResultsJson.toJson(SampleResults.sample()));
    assertEquals(names(RunResult.class), fieldNames(j));
    assertTrue(j.get("latencies") == null, "the distributions are for --hgrm, not results.json");
    assertEquals(names(RunResult.Links.class), fieldNames(j.get("links")));
    assertEquals(names(LatencyRecorder.Summary.class), fieldNames(j.at("/latencyNs/put")));
    assertEquals(List.of("put", "get", "roundTrip"), fieldNames(j.get("latencyNs")));
    assertEquals(List.of("FULL", "TIMEOUT"), fieldNames(j.at("/ops/put/errors")));
  }

  @Test
  void identicalResultsGiveIdenticalBytes(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    ResultsJson.write(SampleResults.sample(), a);
    ResultsJson.write(SampleResults.sample(), b);
    byte[] first = Files.readAllBytes(a);
    assertArrayEquals(first, Files.readAllBytes(b));
    String text = new String(first, StandardCharsets.UTF_8);
    assertEquals(ResultsJson.toJson(SampleResults.sample()), text);
    assertFalse(text.contains("\r"), "lines end in \\n only");
    assertTrue(text.endsWith("}\n"));
    assertTrue(text.contains("\n  \"fingerprint\": \"0123456789abcdef0123456789abcdef\",\n"), text);
  }

  @Test
  void aDifferentResultGivesDifferentJson() {
    String a = ResultsJson.toJson(SampleResults.sample());
    String b = ResultsJson.toJson(SampleResults.sample(1, 0, List.of()));
    assertFalse(a.equals(b));
  }

  private static List<String> names(Class<? extends Record> type) {
    List<String> out = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      if (!c.isAnnotationPresent(ResultsJson.Omitted.class)) {
        out.add(c.getName());
      }
    }
    return out;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> out = new ArrayList<>();
    node.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
