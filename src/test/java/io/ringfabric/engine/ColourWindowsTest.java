package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.model.EngineRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The actor engine's two colours ({@link PartColours}, {@link Coordinator}): on an even torus a
 * part takes half as many turns for the same events, in about as many windows; where they cannot be
 * used (a cycle of odd length, or a failed program that ends the run at its window's end) every
 * part runs in every window, as before.
 */
class ColourWindowsTest {

  private static EngineRun run(String... sets) {
    List<String> all = new ArrayList<>(List.of("duration=60us", "actors.threads=2"));
    all.addAll(List.of(sets));
    Scenario s = ScenarioLoader.load(Path.of("conf/ringfabric.conf"), all);
    return ActorEngine.run(BuiltMachine.of(s).machine(), s.actors(), s.durationPs(), null, Progress.NONE);
  }

  @Test
  void onAnEvenTorusEachPartTakesHalfTheTurnsForTheSameEvents() {
    EngineRun colours = run();
    EngineRun every = run("on-program-error=end-run"); // nothing fails: the same run, every part every window
    assertEquals(every.events(), colours.events());
    assertEquals(every.lastEventPs(), colours.lastEventPs());
    // about as many windows: where each starts and ends moves a little with the colours
    assertTrue(Math.abs(colours.windows() - every.windows()) * 20 <= every.windows(),
        colours.windows() + " windows against " + every.windows());
    assertTrue(colours.partsWoken() * 10 < every.partsWoken() * 6,
        colours.partsWoken() + " turns against " + every.partsWoken());
  }

  @Test
  void withAnOddCycleEveryPartRunsInEveryWindowAsBefore() {
    EngineRun odd = run("topology.dims=[5,3]");
    EngineRun every = run("topology.dims=[5,3]", "on-program-error=end-run");
    assertEquals(every.events(), odd.events());
    assertEquals(every.windows(), odd.windows());
    assertEquals(every.partsWoken(), odd.partsWoken());
  }
}
