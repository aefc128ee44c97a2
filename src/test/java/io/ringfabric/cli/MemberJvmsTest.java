package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
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

  /** A member's end in its own words: the last line it wrote as ringfabric's, unless its heap ran out. */
  @Test
  void aMembersLastWordsAreItsLastOwnLineOrItsHeapRunningOut() throws IOException {
    Path log = dir.resolve("member.log");
    Files.writeString(log, "[INFO] [pekko] Cluster Node joined\n"
        + "ringfabric: member 1 of 2 at 127.0.0.1:4000\n"
        + "x".repeat(100_000) + "\n"
        + "ringfabric: the cluster run failed: node 3 core 1 put-stream#0 stopped: its program threw\n");
    assertEquals("the cluster run failed: node 3 core 1 put-stream#0 stopped: its program threw",
        MemberJvms.lastWords(log));
    Files.writeString(log, "ringfabric: member 1 of 2 at 127.0.0.1:4000\n"
        + "Uncaught error from thread [ringfabric-pekko.remote.default-remote-dispatcher-6]: GC overhead limit\n"
        + "java.lang.OutOfMemoryError: GC overhead limit exceeded\n"
        + "\tat org.apache.pekko.dispatch.Mailbox.run(Mailbox.scala:234)\n"
        + "ringfabric: the cluster run failed: member 0 (127.0.0.1:4001) was removed from the cluster\n");
    assertEquals("it ran out of heap (java.lang.OutOfMemoryError: GC overhead limit exceeded); give the members"
        + " more with --member-java-opts -Xmx...", MemberJvms.lastWords(log));
    Files.writeString(log, "[INFO] nothing of its own\n");
    assertNull(MemberJvms.lastWords(log));
    assertNull(MemberJvms.lastWords(dir.resolve("no-such.log")));
  }
}
