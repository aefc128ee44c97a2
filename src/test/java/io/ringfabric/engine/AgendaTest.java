package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Message;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.TestScenarios;
import java.util.List;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agenda decides which event a component may handle next; these cases are the order the
 * reference engine gives, checked without actors. Node 0 of a 2 x 2 torus with 2 cores: children
 * core-0, core-1, module, memory, switch; module work 20 ns, memory 60 ns.
 */
class AgendaTest {
  static final Message DOORBELL = () -> MessageKind.DOORBELL;
  static final int CORE0 = 0;
  static final int CORE1 = 1;
  static final int MODULE = 2;

  final BuiltMachine built = BuiltMachine.of(TestScenarios.torus(2, 2).cores(2).build());
  final Machine machine = built.machine();
  final int first = machine.layout().componentsOf(0)[0];
  final Agenda agenda = new Agenda(0, machine.layout(), machine.components(), new IntraNodeLookahead(machine.leastDelays()));

  AgendaTest() {
    agenda.handTo(Agenda.NODE, Agenda.COORDINATOR).take(Agenda.COORDINATOR);
  }

  /** Opens a window as the coordinator does, leaving the agenda with the coordinator. */
  void open(long window, long end, List<Event> incoming) {
    agenda.open(window, end, incoming);
  }

  /** Gives the agenda to {@code child}, from whoever holds it, as a turn would. */
  Agenda to(int child) {
    return agenda.handTo(agenda.holder(), child).take(child);
  }

  /** The report of the window from whoever holds the agenda; the coordinator holds it again. */
  Coordinator.WindowDone report() {
    Coordinator.WindowDone done = agenda.report(agenda.holder());
    done.agenda().take(Agenda.COORDINATOR);
    return done;
  }

  @Test
  void onlyTheHolderMayTouchTheAgenda() {
    open(1, 100_000, List.of(at(1_000, MODULE, 0, MODULE)));
    Agenda.Handover toModule = agenda.handTo(Agenda.COORDINATOR, MODULE);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> agenda.open(2, 200_000, List.of())); // the coordinator let go of it
    assertEquals("the coordinator touched the agenda of part 0 while a handover in transit holds it"
        + " (a fault in the actor engine)", e.getMessage());
    toModule.take(MODULE);
    String core0 = machine.components()[first + CORE0].name();
    e = assertThrows(IllegalStateException.class, () -> agenda.next(CORE0));
    assertEquals(core0 + " touched the agenda of part 0 while " + machine.components()[first + MODULE].name()
        + " holds it (a fault in the actor engine)", e.getMessage());
    assertThrows(IllegalStateException.class, () -> agenda.add(CORE0, at(30_000, CORE0, 0, CORE0)));
    assertThrows(IllegalStateException.class, () -> agenda.collect(CORE0, List.of(), false, 0));
    assertNotNull(agenda.next(MODULE));
  }

  @Test
  void aHandoverIsTakenOnceAndOnlyByTheHolderItIsFor() {
    Agenda.Handover toCore = agenda.handTo(Agenda.COORDINATOR, CORE0);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> toCore.take(MODULE));
    assertTrue(e.getMessage().contains("with handover 2 for " + machine.components()[first + CORE0].name()), e.getMessage());
    toCore.take(CORE0);
    e = assertThrows(IllegalStateException.class, () -> toCore.take(CORE0)); // taken already
    assertTrue(e.getMessage().endsWith("holds it (a fault in the actor engine)"), e.getMessage());
    Agenda.Handover back = agenda.handTo(CORE0, Agenda.COORDINATOR);
    assertThrows(IllegalStateException.class, () -> toCore.take(CORE0)); // an old handover
    back.take(Agenda.COORDINATOR);
    assertEquals(Agenda.COORDINATOR, agenda.holder());
  }

  Event at(long time, int sourceChild, long sequence, int targetChild) {
    return new Event(time, first + sourceChild, sequence, first + targetChild, DOORBELL);
  }

  @Test
  void aChildWaitsForAnEarlierEventThatCanReachItInTime() {
    Event module = at(1_000, MODULE, 0, MODULE);
    Event core = at(30_000, CORE0, 0, CORE0); // the module can reach a core 20 ns after 1 ns
    open(1, 100_000, List.of(core, module));
    assertNull(to(CORE0).next(CORE0));
    assertSame(module, to(MODULE).next(MODULE));
    assertNull(to(MODULE).next(MODULE));
    assertSame(core, to(CORE0).next(CORE0));
  }

  @Test
  void aChildGoesAheadOfAnEarlierEventThatCannotReachItInTime() {
    Event module = at(1_000, MODULE, 0, MODULE);
    Event core = at(10_000, CORE0, 0, CORE0); // before 1 ns + 20 ns of module work
    open(1, 100_000, List.of(core, module));
    assertSame(core, to(CORE0).next(CORE0));
    assertSame(module, to(MODULE).next(MODULE));
  }

  @Test
  void aNodesCoresGoAheadOfEachOtherByWhatAChainThroughTheMemoryTakes() {
    // a core reaches another only through the memory (60 + 60 ns) or the module, never at once
    Event core0 = at(5_000, CORE0, 3, CORE0); // source core-0 sorts first
    Event core1Tie = at(5_000, CORE1, 0, CORE1);
    Event core1Late = at(125_000, CORE1, 1, CORE1); // 120 ns after core-0's: core-0 could reach it
    open(1, 200_000, List.of(core1Tie, core1Late, core0));
    assertSame(core1Tie, to(CORE1).next(CORE1));
    assertNull(agenda.next(CORE1));
    assertSame(core0, to(CORE0).next(CORE0));
    assertSame(core1Late, to(CORE1).next(CORE1));
  }

  @Test
  void nothingAtOrPastTheWindowsEndIsHandledAndTheReportSaysWhatIsNext() {
    open(7, 50_000, List.of(at(10_000, CORE0, 0, CORE0), at(50_000, CORE0, 1, CORE0)));
    assertNotNull(to(CORE0).next(CORE0));
    assertNull(to(CORE0).next(CORE0));
    agenda.collect(CORE0, List.of(), false, 10_000); // the component's last event of the machine
    Coordinator.WindowDone done = report();
    assertEquals(7, done.window());
    assertEquals(50_000, done.next());
    assertEquals(1, done.events());
    assertEquals(10_000, done.lastEventTime());
    assertEquals(List.of(), done.outgoing());
  }

  @Test
  void eventsForOtherPartsGoOutWithTheReportAndThoseInsideAreQueued() {
    int otherNode = machine.layout().componentsOf(1)[0];
    open(1, 100_000, List.of(at(1_000, MODULE, 0, MODULE)));
    assertNotNull(to(MODULE).next(MODULE));
    Event away = new Event(200_000, first + MODULE, 1, otherNode, DOORBELL);
    Event home = at(21_000, MODULE, 2, CORE0); // 20 ns of work after 1 ns: allowed
    agenda.add(MODULE, away);
    agenda.add(MODULE, home);
    assertNull(agenda.tooSoon());
    assertSame(home, to(CORE0).next(CORE0));
    Coordinator.WindowDone done = report();
    assertEquals(List.of(away), done.outgoing());
    assertEquals(Long.MAX_VALUE, done.next());
    assertEquals(List.of(), report().outgoing()); // a report empties what went out
  }

  @Test
  void aSendSoonerThanTheLeastDelayIsNamed() {
    open(1, 100_000, List.of(at(1_000, MODULE, 0, MODULE)));
    assertNotNull(to(MODULE).next(MODULE));
    agenda.add(MODULE, at(1_500, MODULE, 1, CORE0)); // 0.5 ns after: the module works 20 ns first
    String why = agenda.tooSoon();
    assertNotNull(why);
    assertTrue(why.contains(machine.components()[first + MODULE].name()), why);
    assertTrue(why.contains("500 ps after DOORBELL at 1000 ps, sooner than the 20000 ps"), why);
  }

  @Test
  void anEventDeliveredAtRestIsQueuedForTheNextWindowAndOnlyTheCoordinatorMayDeliver() {
    Event later = at(60_000, CORE0, 0, CORE0);
    agenda.deliver(Agenda.COORDINATOR, later); // between windows, the coordinator holds the agenda
    open(1, 50_000, List.of());
    assertNull(to(CORE0).next(CORE0)); // at or past this window's end
    assertEquals(60_000, report().next());
    Agenda.Handover toCore = agenda.handTo(Agenda.COORDINATOR, CORE0);
    assertThrows(IllegalStateException.class, () -> agenda.deliver(Agenda.COORDINATOR, later));
    toCore.take(CORE0);
    agenda.handTo(CORE0, Agenda.COORDINATOR).take(Agenda.COORDINATOR);
    open(2, 100_000, List.of());
    assertSame(later, to(CORE0).next(CORE0));
  }

  @Test
  void partsAlikeShareOneTableOfLeastDelays() {
    IntraNodeLookahead lookahead = new IntraNodeLookahead(machine.leastDelays());
    int core = IntraNodeLookahead.CORE;
    int module = IntraNodeLookahead.MODULE;
    assertNotEquals(lookahead.path(core, module), lookahead.path(module, core)); // so a swap would show
    IntraNodeLookahead.PartBounds one = lookahead.bounds(new int[] {core, module});
    assertSame(one, lookahead.bounds(new int[] {core, module}));
    assertEquals(lookahead.path(core, module), one.to()[1][0]); // from the core's event to the module
    assertEquals(lookahead.path(module, core), one.from()[1][0]);
    assertEquals(IntraNodeLookahead.NEVER, one.to()[0][0]);
    IntraNodeLookahead.PartBounds other = lookahead.bounds(new int[] {module, core});
    assertEquals(lookahead.path(module, core), other.to()[1][0]);
  }
}
