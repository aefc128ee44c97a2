package io.ringfabric.trace;

import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Small traces built in code, written in the trace file format (header line, then one JSON record
 * a line, default fields left out, gzip when the name ends in .gz), for reader and query tests.
 *
 * <p>{@link #story()} is the slow-PUT story: PUT 3.1.17 to node 9 waits 400 ns behind a busy link
 * at {@code node 3 +x -> node 7}; alongside it a GET, a PUT refused FULL, a BUSY doorbell, a PUT
 * to a node that does not exist, a late response-less op and message records.
 */
public final class SyntheticTrace {
  private SyntheticTrace() {}

  public static final String HEADER = "{\"ringfabric-trace\":1,\"level\":\"all\",\"seed\":7,\"nodes\":16,"
      + "\"scenario\":\"16 nodes on a 4x4 torus, a synthetic story.\",\"from\":0,\"to\":null,\"traceNodes\":null}";

  /** A record builder: fields as in {@link TraceRecord}, defaults null, 0 or -1. */
  public static final class R {
    long t;
    String kind;
    String op;
    String component;
    int node = -1;
    String from;
    String to;
    long bytes;
    String status;
    long wait;
    long dur;
    int ring = -1;
    String port;
    String detail;

    public R op(String v) {
      op = v;
      return this;
    }

    public R from(String v) {
      from = v;
      return this;
    }

    public R to(String v) {
      to = v;
      return this;
    }

    public R bytes(long v) {
      bytes = v;
      return this;
    }

    public R status(String v) {
      status = v;
      return this;
    }

    public R waitPs(long v) {
      wait = v;
      return this;
    }

    public R dur(long v) {
      dur = v;
      return this;
    }

    public R ring(int v) {
      ring = v;
      return this;
    }

    public R port(String v) {
      port = v;
      return this;
    }

    public R detail(String v) {
      detail = v;
      return this;
    }

    public TraceRecord build() {
      return new TraceRecord(t, kind, op, component, -1, node, from, to, bytes, status, wait, dur, ring, port,
          detail);
    }
  }

  /** A record of {@code kind} at {@code t} (ps) by {@code component} of {@code node}. */
  public static R at(long t, String kind, String component, int node) {
    R r = new R();
    r.t = t;
    r.kind = kind;
    r.component = component;
    r.node = node;
    return r;
  }

  /** The record as one line of the file format, without its line end: as the writer writes it. */
  public static String line(TraceRecord r) {
    StringBuilder b = new StringBuilder();
    TraceWriter.Json.record(b, r);
    return b.toString();
  }

  /** Writes a header and records; gzip when the name ends in .gz. Returns the file. */
  public static Path write(Path file, String header, List<TraceRecord> records) throws IOException {
    List<String> lines = new ArrayList<>();
    for (TraceRecord r : records) {
      lines.add(line(r));
    }
    return writeLines(file, header, lines);
  }

  /** Writes a header and lines, each ended by '\n'. */
  public static Path writeLines(Path file, String header, List<String> lines) throws IOException {
    StringBuilder b = new StringBuilder();
    if (header != null) {
      b.append(header).append('\n');
    }
    for (String l : lines) {
      b.append(l).append('\n');
    }
    writeBytes(file, b.toString().getBytes(StandardCharsets.UTF_8), file.toString().endsWith(".gz"));
    return file;
  }

  public static void writeBytes(Path file, byte[] bytes, boolean gzip) throws IOException {
    try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
      out.write(bytes);
    }
  }

  /** Gzip of {@code bytes}. */
  public static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(b)) {
      out.write(bytes);
    }
    return b.toByteArray();
  }

  /** Appends one hop of a packet: queued and sent at {@code port} of {@code owner}, received at {@code next}. */
  private static long hop(List<TraceRecord> out, long t, String op, String owner, int node, String port, long wait,
      String next, int nextNode, String what) {
    long bytes = 96;
    long dur = 76_800;
    out.add(at(t, Kinds.PACKET_QUEUED, owner, node).op(op).bytes(bytes).waitPs(wait).port(port).build());
    out.add(at(t + wait, Kinds.PACKET_SENT, owner, node).op(op).bytes(bytes).waitPs(wait).dur(dur).port(port)
        .detail("packet 1/1 " + what).build());
    long arrive = t + wait + 20_000 + (next.endsWith("module") ? dur : 0);
    out.add(at(arrive, Kinds.PACKET_RECEIVED, next, nextNode).op(op).from(owner).bytes(bytes).build());
    return arrive + (next.endsWith("switch") ? 160_000 : 0);
  }

  /**
   * The story's records in time order (stable by construction order for equal times, as the
   * writer's canonical order would be by component).
   */
  public static List<TraceRecord> story() {
    List<TraceRecord> r = new ArrayList<>();
    // PUT 3.1.17: node 3 -> node 7 -> node 9, waits 400 ns at node 3 +x -> node 7.
    String a = "3.1.17";
    long t = 1_000_000;
    r.add(at(t, Kinds.DOORBELL, "node 3 module", 3).op(a).from("node 3 core 1").bytes(64)
        .detail("put 64 B to node 9 ring 0").build());
    r.add(at(t + 10_000, Kinds.REQUEST_SENT, "node 3 module", 3).op(a).to("node 9 module").bytes(64)
        .detail("attempt 1").build());
    long h = hop(r, t + 10_000, a, "node 3 module", 3, "node 3 module -> switch", 0, "node 3 switch", 3, "put-request");
    h = hop(r, h, a, "node 3 switch", 3, "node 3 +x -> node 7", 400_000, "node 7 switch", 7, "put-request");
    h = hop(r, h, a, "node 7 switch", 7, "node 7 +y -> node 9", 0, "node 9 switch", 9, "put-request");
    h = hop(r, h, a, "node 9 switch", 9, "node 9 switch -> module", 0, "node 9 module", 9, "put-request");
    r.add(at(h, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op(a).from("node 3 module").bytes(64).build());
    r.add(at(h + 5_000, Kinds.MESSAGE, "node 9 memory", 9).op(a).from("node 9 module").detail("RING_PUT").build());
    r.add(at(h + 60_000, Kinds.APPLIED, "node 9 module", 9).op(a).status("DONE").ring(0)
        .detail("ring 0 holds 12 elements, 1234 of 4096 B").build());
    r.add(at(h + 80_000, Kinds.RESPONSE_SENT, "node 9 module", 9).op(a).to("node 3 module").status("DONE").build());
    long back = h + 80_000;
    back = hop(r, back, a, "node 9 module", 9, "node 9 module -> switch", 0, "node 9 switch", 9, "put-response");
    back = hop(r, back, a, "node 9 switch", 9, "node 9 -y -> node 5", 0, "node 5 switch", 5, "put-response");
    back = hop(r, back, a, "node 5 switch", 5, "node 5 -x -> node 3", 0, "node 3 switch", 3, "put-response");
    back = hop(r, back, a, "node 3 switch", 3, "node 3 switch -> module", 0, "node 3 module", 3, "put-response");
    r.add(at(back, Kinds.RESPONSE_ARRIVED, "node 3 module", 3).op(a).from("node 9 module").status("DONE").build());
    long done = back + 10_000;
    r.add(at(done, Kinds.COMPLETED, "node 3 module", 3).op(a).status("DONE").bytes(64).dur(done - t).build());
    r.add(at(done + 90_000, Kinds.MESSAGE, "node 3 core 1", 3).op(a).from("node 3 module").detail("POLL_DONE").build());
    r.add(at(done + 90_000, Kinds.COMPLETION_SEEN, "node 3 core 1", 3).op(a).status("DONE").dur(done + 90_000 - t)
        .build());
    // A BUSY doorbell on the same context while PUT 3.1.17 is in flight.
    r.add(at(t + 200_000, Kinds.DOORBELL, "node 3 module", 3).op("3.1.18").from("node 3 core 1").status("BUSY")
        .detail("put 64 B to node 9 ring 0").build());

    // GET 5.0.4 from node 9: ops level only, no wait.
    stages(r, "5.0.4", 5, 1_100_000, "get from node 9 ring 0", 0, "DONE", true, 700_000);
    // PUT 2.3.8 to node 9: refused FULL.
    stages(r, "2.3.8", 2, 1_200_000, "put 128 B to node 9 ring 0", 128, "FULL", false, 1_000_000);
    // PUT 4.0.2 to a node that does not exist: doorbell and completed only.
    r.add(at(1_300_000, Kinds.DOORBELL, "node 4 module", 4).op("4.0.2").from("node 4 core 0").bytes(64)
        .detail("put 64 B to node 99 ring 0").build());
    r.add(at(1_310_000, Kinds.COMPLETED, "node 4 module", 4).op("4.0.2").status("NO_SUCH_NODE").dur(10_000).build());
    // A switch of no node (a star centre) passing a packet of no operation.
    r.add(at(1_400_000, Kinds.PACKET_RECEIVED, "star centre switch", -1).from("node 1 module").bytes(40).build());
    r.sort(Comparator.comparingLong(TraceRecord::t)); // stable
    return r;
  }

  /** An operation's stages only (an ops-level trace), target node 9. */
  static void stages(List<TraceRecord> r, String op, int node, long t, String detail, long bytes, String status,
      boolean applied, long latency) {
    String me = "node " + node + " module";
    r.add(at(t, Kinds.DOORBELL, me, node).op(op).from("node " + node + " core 0").bytes(bytes).detail(detail).build());
    r.add(at(t + 10_000, Kinds.REQUEST_SENT, me, node).op(op).to("node 9 module").bytes(bytes).detail("attempt 1")
        .build());
    r.add(at(t + 300_000, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op(op).from(me).bytes(bytes).build());
    r.add(at(t + 350_000, applied ? Kinds.APPLIED : Kinds.REFUSED, "node 9 module", 9).op(op).status(status).ring(0)
        .detail("ring 0 holds " + (applied ? 11 : 40) + " elements, " + (applied ? 1170 : 4090) + " of 4096 B")
        .build());
    r.add(at(t + 360_000, Kinds.RESPONSE_SENT, "node 9 module", 9).op(op).to(me).status(status).build());
    r.add(at(t + latency - 10_000, Kinds.RESPONSE_ARRIVED, me, node).op(op).from("node 9 module").status(status)
        .build());
    r.add(at(t + latency, Kinds.COMPLETED, me, node).op(op).status(status).bytes(applied ? bytes : 0).dur(latency)
        .build());
    r.add(at(t + latency + 50_000, Kinds.COMPLETION_SEEN, "node " + node + " core 0", node).op(op).status(status)
        .dur(latency + 50_000).build());
  }

  /**
   * Concurrent serves at node 9 (a second lane), a PUT that times out and retries with a response
   * after it completed, an op still in flight at the end, overlapping packets on one port (a second
   * lane), records of unknown kinds and a BUSY doorbell.
   */
  static List<TraceRecord> tangle() {
    List<TraceRecord> r = new ArrayList<>();
    // Two requests served at node 9 at once: the second goes on a second lane.
    stages(r, "1.0.1", 1, 0, "put 8 B to node 9 ring 0", 8, "DONE", true, 900_000);
    stages(r, "2.0.1", 2, 20_000, "put 8 B to node 9 ring 0", 8, "DONE", true, 900_000);
    // A PUT that times out, retries, and whose first response comes after it completed.
    String op = "3.2.5";
    r.add(at(100_000, Kinds.DOORBELL, "node 3 module", 3).op(op).from("node 3 core 2").detail("put 8 B to node 9 ring 0").build());
    r.add(at(110_000, Kinds.REQUEST_SENT, "node 3 module", 3).op(op).to("node 9 module").detail("attempt 1").build());
    r.add(at(400_000, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op(op).from("node 3 module").build());
    r.add(at(2_110_000, Kinds.REQUEST_SENT, "node 3 module", 3).op(op).to("node 9 module").detail("attempt 2").build());
    r.add(at(4_110_000, Kinds.COMPLETED, "node 3 module", 3).op(op).status("TIMEOUT").dur(4_010_000).build());
    r.add(at(5_000_000, Kinds.RESPONSE_SENT, "node 9 module", 9).op(op).to("node 3 module").status("DONE").build());
    r.add(at(5_300_000, Kinds.RESPONSE_ARRIVED, "node 3 module", 3).op(op).from("node 9 module").status("DONE").build());
    // An op still in flight when the trace ends.
    r.add(at(6_000_000, Kinds.DOORBELL, "node 4 module", 4).op("4.0.9").from("node 4 core 0").detail("get from node 9 ring 0").build());
    r.add(at(6_010_000, Kinds.REQUEST_SENT, "node 4 module", 4).op("4.0.9").to("node 9 module").build());
    r.add(at(6_300_000, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op("4.0.9").from("node 4 module").build());
    // Two packets on one port overlapping (cut-through): a second lane.
    r.add(at(7_000_000, Kinds.PACKET_SENT, "node 5 switch", 5).port("node 5 +x -> node 6").dur(100_000).bytes(96).build());
    r.add(at(7_050_000, Kinds.PACKET_SENT, "node 5 switch", 5).port("node 5 +x -> node 6").dur(100_000).bytes(96).build());
    // Records of unknown kinds and without an op.
    r.add(at(8_000_000, "custom-kind", "node 5 widget", 5).build());
    r.add(at(8_000_000, Kinds.DOORBELL, "node 5 module", 5).status("BUSY").build());
    r.sort(Comparator.comparingLong(TraceRecord::t));
    return r;
  }

  /**
   * {@code ops} operations of packets-level detail from 16 nodes, each to the node five on: its
   * stages and each packet on four hops each way. Start times and latencies fall on random tenths of
   * a nanosecond (seeded), where picoseconds written as microseconds round in a viewer's doubles.
   */
  static List<TraceRecord> busy(int ops, long seed) {
    Random random = new Random(seed);
    List<TraceRecord> r = new ArrayList<>();
    for (int i = 0; i < ops; i++) {
      int node = i % 16;
      int target = (node + 5) % 16;
      String op = node + "." + (i / 16) % 4 + "." + i;
      long t = (i / 64) * 3_000_000L + (i % 64) * 10_000L + random.nextInt(100) * 100L;
      long latency = 1_500_000 + random.nextInt(1000) * 100L;
      busyStages(r, op, node, target, t, latency);
      String me = "node " + node + " module";
      String there = "node " + target + " module";
      long h = hop(r, t + 10_000, op, me, node, me + " -> switch", 0, "node " + node + " switch", node, "put-request");
      h = hop(r, h, op, "node " + node + " switch", node, "node " + node + " +x -> node " + target,
          random.nextInt(4) * 100_000L, "node " + target + " switch", target, "put-request");
      hop(r, h, op, "node " + target + " switch", target, "node " + target + " switch -> module", 0, there, target,
          "put-request");
      long back = t + 400_000;
      back = hop(r, back, op, there, target, there + " -> switch", 0, "node " + target + " switch", target,
          "put-response");
      hop(r, back, op, "node " + target + " switch", target, "node " + target + " -x -> node " + node, 0,
          "node " + node + " switch", node, "put-response");
    }
    r.sort(Comparator.comparingLong(TraceRecord::t));
    return r;
  }

  private static void busyStages(List<TraceRecord> r, String op, int node, int target, long t, long latency) {
    String me = "node " + node + " module";
    String there = "node " + target + " module";
    r.add(at(t, Kinds.DOORBELL, me, node).op(op).from("node " + node + " core 0").bytes(64)
        .detail("put 64 B to node " + target + " ring 0").build());
    r.add(at(t + 10_000, Kinds.REQUEST_SENT, me, node).op(op).to(there).bytes(64).detail("attempt 1").build());
    r.add(at(t + 300_000, Kinds.REQUEST_ARRIVED, there, target).op(op).from(me).bytes(64).build());
    r.add(at(t + 350_000, Kinds.APPLIED, there, target).op(op).status("DONE").ring(0)
        .detail("ring 0 holds " + (t / 100 % 50) + " elements, " + (t / 100 % 50) * 64 + " of 4096 B").build());
    r.add(at(t + 360_000, Kinds.RESPONSE_SENT, there, target).op(op).to(me).status("DONE").build());
    r.add(at(t + latency - 10_000, Kinds.RESPONSE_ARRIVED, me, node).op(op).from(there).status("DONE").build());
    r.add(at(t + latency, Kinds.COMPLETED, me, node).op(op).status("DONE").bytes(64).dur(latency).build());
    r.add(at(t + latency + 50_000, Kinds.COMPLETION_SEEN, "node " + node + " core 0", node).op(op).status("DONE")
        .dur(latency + 50_000).build());
  }
}
