package io.ringfabric.trace;

import static io.ringfabric.trace.SyntheticTrace.HEADER;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.trace.PerfettoExport.Format;
import io.ringfabric.trace.PerfettoExport.Stats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protobuf export draws what the JSON export draws, as Perfetto reads each. */
class PerfettoProtoTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private record Exported(byte[] bytes, Stats stats) {}

  private Path trace(List<TraceRecord> records) throws IOException {
    return SyntheticTrace.write(dir.resolve("t.jsonl.gz"), HEADER, records);
  }

  private static Exported export(Path trace, Format format, Long from, Long to) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Stats stats;
    try (TraceReader r = TraceReader.open(trace, w -> {
      throw new AssertionError(w);
    })) {
      stats = PerfettoExport.export(r, out, from, to, format);
    }
    return new Exported(out.toByteArray(), stats);
  }

  /** The trace in both formats; checks that they draw one timeline and count alike; returns the protobuf's. */
  private static ProtoTimeline same(Path trace, Long from, Long to) throws IOException {
    Exported json = export(trace, Format.JSON, from, to);
    Exported proto = export(trace, Format.PROTOBUF, from, to);
    TimelineView jsonView = JsonTimeline.view(JSON.readTree(json.bytes()));
    ProtoTimeline read = ProtoTimeline.read(proto.bytes());
    TimelineView protoView = read.view();
    assertEquals(jsonView.tracks(), protoView.tracks());
    assertEquals(jsonView.slices(), protoView.slices());
    assertEquals(jsonView.instants(), protoView.instants());
    assertEquals(jsonView.counters(), protoView.counters());
    assertEquals(jsonView.flows(), protoView.flows());
    assertEquals(json.stats().slices(), protoView.slices().size());
    Stats j = json.stats();
    Stats p = proto.stats();
    assertEquals(List.of(j.slices(), j.instants(), j.flows(), j.counters(), (long) j.processes(), (long) j.threads()),
        List.of(p.slices(), p.instants(), p.flows(), p.counters(), (long) p.processes(), (long) p.threads()));
    assertEquals(p.events(), read.packets);
    return read;
  }

  @Test
  void theStoryIsOneTimelineInBothFormats() throws IOException {
    Path story = trace(SyntheticTrace.story());
    ProtoTimeline read = same(story, null, null);
    assertEquals(6, read.view().flows().size());
    assertEquals(1, read.clears);
    assertEquals(1, read.bundles);
    for (long[] w : new long[][] {{1_500_000, 2_000_000}, {1_190_000, 2_100_000}, {2_000_000, 9_000_000}}) {
      same(story, w[0], w[1]);
    }
    // The window ends after the responses to GET 5.0.4 and PUT 2.3.8 left and before they arrived:
    // their ids start at the serves' slices and end nowhere, so Perfetto draws no arrow, as the
    // JSON has none.
    assertEquals(2, same(story, 0L, 1_600_000L).danglingFlows);
  }

  @Test
  void concurrentServesTimeoutsAndUnfinishedOpsAreOneTimeline() throws IOException {
    ProtoTimeline read = same(trace(SyntheticTrace.tangle()), null, null);
    assertEquals(0, read.danglingFlows); // the response to the PUT that timed out finds it done: no arrow
  }

  @Test
  void dictionariesThatStartAnewStayDefinedBeforeUse() throws IOException {
    Path busy = trace(SyntheticTrace.busy(200, 1));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TraceReader r = TraceReader.open(busy, w -> {})) {
      PerfettoExport.export(r, PerfettoProto.open(out, 50), null, null);
    }
    ProtoTimeline small = ProtoTimeline.read(out.toByteArray());
    ProtoTimeline whole = same(busy, null, null);
    assertTrue(small.clears > 20, small.clears + " clears");
    assertEquals(1, whole.clears);
    assertEquals(whole.view(), small.view());
  }

  @Test
  void aTraceGivesTheSameBytesEachTime() throws IOException {
    Path busy = trace(SyntheticTrace.busy(100, 2));
    for (Format f : Format.values()) {
      assertArrayEquals(export(busy, f, null, null).bytes(), export(busy, f, null, null).bytes(), f.toString());
    }
  }

  @Test
  void aBusyTraceTakesUnderAQuarterOfItsJson() throws IOException {
    Path busy = trace(SyntheticTrace.busy(2_000, 3));
    ProtoTimeline read = same(busy, null, null);
    long json = export(busy, Format.JSON, null, null).bytes().length;
    long proto = export(busy, Format.PROTOBUF, null, null).bytes().length;
    assertTrue(proto * 4 < json, proto + " bytes of protobuf, " + json + " of JSON");
    assertTrue(read.bundles > 1, read.bundles + " bundles");
    JsonNode root = JSON.readTree(export(busy, Format.JSON, null, null).bytes());
    JsonTimeline.validate(root, JsonTimeline.Viewer.DOUBLES);
  }
}
