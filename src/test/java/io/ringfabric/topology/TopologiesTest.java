package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologiesTest {
  // Equivalent mutant left alive: in Topologies.check, want < 0 as want <= 0 (line 71): dimsFor
  // gives -1 or at least 1, never 0.

  @ParameterizedTest(name = "dimsFor({0}) = {1}")
  @CsvSource({"ring, 1", "star, 1", "mesh, 2", "torus, 2", "fattree, -1", "Mesh, -1", "'', -1"})
  void dimsFor(String kind, int dims) {
    assertEquals(dims, Topologies.dimsFor(kind));
  }

  @Test
  void dimsForNullIsUnknown() {
    assertEquals(-1, Topologies.dimsFor(null));
  }

  @Test
  void everyListedKindBuilds() {
    for (String kind : Topologies.KINDS) {
      List<Integer> dims = Topologies.dimsFor(kind) == 1 ? List.of(3) : List.of(3, 2);
      TopologySpec spec = kind.equals(Topologies.FILE) ? TopologyFile.parse("nodes 3\nlink 0 1\nlink 1 2", "t")
          : new TopologySpec(kind, dims);
      Topology t = Topologies.build(spec);
      assertSame(spec, t.spec());
      assertEquals(spec.nodes(), t.nodes());
    }
  }

  @Test
  void invalidSpecsAreRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("hypercube", List.of(4))));
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("mesh", List.of(4))));
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("ring", List.of(4, 4))));
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("torus", List.of(4, 0))));
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("star", List.of(-2))));
    // node ids are 16-bit
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("ring", List.of(65537))));
    assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec("mesh", List.of(65536, 65536))));
  }

  @Test
  void largestTopologiesBuild() {
    assertEquals(65536, Topologies.build(new TopologySpec("ring", List.of(65536))).nodes());
    assertEquals(65537, Topologies.build(new TopologySpec("star", List.of(65536))).switches());
  }

  /** A fat tree's node count is arity^levels: 16^4 = 65536 is the most, 16^5 is refused by its count. */
  @Test
  void fatTreesUpTo65536NodesBuild() {
    Topology t = Topologies.build(new TopologySpec(Topologies.FAT_TREE, List.of(16, 4)));
    assertEquals(65536, t.nodes());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Topologies.build(new TopologySpec(Topologies.FAT_TREE, List.of(16, 5))));
    assertEquals("topology fat-tree [16, 5] has 1048576 nodes, at most 65536 (16-bit node ids)", e.getMessage());
    assertEquals("torus [4, 3]", Topologies.build(new TopologySpec("torus", List.of(4, 3))).toString());
  }

  /** The Calxeda maximum: 4096 nodes as a 64x64 torus, with tables linear in the link count. */
  @Test
  void torus64x64() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    System.gc();
    long before = memory.getHeapMemoryUsage().getUsed();
    Topology t = Topologies.build(new TopologySpec("torus", List.of(64, 64)));
    System.gc();
    long grown = memory.getHeapMemoryUsage().getUsed() - before;

    assertEquals(4096, t.nodes());
    assertEquals(4096, t.switches());
    assertEquals(4 * 4096, t.links().size());
    // ~16k links of ~100 bytes each is about 2 MB; a per-pair table would be 64 MB or more.
    assertTrue(grown < 16L << 20, "64x64 torus kept " + grown + " bytes");

    assertEquals(64, t.hops(0, 32 * 64 + 32)); // the far corner: 32 + 32, ties both ways
    assertEquals(1, t.route(0, 32)); // tie in x -> +x
    assertEquals(2, t.route(0, 63)); // one step back in x
    Random random = new Random(42);
    for (int i = 0; i < 2000; i++) {
      int a = random.nextInt(4096);
      int b = random.nextInt(4096);
      int at = a;
      int steps = 0;
      for (int port = t.route(at, b); port != 0; port = t.route(at, b)) {
        at = t.linkAt(at, port).toSwitch();
        assertTrue(++steps <= 64, "route from " + a + " to " + b + " too long");
      }
      assertEquals(b, at);
      assertEquals(Shapes.expectedHops(t.spec(), a, b), steps);
      assertEquals(steps, t.hops(a, b));
    }
  }
}
