package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ringfabric.config.BuiltMachine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Node 1's target side driven by hand, request packets delivered to its module at chosen times
 * (node 0's module, where the answers go, is kept): a request is late only after its initiator's
 * last deadline, and a copy of an action older than the last one served is dropped unanswered.
 */
class TargetSideTest {
  private final Machine machine =
      BuiltMachine.of(TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 256).build()).machine();
  private final EventHarness harness = new EventHarness(machine, machine.layout().module(0));

  private void deliver(long at, long sequence, long giveUpAt) {
    Packet put = Packet.Header.putRequest(new Packet.ActionId(0, 0, sequence), 1, 0, 8, giveUpAt, ElementOrigin.NONE)
        .split(new byte[8], 256)[0];
    harness.add(new Event(at, machine.layout().switchComponent(1), sequence, machine.layout().module(1),
        new MessagingModule.PacketDelivered(put)));
  }

  /** The answers that came back to node 0, as (sequence, status). */
  private List<String> answers() {
    harness.runToEnd();
    return harness.keptEvents.stream().map(e -> ((MessagingModule.PacketDelivered) e.message()).packet())
        .map(p -> p.sequence() + " " + p.status()).toList();
  }

  @Test
  void aRequestAtItsLastDeadlineIsServedAndOneAfterItIsRefused() {
    deliver(1_000_000, 1, 1_000_000);
    deliver(2_000_000, 2, 1_999_999);
    assertEquals(List.of("1 DONE", "2 TIMEOUT"), answers());
    assertEquals(1, machine.module(1).refusedLate());
    assertEquals(1, machine.memory(1).rings().get(0).puts(), "the late one left the ring alone");
  }

  @Test
  void aCopyOfAnOlderActionIsDroppedUnanswered() {
    deliver(1_000_000, 2, Long.MAX_VALUE);
    deliver(2_000_000, 1, Long.MAX_VALUE); // the initiator has finished with action 1
    deliver(3_000_000, 2, Long.MAX_VALUE); // a copy of the last one: answered again from the record
    assertEquals(List.of("2 DONE", "2 DONE"), answers());
    assertEquals(2, machine.module(1).duplicates());
    assertEquals(1, machine.module(1).duplicatesDropped(), "of which the older action's copy, dropped unanswered");
    assertEquals(1, machine.memory(1).rings().get(0).puts(), "applied once");
  }

  @Test
  void aCopyOfTheActionBeingServedIsDroppedAndACopyOfOneServedIsAnswered() {
    deliver(1_000_000, 1, Long.MAX_VALUE);
    deliver(1_010_000, 1, Long.MAX_VALUE); // memory is still applying it: nothing to answer yet
    deliver(3_000_000, 1, Long.MAX_VALUE); // served: answered again from the record
    assertEquals(List.of("1 DONE", "1 DONE"), answers());
    assertEquals(2, machine.module(1).duplicates());
    assertEquals(1, machine.module(1).duplicatesDropped());
    assertEquals(1, machine.memory(1).rings().get(0).puts(), "applied once");
  }

  /**
   * A late packet of a copy already reassembled (here the first of two, again) starts a reassembly
   * that never completes; once its context sends a newer action it goes, so a module keeps at most
   * one per context, not one per action for ever (they went into every checkpoint).
   */
  @Test
  void aReassemblyALatePacketStartedGoesWhenItsContextSendsANewerAction() {
    for (long s = 1; s <= 10; s++) {
      Packet[] put = Packet.Header.putRequest(new Packet.ActionId(0, 0, s), 1, 0, 300, Long.MAX_VALUE,
          ElementOrigin.NONE).split(new byte[300], 256);
      for (int i = 0; i < put.length; i++) {
        harness.add(new Event(s * 10_000_000, machine.layout().switchComponent(1), s * 10 + i,
            machine.layout().module(1), new MessagingModule.PacketDelivered(put[i])));
      }
      harness.add(new Event(s * 10_000_000 + 1_000_000, machine.layout().switchComponent(1), s * 10 + 9,
          machine.layout().module(1), new MessagingModule.PacketDelivered(put[0])));
    }
    assertEquals(10, answers().size(), "each action answered once (TOO_LARGE: 300 bytes over the 256 allowed)");
    assertEquals(1, machine.module(1).partialMessages(), "only the newest action's stray packet is kept");
  }
}
