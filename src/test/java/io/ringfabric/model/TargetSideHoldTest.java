package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.RingSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Node 1's target side with {@code module.ring-full = hold}, driven by hand: request packets from
 * nodes 0 and 2 are delivered to node 1's module at chosen times, and the answers that reach
 * nodes 0 and 2 are kept. Ring 0 on node 1 has 32 bytes, room for one 16-byte element (24-byte
 * slot), takes elements up to 16 bytes, and only node 0 may PUT into it.
 */
class TargetSideHoldTest {
  private static final long US = 1_000_000;
  private static final long HOLD_LIMIT = 50 * US;


  /** Node 1 of a three-node mesh, its module driven by hand. */
  private static final class Target {
    final Machine machine;
    final EventHarness harness;
    private long eventSequence = 1_000_000; // clear of the switch's own

    final TraceLines trace = new TraceLines();

    Target(long holdLimit) {
      this(true, holdLimit);
    }

    Target(boolean hold, long holdLimit) {
      TestScenarios t = TestScenarios.of("mesh", 3, 1)
          .ring(new RingSpec(NodeSet.of(1), 0, 32, 16, 8, NodeSet.of(0), NodeSet.all(), false));
      t.holdWhenFull = hold;
      t.holdLimit = holdLimit;
      machine = BuiltMachine.of(t.build()).machine();
      machine.module(1).attachRecorder(trace);
      harness = new EventHarness(machine, machine.layout().module(0), machine.layout().module(2));
    }

    void put(long at, int node, int context, long sequence, int length, long giveUpAt) {
      deliver(at, Packet.Header.putRequest(new Packet.ActionId(node, context, sequence), 1, 0, length, giveUpAt,
          ElementOrigin.NONE).split(new byte[length], 256)[0]);
    }

    void get(long at, int context, long sequence) {
      deliver(at, Packet.Header.getRequest(new Packet.ActionId(0, context, sequence), 1, 0, 256, Long.MAX_VALUE)
          .split(null, 256)[0]);
    }

    private void deliver(long at, Packet p) {
      harness.add(new Event(at, machine.layout().switchComponent(1), eventSequence++, machine.layout().module(1),
          new MessagingModule.PacketDelivered(p)));
    }

    /** Runs to the end; the PUT answers that came back, as "action status", and when each came. */
    Answers answers() {
      harness.runToEnd();
      List<Event> puts = harness.keptEvents.stream()
          .filter(e -> ((MessagingModule.PacketDelivered) e.message()).packet().type() == Packet.Type.PUT_RESPONSE)
          .toList();
      return new Answers(
          puts.stream().map(e -> ((MessagingModule.PacketDelivered) e.message()).packet())
              .map(p -> p.action() + " " + p.status()).toList(),
          puts.stream().map(e -> e.time() / US).toList());
    }

    RingBuffer ring() {
      return machine.memory(1).rings().get(0);
    }
  }

  /** PUT answers as "action status", and the whole microseconds at which each came. */
  private record Answers(List<String> what, List<Long> atUs) {}

  private final Target target = new Target(HOLD_LIMIT);
  private final Machine machine = target.machine;

  private void put(long at, int node, int context, long sequence, int length, long giveUpAt) {
    target.put(at, node, context, sequence, length, giveUpAt);
  }

  private void get(long at, int context, long sequence) {
    target.get(at, context, sequence);
  }

  private Answers answers() {
    return target.answers();
  }

  private RingBuffer ring() {
    return target.ring();
  }

  /**
   * A PUT held for room is bounded by its initiator's last deadline as well as by its hold limit:
   * answered FULL at 11 us, when its initiator (last deadline 10 us after it came) could have given
   * up on it, not at the 50 us hold limit.
   */
  @Test
  void aHeldPutIsAnsweredFullAtItsInitiatorsLastDeadlineWhenThatComesBeforeItsHoldLimit() {
    put(1 * US, 0, 0, 1, 16, Long.MAX_VALUE); // fills the ring
    put(1 * US, 0, 1, 1, 16, 11 * US);
    Answers a = answers();
    assertEquals(List.of("0.0.1 DONE", "0.1.1 FULL"), a.what());
    assertEquals(11, a.atUs().get(1), "answered at its last deadline, 11 us, plus the way back");
    assertEquals(1, ring().puts());
    assertEquals(1, machine.module(1).heldPuts());
  }

  /**
   * Exactly once: once the initiator's last deadline has passed, a held PUT is never applied, and
   * the next action of its context (which replaces the context's record) is served; a GET that
   * then makes room lets in that next action, not the old one. The module used to keep the old
   * PUT held to its hold limit, try it when the GET made room, and throw "got a ring result for
   * action 0.1.1 it has no record of".
   */
  @Test
  void aHeldPutIsNeverAppliedAfterItsInitiatorsLastDeadlineAndTheContextsNextActionIsServed() {
    put(1 * US, 0, 0, 1, 16, Long.MAX_VALUE);
    put(1 * US, 0, 1, 1, 8, 11 * US);
    put(40 * US, 0, 1, 2, 16, Long.MAX_VALUE); // the initiator ended action 1 and went on
    get(45 * US, 0, 2);
    Answers a = answers();
    assertEquals(List.of("0.0.1 DONE", "0.1.1 FULL", "0.1.2 DONE"), a.what());
    assertEquals(2, ring().puts(), "the first PUT and the context's second, never its first");
    assertEquals(16, ring().headLength(), "the element left is the second action's 16 bytes, not the held 8");
  }

  /**
   * The checks that do not depend on room come first also for PUTs that wait behind a held one:
   * access denied and too large are answered at once (a memory access after they come), not FULL
   * at their hold limit; a PUT only room stands in the way of waits its turn.
   */
  @Test
  void aPutBehindAHeldOneIsRefusedAtOnceForAReasonRoomCannotChange() {
    put(1 * US, 0, 0, 1, 16, Long.MAX_VALUE);
    put(1 * US, 0, 1, 1, 16, Long.MAX_VALUE); // held
    put(2 * US, 2, 0, 1, 8, Long.MAX_VALUE); // node 2 may not PUT into ring 0
    put(2 * US, 0, 2, 1, 17, Long.MAX_VALUE); // over the 16-byte limit
    put(2 * US, 0, 3, 1, 8, Long.MAX_VALUE); // would fit no more than the held one
    get(60 * US, 9, 1);
    put(70 * US, 0, 4, 1, 8, Long.MAX_VALUE); // none held or checked any more: straight to the ring
    Answers a = answers();
    assertEquals(List.of("0.0.1 DONE", "2.0.1 ACCESS_DENIED", "0.2.1 TOO_LARGE", "0.1.1 FULL", "0.3.1 FULL",
        "0.4.1 DONE"), a.what());
    assertEquals(List.of(1L, 2L, 2L, 51L, 52L, 70L), a.atUs(), "refusals at once; FULL at each hold limit");
    assertEquals(8, machine.memory(1).accesses(), "two PUTs, three checks at once, a try of 0.3.1 when"
        + " 0.1.1's limit came, a GET, and a PUT unchecked");
    assertEquals(2, machine.module(1).heldPuts());
    assertEquals(List.of(
        "2.0.1 ACCESS_DENIED: ring 0 holds 1 elements, 24 of 32 B",
        "0.2.1 TOO_LARGE: ring 0 holds 1 elements, 24 of 32 B",
        "0.1.1 FULL: held, no room came within the hold limit",
        "0.3.1 FULL: held, no room came within the hold limit"), target.trace.refusals);
  }

  /**
   * A PUT that came while others were held, and was checked, goes in at once if they left
   * meanwhile and there is room: a GET at 2 us makes room while node 0's context 2 is checked.
   */
  @Test
  void aCheckedPutWhoseRingNoLongerHoldsAnyIsTriedAtOnce() {
    put(1 * US, 0, 0, 1, 16, Long.MAX_VALUE);
    put(1 * US, 0, 1, 1, 8, Long.MAX_VALUE); // held: a 16-byte slot does not fit beside a 24-byte one
    get(2 * US, 9, 1);
    put(2_150_000, 0, 2, 1, 8, Long.MAX_VALUE); // sent to be checked while the held one goes in
    get(5 * US, 9, 2);
    put(10 * US, 0, 3, 1, 8, Long.MAX_VALUE); // nothing held or checked any more: straight to the ring
    Answers a = answers();
    assertEquals(List.of("0.0.1 DONE", "0.1.1 DONE", "0.2.1 DONE", "0.3.1 DONE"), a.what());
    assertTrue(a.atUs().get(2) < 4, "not held to its limit: " + a.atUs());
    assertEquals(8, machine.memory(1).accesses(), "two PUTs, one FULL, a GET, the held one's retry, the"
        + " check and then the try of the one checked, a GET, and the last PUT without a check");
  }

  /**
   * A hold limit too large for the clock saturates: the PUT is held until room comes. When
   * {@code now + hold-limit} wrapped into the past, a retry that still found too little room (one
   * 16-byte slot free at 10 us, for a 24-byte one) took the limit for come and answered FULL.
   */
  @Test
  void aHugeHoldLimitHoldsThePutUntilRoomComes() {
    Target t = new Target(Long.MAX_VALUE - 1);
    t.put(1 * US, 0, 0, 1, 8, Long.MAX_VALUE);
    t.put(1 * US, 0, 1, 1, 8, Long.MAX_VALUE); // two 16-byte slots fill the ring
    t.put(1 * US, 0, 2, 1, 16, Long.MAX_VALUE); // held
    t.get(10 * US, 9, 1);
    t.get(30 * US, 9, 2);
    Answers a = t.answers();
    assertEquals(List.of("0.0.1 DONE", "0.1.1 DONE", "0.2.1 DONE"), a.what());
    assertEquals(30, a.atUs().get(2), "let in when the second GET made room enough");
  }

  /**
   * A hold limit of 0 answers FULL a piece of module work (20 ns) after the PUT was held, never
   * sooner: the hold check is never due sooner than that, which the actor engine relies on. So
   * its answer comes exactly 20 ns after nack's.
   */
  @Test
  void aHoldLimitOfZeroAnswersFullOnePieceOfModuleWorkAfterNack() {
    long[] at = new long[2];
    for (int hold = 0; hold < 2; hold++) {
      Target t = new Target(hold == 1, 0);
      t.put(1 * US, 0, 0, 1, 16, Long.MAX_VALUE);
      t.put(2 * US, 0, 1, 1, 16, Long.MAX_VALUE); // the module idle, so nothing else delays the answer
      assertEquals(List.of("0.0.1 DONE", "0.1.1 FULL"), t.answers().what());
      at[hold] = t.harness.keptEvents.get(1).time();
    }
    assertEquals(20_000, at[1] - at[0]);
  }
}
