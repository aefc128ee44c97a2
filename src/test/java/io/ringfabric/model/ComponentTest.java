package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every component does around its own handling: the clock, the count and digest of what it
 * handled, events it sends (never into the past), the key order of events, and the least delays
 * between kinds of component that the engines' lookahead rests on.
 *
 * <p>Left alive: the call that traces each message at trace level "all" (Component line 77), a
 * trace-only call whose records the trace package's tests check.
 */
class ComponentTest {
  /** Answers each event with one to component 9, {@code delay} later. */
  private static final class Echo extends Component {
    long delay = 5;

    Echo() {
      super(3, "echo");
    }

    @Override
    protected void handle(Event event) {
      send(9, delay, Core.CoreFree.INSTANCE);
    }
  }

  @Test
  void aComponentKeepsItsClockCountAndDigestAndSendsFromNow() {
    Echo echo = new Echo();
    List<Event> sent = new ArrayList<>();
    echo.attach(sent::add);
    assertEquals("echo", echo.name());
    assertEquals("echo", echo.toString());
    Event first = new Event(100, 1, 0, 3, Core.CoreFree.INSTANCE);
    Event second = new Event(250, 2, 4, 3, Core.CoreFree.INSTANCE);
    echo.deliver(first);
    echo.delay = 0; // at once is allowed
    echo.deliver(second);
    assertEquals(250, echo.lastEventPs());
    assertEquals(2, echo.eventsHandled());
    long digest = 0x52494E4746414252L;
    for (Event e : List.of(first, second)) {
      digest = Component.mix(digest, Component.eventKey(e.time(), e.source(), e.sequence(), e.kind()));
    }
    assertEquals(digest, echo.eventDigest());
    assertEquals(List.of(new Event(105, 3, 0, 9, Core.CoreFree.INSTANCE), new Event(250, 3, 1, 9, Core.CoreFree.INSTANCE)),
        sent);
    echo.delay = -1;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> echo.deliver(second));
    assertEquals("echo sent CORE_FREE into the past", e.getMessage());
  }

  @Test
  void pairsWorkedOutAtOnceCountAndDigestAsOneByOneAndStopBeforeTheNextEvent() {
    Echo one = new Echo();
    Echo all = new Echo();
    for (Echo e : List.of(one, all)) {
      e.attach(x -> {});
      e.takeSequence(); // pair 0's numbers, 1 and 2, the last taken
      e.takeSequence();
      e.takeSequence();
    }
    // pairs at 1,000, 1,050, ... ps; the next event at 1,150 ps from component 3 itself, sequence
    // 6: pair 3 (1,150 ps, sequences 7 and 8) comes after it, pair 2 (1,100 ps) before
    Event next = new Event(1_150, 3, 6, 3, Core.CoreFree.INSTANCE);
    assertEquals(3, all.handledUnpostedPairs(1_000, 50, 1, 10, next, MessageKind.POLL_DONE, MessageKind.CORE_FREE));
    for (int i = 0; i < 3; i++) {
      one.handledUnposted(1_000 + 50 * i, 1 + 2 * i, MessageKind.POLL_DONE);
      one.handledUnposted(1_000 + 50 * i, 2 + 2 * i, MessageKind.CORE_FREE);
      one.takeSequence();
      one.takeSequence();
    }
    assertEquals(one.eventDigest(), all.eventDigest());
    assertEquals(6, all.eventsHandled());
    assertEquals(1_100, all.lastEventPs());
    assertEquals(one.takeSequence(), all.takeSequence(), "the pair after the last handled has its numbers");

    Echo capped = new Echo();
    capped.takeSequence();
    capped.takeSequence();
    assertEquals(2, capped.handledUnpostedPairs(0, 10, 0, 2, next, MessageKind.POLL_DONE, MessageKind.CORE_FREE),
        "at most most");
    assertEquals(6, capped.takeSequence());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> capped.handledUnpostedPairs(100, 10, 0, 2, next, MessageKind.POLL_DONE, MessageKind.CORE_FREE));
    assertEquals("echo worked out pairs from sequence 0 every 10 ps from 100 ps, but its next sequence is 7"
        + " and its time 10 ps", e.getMessage());
  }

  /** Pinned values: digests go into run fingerprints compared across JVMs. */
  @Test
  void theMixAndTheEventKeyAreTheSameFunctionsEverywhere() {
    assertEquals(-2152535657050944081L, Component.mix(0, 0));
    assertEquals(3965022595533706929L, Component.mix(1, 2));
    assertEquals(-7376384718982773735L, Component.mix(-1, 12345));
    assertEquals(-3483270916373305134L, Component.mix(0x52494E4746414252L, 7));
    assertEquals(-4079922058123028726L, Component.eventKey(100, 2, 4, MessageKind.CORE_FREE));
  }

  @Test
  void anEventsKeyTellsEachFieldApart() {
    long key = Component.eventKey(100, 2, 4, MessageKind.CORE_FREE);
    assertNotEquals(key, Component.eventKey(4, 2, 100, MessageKind.CORE_FREE), "time and sequence swapped");
    assertNotEquals(key, Component.eventKey(101, 2, 4, MessageKind.CORE_FREE));
    assertNotEquals(key, Component.eventKey(100, 3, 4, MessageKind.CORE_FREE));
    assertNotEquals(key, Component.eventKey(100, 2, 5, MessageKind.CORE_FREE));
    assertNotEquals(key, Component.eventKey(100, 2, 4, MessageKind.POLL_DONE));
  }

  @Test
  void eventsAreOrderedByTimeThenSourceThenSequence() {
    Event e = new Event(10, 2, 5, 0, Core.CoreFree.INSTANCE);
    assertTrue(e.before(new Event(11, 0, 0, 0, Core.CoreFree.INSTANCE)));
    assertFalse(e.before(new Event(9, 9, 9, 0, Core.CoreFree.INSTANCE)));
    assertTrue(e.before(new Event(10, 3, 0, 0, Core.CoreFree.INSTANCE)));
    assertFalse(e.before(new Event(10, 1, 9, 0, Core.CoreFree.INSTANCE)));
    assertTrue(e.before(new Event(10, 2, 6, 0, Core.CoreFree.INSTANCE)));
    assertFalse(e.before(new Event(10, 2, 4, 0, Core.CoreFree.INSTANCE)));
    assertFalse(e.before(e), "not strictly before itself");
  }

  @Test
  void theLeastDelaysAreTheTimingsEachKindOfMessageWaitsAtLeast() {
    FabricSpec fabric = new FabricSpec(10_000_000_000L, 7_000, 3_000, 256, 16, Switching.CUT_THROUGH);
    TimingSpec timing = new TimingSpec(40_000, 90_000, 10_000_000_000L, 20_000, 0, 0);
    LeastDelays d = new LeastDelays(new MachineSpec(null, fabric, timing, null, 0, Sampling.OFF, false));
    assertEquals(10_000, d.betweenNodes());
    assertEquals(Core.REGISTER_WRITES * 40_000L, d.inNode(ComponentKind.CORE, ComponentKind.MODULE));
    assertEquals(90_000, d.inNode(ComponentKind.CORE, ComponentKind.MEMORY), "less than the register writes");
    assertEquals(20_000, d.inNode(ComponentKind.MODULE, ComponentKind.SWITCH));
    assertEquals(90_000, d.inNode(ComponentKind.MEMORY, ComponentKind.CORE));
    assertEquals(3_000, d.inNode(ComponentKind.SWITCH, ComponentKind.MODULE));
    assertEquals(LeastDelays.NEVER, d.inNode(ComponentKind.SWITCH, ComponentKind.SWITCH), "its own allocation is to itself");
    assertEquals(LeastDelays.NEVER, d.inNode(ComponentKind.CORE, ComponentKind.CORE), "a node's cores never send to each other");
    assertEquals(LeastDelays.NEVER, d.inNode(ComponentKind.SWITCH, ComponentKind.CORE), "a switch never sends to a core");
    assertEquals(LeastDelays.NEVER, d.inNode(ComponentKind.MEMORY, ComponentKind.SWITCH));
  }
}
