package io.ringfabric.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Runs a whole machine like the reference engine, but lets a test add hand-made events, records
 * every posted event, and keeps (does not deliver) the events meant for chosen components.
 */
final class EventHarness {
  final Component[] components;
  final PriorityQueue<Event> queue = new PriorityQueue<>(Event.ORDER);
  final List<Event> posted = new ArrayList<>();
  final Set<Integer> kept;
  final List<Event> keptEvents = new ArrayList<>();
  Event last; // the event delivered last: the one being delivered when a component threw

  EventHarness(Machine m, Integer... keep) {
    components = m.components();
    kept = new HashSet<>(Arrays.asList(keep));
    for (Component c : components) {
      c.attach(e -> {
        posted.add(e);
        queue.add(e);
      });
    }
    for (Component c : components) {
      c.start();
    }
  }

  void add(Event e) {
    queue.add(e);
  }

  void runToEnd() {
    Event e;
    while ((e = queue.poll()) != null) {
      if (kept.contains(e.target())) {
        keptEvents.add(e);
      } else {
        last = e;
        components[e.target()].deliver(e);
      }
    }
  }
}
