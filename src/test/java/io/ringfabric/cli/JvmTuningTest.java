package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every JVM ringfabric starts gets the same tuning, before the user's options so that theirs win. */
class JvmTuningTest {
  private static List<String> launcher() throws IOException {
    return Files.readAllLines(Path.of("bin", "ringfabric"));
  }

  @Test
  void theLauncherGivesTheTuningBeforeTheUsersOptions() throws IOException {
    String exec = launcher().stream().filter(line -> line.startsWith("exec java ")).reduce((a, b) -> b).orElseThrow();
    assertEquals("exec java $collector " + String.join(" ", JvmTuning.OPTIONS)
        + " $huge_pages ${RINGFABRIC_JAVA_OPTS:--Xmx4g} -jar \"$jar\" \"$@\"", exec);
    assertTrue(launcher().contains("collector=\"" + String.join(" ", JvmTuning.COLLECTOR) + "\""));
    assertTrue(launcher().contains("  case \"$option\" in -XX:+Use*GC) collector=\"\" ;; esac"),
        "the launcher leaves the collector to a user who chooses one, as choosesCollector does");
  }

  @Test
  void aCollectorTheUserChoosesReplacesOurs() {
    assertTrue(JvmTuning.choosesCollector("-XX:+UseG1GC"));
    assertTrue(JvmTuning.choosesCollector("-XX:+UseSerialGC"));
    assertFalse(JvmTuning.choosesCollector("-XX:+UseTransparentHugePages"));
    assertFalse(JvmTuning.choosesCollector("-XX:-UseParallelGC"));
    List<String> own = List.of("-Xmx256m", "-XX:+UseSerialGC");
    List<String> options = JvmTuning.before(own);
    for (String option : JvmTuning.COLLECTOR) {
      assertFalse(options.contains(option), option + " with the user's own collector");
    }
    assertTrue(options.containsAll(JvmTuning.OPTIONS));
    assertEquals(own, options.subList(options.size() - 2, options.size()));
    assertTrue(JvmTuning.before(List.of("-Xmx1g")).containsAll(JvmTuning.COLLECTOR));
  }

  @Test
  void theMethodsKeptOutOfLineExist() throws ClassNotFoundException {
    for (String m : JvmTuning.NOT_INLINED) {
      String[] classAndMethod = m.split("::");
      Class<?> c = Class.forName("io.ringfabric.model." + classAndMethod[0]);
      assertTrue(Arrays.stream(c.getDeclaredMethods()).anyMatch(d -> d.getName().equals(classAndMethod[1])),
          m + " is a method of the model (renamed? then JvmTuning.NOT_INLINED names nothing)");
      assertTrue(JvmTuning.OPTIONS.contains("-XX:CompileCommand=dontinline,io.ringfabric.model." + m));
    }
  }

  @Test
  void theLauncherAsksForHugePagesWhereJvmTuningDoes() throws IOException {
    List<String> lines = launcher();
    assertTrue(lines.contains("if grep -qE '\\[(always|madvise)\\]' " + JvmTuning.HUGE_PAGES_SETTING
        + " 2>/dev/null; then"), "the launcher reads the kernel's setting as offersHugePages does");
    assertTrue(lines.contains("  huge_pages=\"" + JvmTuning.HUGE_PAGES + "\""));
  }

  @Test
  void hugePagesOnlyWhereTheKernelOffersThem() {
    assertTrue(JvmTuning.offersHugePages("always [madvise] never\n"));
    assertTrue(JvmTuning.offersHugePages("[always] madvise never\n"));
    assertFalse(JvmTuning.offersHugePages("always madvise [never]\n"));
    assertFalse(JvmTuning.offersHugePages(""));
  }

  @Test
  void membersGetTheTuningFirstAndOnceAndTheirOwnOptionsAfterIt() {
    List<String> tuning = JvmTuning.options();
    assertEquals(JvmTuning.COLLECTOR, tuning.subList(0, JvmTuning.COLLECTOR.size()));
    List<String> expected = new ArrayList<>(tuning);
    expected.addAll(List.of("-Xmx2g", "-XX:G1ConcRefinementThreads=2"));
    assertEquals(expected, JvmTuning.before(MemberJvms.javaOptions("-Xmx2g -XX:G1ConcRefinementThreads=2")));
    List<String> own = new ArrayList<>(tuning);
    own.remove("-XX:G1ConcRefinementThreads=0");
    own.addAll(List.of("-Xmx1g", "-XX:G1ConcRefinementThreads=0"));
    assertEquals(own, JvmTuning.before(own), "an option the user gave is not given twice");
    assertTrue(JvmTuning.before(List.of()).containsAll(JvmTuning.OPTIONS));
  }
}
