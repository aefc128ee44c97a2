package io.ringfabric.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every scenario shipped in conf/ is valid: a newcomer's first commands must not fail. */
class ShippedScenariosTest {
  @Test
  void everyShippedScenarioLoads() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(Path.of("conf"))) {
      files = s.filter(p -> p.toString().endsWith(".conf")).sorted().toList();
    }
    assertTrue(files.size() >= 5, files.toString());
    for (Path f : files) {
      Scenario scenario = ScenarioLoader.load(f, List.of());
      assertTrue(scenario.processes().size() > 0, f + " runs processes");
    }
  }
}
