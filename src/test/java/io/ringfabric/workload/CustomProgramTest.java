package io.ringfabric.workload;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.model.Completion;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Programs of one's own, loaded by class name, with a settings block of their own. */
class CustomProgramTest {

  /** PUTs {@code count} elements of {@code size} bytes to the next node, then finishes. */
  public static final class Counter implements Program {
    private final int count;
    private final int size;
    private int sent;

    public Counter(ProgramSettings s) {
      this.count = s.intValue("count", 1);
      this.size = (int) s.bytes("size", 8);
    }

    @Override
    public void onStart(ProcessApi api) {
      api.put((api.node() + 1) % api.nodes(), 0, new byte[size]);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      if (++sent == count) {
        api.finish();
      } else {
        api.put((api.node() + 1) % api.nodes(), 0, new byte[size]);
      }
    }
  }

  /** Throws on its third completion. */
  public static final class Faulty implements Program {
    private int seen;

    @Override
    public void onStart(ProcessApi api) {
      api.put(api.node(), 0, new byte[8]);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      if (++seen == 3) {
        throw new IllegalStateException("planted failure");
      }
      api.put(api.node(), 0, new byte[8]);
    }
  }

  /** Not a program. */
  public static final class NotAProgram {}

  private static String scenario(String program, String settings) {
    return """
        ringfabric {
          topology { kind = ring, dims = [4] }
          rings = [ { id = 0, capacity = 4KiB, max-element = 64 } ]
          workload.processes = [ { program = "%s", core = 1 %s } ]
        }
        """.formatted(program, settings);
  }

  @Test
  void aProgramOfOnesOwnRunsWithItsSettings() {
    var s = ScenarioLoader.parse(scenario(Counter.class.getName(), ", settings { count = 7, size = 24 }"),
        "test.conf", List.of());
    RunResult r = Simulation.run(s);
    assertEquals(new RunResult.Ops(28, 28, Map.of()), r.ops().get("put"));
    assertEquals(28 * 24, r.bytes().get("put"));
    assertEquals(4, r.processes().finished());
  }

  @Test
  void aProgramThatThrowsStopsWithAnErrorNamingTheProcessAndTheOthersCarryOn() {
    var s = ScenarioLoader.parse("""
        ringfabric {
          topology { kind = ring, dims = [2] }
          rings = [ { id = 0, capacity = 4KiB, max-element = 64 } ]
          workload.processes = [
            { program = "%s", nodes = [0], core = 1 }
            { program = "%s", nodes = [1], core = 1, settings { count = 5 } }
          ]
        }
        """.formatted(Faulty.class.getName(), Counter.class.getName()), "test.conf", List.of());
    RunResult r = Simulation.run(s);
    assertEquals(1, r.processes().failed());
    assertEquals(1, r.processes().finished());
    assertEquals(List.of("node 0 core 1 " + Faulty.class.getName()
        + "[0]#0 stopped: its program threw java.lang.IllegalStateException: planted failure"),
        r.processes().failures());
    assertEquals(3 + 5, r.ops().get("put").ok());
  }

  @Test
  void badClassesAndSettingsAreConfigurationProblems() {
    ConfigException missing = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(scenario("com.example.Nowhere", ""), "test.conf", List.of()));
    assertTrue(missing.problems().get(0).contains(
        "ringfabric.workload.processes[0].program: no class com.example.Nowhere on the class path"),
        missing.problems().toString());
    ConfigException notProgram = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(scenario(NotAProgram.class.getName(), ""), "test.conf", List.of()));
    assertTrue(notProgram.problems().get(0).contains("does not implement io.ringfabric.model.Program"),
        notProgram.problems().toString());
    ConfigException badSetting = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(scenario(Counter.class.getName(), ", settings { count = lots }"),
            "test.conf", List.of()));
    assertTrue(badSetting.problems().get(0).contains("ringfabric.workload.processes[0].settings.count"),
        badSetting.problems().toString());
    ConfigException unknownKey = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(scenario(Counter.class.getName(), ", setings { count = 2 }"),
            "test.conf", List.of()));
    assertTrue(unknownKey.problems().get(0).contains("setings") && unknownKey.problems().get(0).contains("settings"),
        unknownKey.problems().toString());
  }

  @Test
  void aFailedProgramCanEndTheRunTheSameWayOnBothEngines() {
    String hocon = """
        ringfabric {
          on-program-error = end-run
          topology { kind = ring, dims = [2] }
          rings = [ { id = 0, capacity = 4KiB, max-element = 64 } ]
          workload.processes = [
            { program = "%s", nodes = [0], core = 1 }
            { program = "%s", nodes = [1], core = 1, settings { count = 500 } }
          ]
        }
        """.formatted(Faulty.class.getName(), Counter.class.getName());
    var s = ScenarioLoader.parse(hocon, "test.conf", List.of());
    RunResult reference = Simulation.run(s.with("reference", s.actors()));
    RunResult actors = Simulation.run(s.with("actors", s.actors()));
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(reference.events(), actors.events());
    // the reference engine goes window by window then, whatever its run-ahead, to end where the actors do
    RunResult farAhead = Simulation.run(s.with("reference", s.actors()).with(new Scenario.ReferenceSpec(64)));
    assertEquals(reference.fingerprint(), farAhead.fingerprint());
    assertEquals(reference.events(), farAhead.events());
    assertEquals(1, reference.processes().failed());
    assertEquals(1, reference.processes().unfinished(), "the counter was cut short");
    assertTrue(reference.ops().get("put").issued() < 3 + 500);
    var carryOn = ScenarioLoader.parse(hocon.replace("end-run", "carry-on"), "test.conf", List.of());
    assertEquals(3 + 500, Simulation.run(carryOn).ops().get("put").issued());
  }
}
