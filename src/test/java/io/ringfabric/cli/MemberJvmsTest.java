package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The member JVMs that {@code cluster local} starts get the options it is given, or this JVM's own. */
class MemberJvmsTest {
  @TempDir Path dir;

  @Test
  void givenOptionsAreSplitAtSpacesAndReplaceThisJvmsOwn() {
    assertEquals(List.of("-Xmx2g", "-XX:+UseSerialGC"), MemberJvms.javaOptions("  -Xmx2g   -XX:+UseSerialGC "));
    assertEquals(List.of(), MemberJvms.javaOptions(""));
    List<String> own = MemberJvms.javaOptions(null);
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      assertEquals(!arg.startsWith("-agentlib") && !arg.startsWith("-javaagent") && !arg.startsWith("-Xrunjdwp"),
          own.contains(arg), arg);
    }
  }

  /** Options the JVM refuses are found before any member starts: bad input, not a run that failed. */
  @Test
  void optionsAMemberCannotStartWithAreRefusedBeforeTheRun() {
    MainTest.Outcome o = MainTest.run("cluster", "local", "conf/ringfabric.conf", "--members", "2",
        "--member-java-opts", "-Xmx1k", "--join-timeout", "60s", "--out", dir.resolve("out").toString());
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: --member-java-opts \"-Xmx1k\": the member JVM refuses these options: Too small"
        + " maximum heap", o.err().strip());
    assertFalse(dir.resolve("out").toFile().exists(), "nothing written");
  }
}
