package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Message;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.TestScenarios;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever order the components of a node take their turns in, the agenda gives each the events
 * the reference order gives it, in that order: random chains of events inside one node, with
 * the machine's timings and with zero delays (a module or memory that takes no time), checked
 * against one global queue. Each component here is a stand-in whose sends depend on everything
 * it has seen, so a different order shows up as different events too.
 */
class AgendaOrderTest {
  static final Message MESSAGE = () -> MessageKind.DOORBELL;
  static final long[] EXTRA_DELAYS = {0, 0, 0, 1, 7, 1_000, 50_000};
  static final long UNTIL = 2_000_000;

  /** The node's components as stand-ins: each remembers what it saw and sends what that decides. */
  static final class StandIns {
    final int[] ids;
    final int[] kinds;
    final IntraNodeLookahead lookahead;
    final long[] state;
    final long[] sent;
    final List<List<String>> seen = new ArrayList<>();

    StandIns(int[] ids, int[] kinds, IntraNodeLookahead lookahead, long[] sentAtStart) {
      this.ids = ids;
      this.kinds = kinds;
      this.lookahead = lookahead;
      this.state = new long[ids.length];
      this.sent = sentAtStart.clone();
      for (int i = 0; i < ids.length; i++) {
        seen.add(new ArrayList<>());
      }
    }

    void deliver(int child, Event e, Consumer<Event> out) {
      seen.get(child).add(e.time() + "/" + e.source() + "/" + e.sequence());
      long s = state[child] = mix(mix(mix(state[child], e.time()), e.source()), e.sequence());
      for (int k = 0; k < Long.remainderUnsigned(s, 3); k++) {
        s = mix(s, k);
        int to = (int) Long.remainderUnsigned(s, ids.length);
        long least = to == child ? 0 : lookahead.direct(kinds[child], kinds[to]); // to itself: any delay
        long delay = least + EXTRA_DELAYS[(int) Long.remainderUnsigned(s >>> 20, EXTRA_DELAYS.length)];
        if (least < IntraNodeLookahead.NEVER && e.time() + delay <= UNTIL) {
          out.accept(new Event(e.time() + delay, ids[child], sent[child]++, ids[to], MESSAGE));
        }
      }
    }

    static long mix(long h, long v) {
      h ^= v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
      h *= 0xBF58476D1CE4E5B9L;
      return h ^ (h >>> 31);
    }
  }

  @Test
  void everyComponentSeesTheReferenceOrderWithZeroDelaysToo() {
    // mmio, memory, module, switch latency (ps): the defaults, then delays of nothing
    long[][] timings = {{50_000, 60_000, 20_000, 160_000}, {1, 60_000, 0, 160_000},
        {50_000, 0, 20_000, 160_000}, {1, 0, 0, 1}};
    int runs = 0;
    for (long[] t : timings) {
      for (int cores = 1; cores <= 3; cores++) {
        BuiltMachine built = BuiltMachine.of(TestScenarios.torus(2, 2).cores(cores).mmio(t[0]).memoryLatency(t[1])
            .moduleLatency(t[2]).switchLatency(t[3]).build());
        Machine machine = built.machine();
        IntraNodeLookahead lookahead = new IntraNodeLookahead(machine.leastDelays());
        int[] ids = machine.layout().componentsOf(0);
        int[] kinds = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
          kinds[i] = IntraNodeLookahead.kindOf(machine.layout(), ids[i]);
        }
        for (long seed = 0; seed < 600; seed++) {
          for (boolean shuffled : new boolean[] {false, true}) {
            String run = "timings " + Arrays.toString(t) + ", " + cores + " cores, seed " + seed
                + (shuffled ? ", turns in random order" : ", turns as passOn gives them");
            compare(machine, lookahead, ids, kinds, new Random(seed), shuffled, run);
            runs++;
          }
        }
      }
    }
    assertEquals(4 * 3 * 600 * 2, runs);
  }

  private static void compare(Machine machine, IntraNodeLookahead lookahead, int[] ids, int[] kinds,
      Random random, boolean shuffled, String run) {
    List<Event> first = new ArrayList<>();
    long[] sent = new long[ids.length];
    for (int i = 1 + random.nextInt(12); i > 0; i--) {
      int from = random.nextInt(ids.length);
      long time = random.nextInt(4) == 0 ? 0 : random.nextInt(5) * 1_000L;
      first.add(new Event(time, ids[from], sent[from]++, ids[random.nextInt(ids.length)], MESSAGE));
    }
    StandIns reference = new StandIns(ids, kinds, lookahead, sent);
    PriorityQueue<Event> queue = new PriorityQueue<>(Event.ORDER);
    queue.addAll(first);
    while (!queue.isEmpty()) {
      Event e = queue.poll();
      reference.deliver(e.target() - ids[0], e, queue::add);
    }
    StandIns actors = new StandIns(ids, kinds, lookahead, sent);
    Agenda agenda = new Agenda(0, machine.layout(), machine.components(), lookahead);
    agenda.handTo(Agenda.NODE, Agenda.COORDINATOR).take(Agenda.COORDINATOR);
    long width = 1 + random.nextInt(200_000);
    long start = 0;
    List<Event> incoming = first;
    for (long window = 1; ; window++) {
      agenda.open(window, start + width, incoming);
      incoming = List.of();
      if (shuffled) {
        turnsInRandomOrder(agenda, actors, random, ids.length, run);
      } else {
        for (int holder; (holder = agenda.nextHolder()) >= 0; ) {
          assertTrue(turn(agenda, actors, holder, false, random, run) > 0, run + ": the next holder could not go");
        }
      }
      Coordinator.WindowDone done = agenda.report(agenda.holder());
      done.agenda().take(Agenda.COORDINATOR);
      long next = done.next();
      if (next == Long.MAX_VALUE) {
        break;
      }
      start = next;
    }
    assertEquals(reference.seen, actors.seen, run);
  }

  private static void turnsInRandomOrder(Agenda agenda, StandIns actors, Random random, int children, String run) {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < children; c++) {
      order.add(c);
    }
    boolean moved = true;
    while (moved) {
      moved = false;
      Collections.shuffle(order, random);
      for (int child : order) {
        moved |= turn(agenda, actors, child, true, random, run) > 0;
      }
    }
    assertEquals(-1, agenda.nextHolder(), run + ": a due event was left");
  }

  /** One turn of {@code child}: the events it may take (or, cut short at random, some of them). */
  private static int turn(Agenda agenda, StandIns actors, int child, boolean cutShort, Random random, String run) {
    int taken = 0;
    agenda.handTo(agenda.holder(), child).take(child);
    for (Event e; (e = agenda.next(child)) != null; ) {
      taken++;
      actors.deliver(child, e, sent -> agenda.add(child, sent));
      assertNull(agenda.tooSoon(), run);
      if (cutShort && random.nextBoolean()) {
        break;
      }
    }
    return taken;
  }
}
