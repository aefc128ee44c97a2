package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the cluster commands ends with exit 2 and a message, before any JVM or actor system starts. */
class ClusterCommandTest {
  @TempDir Path dir;

  private static void assertBadInput(String expected, String... args) {
    MainTest.Outcome o = MainTest.run(args);
    assertEquals(2, o.code(), o.err());
    assertTrue(o.err().contains(expected), o.err());
    assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
  }

  @Test
  void localRefusesBadMembersPlacementTimeoutAndTrace() {
    String out = dir.resolve("out").toString();
    assertBadInput("--members must be 1..16", "cluster", "local", "conf/ringfabric.conf", "--members", "17", "--out", out);
    assertBadInput("--members must be 1..16", "cluster", "local", "conf/ringfabric.conf", "--members", "0", "--out", out);
    assertBadInput("--placement: 'random' is not a placement; use one of blocks, round-robin",
        "cluster", "local", "conf/ringfabric.conf", "--placement", "random", "--out", out);
    assertBadInput("--join-timeout must be at least 1s", "cluster", "local", "conf/ringfabric.conf",
        "--join-timeout", "10ms", "--out", out);
    assertBadInput("is a directory", "cluster", "local", "conf/ringfabric.conf", "--trace", dir.toString(),
        "--out", out);
    assertBadInput("scenario file nope.conf", "cluster", "local", "nope.conf", "--out", out);
  }

  @Test
  void memberRefusesBadPortsSeedsAndAPortInUse() throws Exception {
    assertBadInput("--port 70000 is not a TCP port", "cluster", "member", "--port", "70000", "--seeds", "127.0.0.1:2552");
    assertBadInput("--seeds: 'host' is not host:port", "cluster", "member", "--port", "2552", "--seeds", "host");
    assertBadInput("--seeds: 'a b:1' is not host:port", "cluster", "member", "--port", "2552", "--seeds", "a b:1");
    assertBadInput("--host: 'no.such.host.invalid' is not a known host", "cluster", "member", "--host",
        "no.such.host.invalid", "--port", "2552", "--seeds", "127.0.0.1:2552");
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertBadInput("cannot listen on 127.0.0.1:" + port, "cluster", "member", "--port", String.valueOf(port),
          "--seeds", "127.0.0.1:" + port);
    }
    assertBadInput("--trace is for the lead", "cluster", "member", "--port", "2552", "--seeds", "127.0.0.1:2551",
        "--trace", dir.resolve("t.jsonl").toString());
    assertBadInput("--hgrm is for the lead (the first seed, 127.0.0.1:2551)", "cluster", "member", "--port", "2552",
        "--seeds", "127.0.0.1:2551", "--hgrm", dir.resolve("h").toString());
    assertBadInput("--checkpoint-at and --checkpoint are for the lead (the first seed, 127.0.0.1:2551)",
        "cluster", "member", "--port", "2552", "--seeds", "127.0.0.1:2551", "--checkpoint-at", "5us",
        "--checkpoint", dir.resolve("c.ckpt").toString());
    assertBadInput("--checkpoint-at T needs --checkpoint FILE", "cluster", "local", "conf/ringfabric.conf",
        "--checkpoint-at", "5us", "--out", dir.resolve("out").toString());
  }

  @Test
  void clusterAloneAsksForASubcommand() {
    assertBadInput("give one of member, local", "cluster");
  }
}
