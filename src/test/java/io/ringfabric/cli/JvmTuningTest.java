package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every JVM ringfabric starts gets the same tuning, before the user's options so that theirs win. */
class JvmTuningTest {
  @Test
  void theLauncherGivesTheTuningBeforeTheUsersOptions() throws IOException {
    String exec = Files.readAllLines(Path.of("bin", "ringfabric")).stream()
        .filter(line -> line.startsWith("exec java ")).reduce((a, b) -> b).orElseThrow();
    assertEquals("exec java " + String.join(" ", JvmTuning.OPTIONS) + " ${RINGFABRIC_JAVA_OPTS:--Xmx4g} -jar \"$jar\" \"$@\"",
        exec);
  }

  @Test
  void membersGetTheTuningFirstAndOnceAndTheirOwnOptionsAfterIt() {
    assertEquals(List.of("-XX:G1ConcRefinementThreads=0", "-Xmx2g", "-XX:G1ConcRefinementThreads=2"),
        JvmTuning.before(MemberJvms.javaOptions("-Xmx2g -XX:G1ConcRefinementThreads=2")));
    assertEquals(List.of("-Xmx1g", "-XX:G1ConcRefinementThreads=0"),
        JvmTuning.before(List.of("-Xmx1g", "-XX:G1ConcRefinementThreads=0")));
    assertTrue(JvmTuning.before(List.of()).containsAll(JvmTuning.OPTIONS));
  }
}
