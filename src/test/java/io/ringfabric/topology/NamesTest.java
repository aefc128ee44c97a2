package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Readable names of switches and ports, as traces print them. */
class NamesTest {
  @ParameterizedTest(name = "{0}: port {2} of switch {1} is ''{3}''")
  @CsvSource({
    "mesh 3x3, 4, 0, local",
    "mesh 3x3, 4, 1, +x",
    "mesh 3x3, 4, 2, -x",
    "mesh 3x3, 4, 3, +y",
    "mesh 3x3, 4, 4, -y",
    "mesh 3x3, 0, 2, -x", // named even though no link is behind it
    "torus 4x4, 7, 1, +x",
    "ring 5, 2, 0, local",
    "ring 5, 2, 1, cw",
    "ring 5, 2, 2, ccw",
    "ring 1, 0, 0, local",
    "star 5, 3, 0, local",
    "star 5, 3, 1, to star centre",
    "star 5, 5, 0, unused",
    "star 5, 5, 1, to node 0",
    "star 5, 5, 5, to node 4",
  })
  void portNames(String shape, int switchId, int port, String name) {
    assertEquals(name, Shapes.build(shape).portName(switchId, port));
  }

  @ParameterizedTest(name = "{0}: switch {1} is ''{2}''")
  @CsvSource({
    "mesh 3x3, 0, node 0",
    "torus 4x4, 15, node 15",
    "ring 5, 3, node 3",
    "star 5, 4, node 4",
    "star 5, 5, star centre",
    "star 1, 1, star centre",
  })
  void switchNames(String shape, int switchId, String name) {
    assertEquals(name, Shapes.build(shape).switchName(switchId));
  }
}
