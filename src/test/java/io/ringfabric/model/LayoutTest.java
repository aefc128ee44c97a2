package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Component ids: each node's cores, module, memory and switch in turn, then the standalone
 * switches. Here 2 nodes of 2 cores (5 components each) and 3 standalone switches: ids 0..12.
 */
class LayoutTest {
  private final Layout layout = new Layout(2, 2, 3);

  @Test
  void eachComponentHasItsKindNodeAndPart() {
    assertEquals(13, layout.components());
    assertEquals(5, layout.parts());
    List<String> seen = new ArrayList<>();
    for (int id = 0; id < layout.components(); id++) {
      seen.add(layout.kindOf(id) + " " + layout.nodeOf(id) + " " + layout.partOf(id));
    }
    assertEquals(List.of("CORE 0 0", "CORE 0 0", "MODULE 0 0", "MEMORY 0 0", "SWITCH 0 0",
        "CORE 1 1", "CORE 1 1", "MODULE 1 1", "MEMORY 1 1", "SWITCH 1 1",
        "SWITCH -1 2", "SWITCH -1 3", "SWITCH -1 4"), seen);
    assertEquals(List.of(4, 9, 10, 12), List.of(layout.switchComponent(0), layout.switchComponent(1),
        layout.switchComponent(2), layout.switchComponent(4)));
    assertEquals(List.of(7, 8, 6), List.of(layout.module(1), layout.memory(1), layout.core(1, 1)));
  }

  @Test
  void aPartsComponentsAreANodesFiveOrOneStandaloneSwitch() {
    assertArrayEquals(new int[] {0, 1, 2, 3, 4}, layout.componentsOf(0));
    assertArrayEquals(new int[] {5, 6, 7, 8, 9}, layout.componentsOf(1));
    assertArrayEquals(new int[] {10}, layout.componentsOf(2));
    assertArrayEquals(new int[] {12}, layout.componentsOf(4));
  }
}
