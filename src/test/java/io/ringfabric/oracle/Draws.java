package io.ringfabric.oracle;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * The oracle's generator: small scenarios over the whole configuration space. Every choice is a
 * jqwik arbitrary of its own, combined without flat-mapping, so a failing case shrinks field by
 * field towards the first choice of each list (the defaults, the plainest shapes) and fewer
 * entries. Sizes and counts are kept small enough that a case runs in well under a second.
 */
final class Draws {
  private Draws() {}

  static final long US = 1_000_000L;
  /** What overflowed a deadline in item 4: about Long.MAX_VALUE picoseconds. */
  static final long HUGE = 9_223_372L * 1_000_000_000_000L;

  static Arbitrary<Draw> draws() {
    Arbitrary<Draw> machine = Combinators.combine(Arbitraries.longs().between(1, 1000), shapes(), fabrics(),
            faults().list().ofMaxSize(2), modules(), rings().list().ofMinSize(1).ofMaxSize(3),
            groups().list().ofMinSize(1).ofMaxSize(5), Arbitraries.integers().between(0, 3))
        .as((seed, shape, fabric, faults, module, rings, groups, cores) ->
            new Draw(seed, shape, fabric, faults, withoutExclusions(module, faults), rings, groups, cores, 500));
    return Combinators.combine(machine, Arbitraries.integers().between(1, 999)).as((d, at) ->
        new Draw(d.seed(), d.shape(), d.fabric(), d.faults(), d.module(), d.rings(), d.groups(), d.cores(), at));
  }

  /** The module as drawn, as validate takes it. */
  private static Draw.Module withoutExclusions(Draw.Module m, List<Draw.Fault> faults) {
    int confirmations = m.confirmations();
    if (!faults.isEmpty() && confirmations == 0) {
      confirmations = -1; // validate refuses 0 where packets can be lost: auto instead
    }
    return new Draw.Module(m.hold(), m.holdLimitPs(), m.timeoutPs(), m.retries(), confirmations, m.direct());
  }

  static Arbitrary<Draw.Shape> shapes() {
    return Combinators.combine(Arbitraries.of(Draw.Kind.class), Arbitraries.integers().between(0, 9),
        Arbitraries.integers().between(0, 9)).as(Draw.Shape::new);
  }

  static Arbitrary<Draw.Fabric> fabrics() {
    return Combinators.combine(bool(), Arbitraries.integers().between(0, 2), Arbitraries.of(8, 1, 2), bool(),
        Arbitraries.integers().between(0, 3), Arbitraries.of(256, 64, 1024), bool()).as(Draw.Fabric::new);
  }

  static Arbitrary<Draw.Fault> faults() {
    Arbitrary<Double> rate = Arbitraries.of(0.0, 1e-3, 1e-2, 5e-2);
    return Combinators.combine(Arbitraries.of(Draw.FaultKind.class), Arbitraries.integers().between(0, 63),
        Arbitraries.integers().between(0, 100), Arbitraries.of(0, 5, 50, 200), rate, rate).as(Draw.Fault::new);
  }

  static Arbitrary<Draw.Module> modules() {
    List<Long> holds = new ArrayList<>(List.of(2 * US, 20 * US, 200_000L, 1000 * US));
    List<Long> timeouts = new ArrayList<>(List.of(100 * US, 1000 * US, 1_000_000 * US, 20 * US, 5 * US, 2 * US));
    holds.add(HUGE);
    timeouts.add(HUGE);
    return Combinators.combine(bool(), Arbitraries.of(holds), Arbitraries.of(timeouts),
        Arbitraries.integers().between(0, 3), Arbitraries.of(-1, 0, 1, 2, 4), bool()).as(Draw.Module::new);
  }

  static Arbitrary<Draw.RingDraw> rings() {
    Arbitrary<Integer> nodePick = Arbitraries.integers().between(0, 8);
    Arbitrary<Integer> access = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(0)),
        Tuple.of(1, Arbitraries.integers().between(1, 8)));
    return Combinators.combine(nodePick, Arbitraries.of(256, 64, 600, 4096, 65536), Arbitraries.of(4, 1, 2, 16),
        Arbitraries.of(8, 64), access, access, bool()).as(Draw.RingDraw::new);
  }

  /** The first half of a group's fields: where it runs and what it aims at. */
  private record Where(Draw.Program program, int nodes, int core, int count, boolean interrupt,
      Draw.Pattern pattern, int node, int ring) {}

  /** The second half: what it moves and how long it goes on. */
  private record How(int size, int sizeMax, int ops, boolean think, boolean retryOnFull, int idleLimit,
      boolean notification) {}

  static Arbitrary<Draw.Group> groups() {
    int most = 200;
    Arbitrary<Integer> counts = Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.integers().between(1, 3)),
        Tuple.of(2, Arbitraries.integers().between(4, 16)), Tuple.of(1, Arbitraries.integers().between(17, most)));
    Arbitrary<Where> where = Combinators.combine(Arbitraries.of(Draw.Program.class),
        Arbitraries.integers().between(0, 8), Arbitraries.integers().between(0, 3), counts, bool(),
        Arbitraries.of(Draw.Pattern.class), Arbitraries.integers().between(0, 8),
        Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.integers().between(0, 2)), Tuple.of(1, Arbitraries.just(3))))
        .as(Where::new);
    Arbitrary<Integer> sizes = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.of(64, 16, 200, 256, 257)),
        Tuple.of(3, Arbitraries.of(600, 601, 1500)), Tuple.of(1, Arbitraries.of(4096, 4097, 65536)));
    Arbitrary<Integer> sizeMax = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(0)),
        Tuple.of(1, Arbitraries.of(256, 700, 5000)));
    // now and then a long stream, which runs beside the late starters of a crowded core
    Arbitrary<Integer> ops = Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.integers().between(1, 12)),
        Tuple.of(1, Arbitraries.integers().between(40, 150)));
    Arbitrary<How> how = Combinators.combine(sizes, sizeMax, ops, bool(), bool(),
        Arbitraries.integers().between(1, 10), bool()).as(How::new);
    return Combinators.combine(where, how).as(Draws::group);
  }

  /**
   * A group from its halves, kept cheap: many processes run on one node and PUT little, large
   * payloads are few, long streams run on one node, and only a few processes retry FULL for the
   * whole run.
   */
  private static Draw.Group group(Where w, How h) {
    boolean many = w.count() > 8;
    int nodes = many && w.nodes() == 0 ? 1 : w.nodes();
    int ops = many || h.size() > 4097 ? Math.min(h.ops(), 3) : w.nodes() == 0 ? Math.min(h.ops(), 12) : h.ops();
    boolean retry = h.retryOnFull() && w.count() <= 2;
    return new Draw.Group(w.program(), nodes, w.core(), w.count(), w.interrupt(), w.pattern(), w.node(), w.ring(),
        h.size(), h.sizeMax(), ops, h.think(), retry, h.idleLimit(), h.notification());
  }

  private static Arbitrary<Boolean> bool() {
    return Arbitraries.of(false, true);
  }
}
