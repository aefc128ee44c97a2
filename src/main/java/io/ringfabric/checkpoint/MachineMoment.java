package io.ringfabric.checkpoint;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Describe;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.Component;
import io.ringfabric.model.Context;
import io.ringfabric.model.Core;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.MessagingModule;
import io.ringfabric.model.OutputPort;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.Status;
import io.ringfabric.model.Switch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A checkpoint's machine in its own words, for {@code ringfabric inspect}: each ring's occupancy
 * and oldest elements, each busy context, the packets queued at each switch port, and the events
 * pending at each component. Only what is not at rest is shown.
 */
public final class MachineMoment {
  /** Elements shown of each ring, oldest first, and bytes shown of each. */
  static final int OLDEST = 3;
  static final int BYTES_SHOWN = 16;

  private final CheckpointFile file;
  private final Machine machine;
  private final long at;
  private final List<List<Event>> pending;

  private MachineMoment(CheckpointFile file, Machine machine, List<List<Event>> pending) {
    this.file = file;
    this.machine = machine;
    this.at = file.atPs();
    this.pending = pending;
  }

  /** The machine {@code file} holds, read back part by part. */
  public static MachineMoment of(CheckpointFile file) {
    Scenario s = file.scenario("checkpoint", List.of());
    BuiltMachine built = BuiltMachine.of(s);
    Checkpointing restored = new Checkpointing(file, Long.MAX_VALUE, null, file.version());
    restored.prepare(built, file.engine());
    List<List<Event>> pending = new ArrayList<>();
    for (int p = 0; p < built.machine().layout().parts(); p++) {
      pending.add(restored.pending(p));
    }
    return new MachineMoment(file, built.machine(), pending);
  }

  /** The number of nodes of the machine, for checking a {@code --node}. */
  public int nodes() {
    return machine.nodes();
  }

  /** The whole machine ({@code node} &lt; 0), or node {@code node} alone. */
  public String render(int node) {
    StringBuilder out = new StringBuilder();
    out.append("the machine at ").append(SimTime.scaled(at / 1000.0)).append(" (saved by ").append(file.savedBy())
        .append(", ringfabric ").append(file.version()).append(")\n");
    Scenario s = file.scenario("checkpoint", List.of());
    out.append("scenario: ").append(Describe.scenario(s)).append('\n');
    long total = pending.stream().mapToLong(List::size).sum();
    out.append("pending events: ").append(total).append('\n');
    for (int p = 0; p < machine.layout().parts(); p++) {
      if (node >= 0 && p != node) {
        continue;
      }
      String part = part(p);
      if (!part.isEmpty() || node >= 0) {
        out.append('\n').append(p < machine.nodes() ? "node " + p : "switch " + p).append('\n').append(part);
      }
    }
    return out.toString();
  }

  private String part(int p) {
    StringBuilder out = new StringBuilder();
    if (p < machine.nodes()) {
      for (RingBuffer r : machine.memory(p).rings()) {
        ring(out, r);
      }
      contexts(out, machine.module(p));
    }
    ports(out, machine.fabricSwitch(p));
    events(out, pending.get(p));
    return out.toString();
  }

  private void ring(StringBuilder out, RingBuffer r) {
    if (r.elements() == 0) {
      return;
    }
    out.append("  ring ").append(r.id()).append(": ").append(r.elements()).append(" elements, ")
        .append(r.usedBytes()).append(" of ").append(r.capacity()).append(" bytes used (producer at ")
        .append(r.producerPosition()).append(", consumer at ").append(r.consumerPosition()).append(")\n");
    List<byte[]> oldest = r.snapshot();
    for (int i = 0; i < Math.min(OLDEST, oldest.size()); i++) {
      out.append("    ").append(i == 0 ? "oldest: " : "        ").append(hex(oldest.get(i))).append('\n');
    }
  }

  private void contexts(StringBuilder out, MessagingModule module) {
    for (int i = 0; i < module.contextCount(); i++) {
      Context c = module.context(i);
      if (c.status() != Status.BUSY) {
        continue;
      }
      out.append("  context ").append(i).append(" (").append(owner(c)).append("): ").append(c.op())
          .append(" to node ").append(c.targetNode()).append(" ring ").append(c.ring()).append(", ")
          .append(c.length()).append(" B, ").append(c.status()).append(", sequence ").append(c.sequence())
          .append('\n');
    }
  }

  private String owner(Context c) {
    Component core = machine.component(c.ownerCore());
    return core instanceof Core k ? k.outcomes().get(c.ownerProcess()).name() : core.name();
  }

  private void ports(StringBuilder out, Switch s) {
    OutputPort[] ports = s.ports();
    for (int p = 0; p < ports.length; p++) {
      if (!s.hasLink(p)) {
        continue;
      }
      StringBuilder in = new StringBuilder();
      int waitingIn = 0;
      for (int vc = 0; vc < s.channelsPerPort(); vc++) {
        int n = s.waitingAt(p, vc);
        if (n > 0) {
          in.append(in.length() == 0 ? "" : ", ").append("vc ").append(vc).append(": ").append(n);
          waitingIn += n;
        }
      }
      int waitingOut = ports[p].waitingAt(at);
      boolean sending = ports[p].sendingAt(at);
      if (waitingIn == 0 && waitingOut == 0 && !sending) {
        continue;
      }
      List<String> says = new ArrayList<>();
      if (waitingIn > 0) {
        says.add("its input channels hold " + waitingIn + " (" + in + ")");
      }
      if (sending) {
        says.add("1 on the link");
      }
      if (waitingOut > 0) {
        says.add(waitingOut + " queued to go out");
      }
      out.append("  port ").append(ports[p].name()).append(": ").append(String.join("; ", says));
      out.append('\n');
    }
  }

  private void events(StringBuilder out, List<Event> events) {
    Map<Integer, Map<MessageKind, Integer>> byComponent = new TreeMap<>();
    Map<Integer, Long> next = new TreeMap<>();
    for (Event e : events) {
      byComponent.computeIfAbsent(e.target(), k -> new TreeMap<>()).merge(e.kind(), 1, Integer::sum);
      next.merge(e.target(), e.time(), Math::min);
    }
    for (var c : byComponent.entrySet()) {
      int count = c.getValue().values().stream().mapToInt(Integer::intValue).sum();
      out.append("  pending at ").append(machine.component(c.getKey()).name()).append(": ").append(count)
          .append(count == 1 ? " event" : " events").append(", next at ").append(SimTime.scaled(next.get(c.getKey()) / 1000.0))
          .append(" (");
      String sep = "";
      for (var k : c.getValue().entrySet()) {
        out.append(sep).append(k.getKey().name().toLowerCase(Locale.ROOT)).append(' ').append(k.getValue());
        sep = ", ";
      }
      out.append(")\n");
    }
  }

  private static String hex(byte[] element) {
    StringBuilder h = new StringBuilder().append(element.length).append(" B:");
    for (int i = 0; i < Math.min(BYTES_SHOWN, element.length); i++) {
      h.append(' ').append(Character.forDigit((element[i] >> 4) & 0xF, 16)).append(Character.forDigit(element[i] & 0xF, 16));
    }
    return element.length > BYTES_SHOWN ? h.append(" ...").toString() : h.toString();
  }
}
