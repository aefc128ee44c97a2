package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --hgrm's files: one per kind that completed anything, in HdrHistogram's percentile format. */
class HgrmFilesTest {
  @TempDir Path dir;

  private static Map<String, LatencyRecorder> latencies() {
    Map<String, LatencyRecorder> m = new LinkedHashMap<>();
    m.put("put", SampleResults.spread(11_500, 700_000, 3_200_000));
    m.put("get", new LatencyRecorder());
    m.put("message/pattern=uniform", SampleResults.spread(10, 1_000_000, 2_000_000));
    return m;
  }

  @Test
  void aFilePerKindThatCompletedNamedAfterIt() throws Exception {
    assertEquals(List.of("put.hgrm", "message-pattern=uniform.hgrm"), HgrmFiles.write(latencies(), dir));
    assertFalse(Files.exists(dir.resolve("get.hgrm")), "no GET completed");
  }

  @Test
  void theFileIsHdrHistogramsPercentileTableInNanoseconds() throws Exception {
    HgrmFiles.write(latencies(), dir);
    List<String> lines = Files.readAllLines(dir.resolve("put.hgrm"));
    assertEquals("Value     Percentile TotalCount 1/(1-Percentile)", lines.get(0).trim());
    LatencyRecorder.Summary s = latencies().get("put").summary();
    String median = lines.stream().filter(l -> l.contains(" 0.500000000000 ")).findFirst().orElseThrow();
    // The value column is nanoseconds to three decimals: the summary's p50, to the picosecond.
    assertEquals(String.format(java.util.Locale.ROOT, "%.3f", s.p50()), median.trim().split("\\s+")[0]);
    String total = lines.stream().filter(l -> l.startsWith("#[Max")).findFirst().orElseThrow();
    // HdrHistogram's own footer: its max is the upper edge of the slowest bucket, 3,200 ns to 0.1%.
    assertTrue(total.matches("#\\[Max += +3201\\.023, Total count += +11500\\]"), total);
    String last = lines.stream().filter(l -> l.contains(" 1.000000000000 ")).findFirst().orElseThrow();
    assertEquals("11500", last.trim().split("\\s+")[2], "every action counted by the last row");
  }

  @Test
  void filesAnEarlierRunLeftAreRemovedAndNothingElse() throws Exception {
    Files.writeString(dir.resolve("roundTrip.hgrm"), "old");
    Files.writeString(dir.resolve("notes.txt"), "mine");
    HgrmFiles.write(latencies(), dir);
    assertFalse(Files.exists(dir.resolve("roundTrip.hgrm")), "not this run's");
    assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
  }
}
