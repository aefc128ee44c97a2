package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Progress;
import io.ringfabric.run.Simulation;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Members over TLS with mutual authentication: the one-JVM results, and a stranger kept out. */
@Tag("cluster")
class TlsTest {
  @TempDir Path dir;

  @Test
  void twoMembersOverTlsGiveTheOneJvmFingerprint() throws Exception {
    Tls keys = Tls.throwaway(dir.resolve("tls"));
    assertNull(keys.problem());
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "duration=20us");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<Object> lead = threads.submit(() -> ClusterMembers.end(s, leadPort, seed, 2, Duration.ofSeconds(60),
          "test", keys.artery()));
      Future<Object> member = threads.submit(() -> ClusterMembers.end(s, 0, seed, 2, Duration.ofSeconds(60),
          "test", keys.artery()));
      Lead.Finished finished = assertInstanceOf(Lead.Finished.class, lead.get(120, TimeUnit.SECONDS));
      assertEquals("ran", member.get(60, TimeUnit.SECONDS));
      assertEquals(Simulation.run(BuiltMachine.of(s), "reference").fingerprint(), finished.result().fingerprint());
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * The lead hands over its results while it is still in the cluster (its port still listens),
   * and leaves after: leaving once took 20 s, and the report waited for it.
   */
  @Test
  void theLeadReportsBeforeItLeaves() throws Exception {
    Tls keys = Tls.throwaway(dir.resolve("tls"));
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "duration=5us");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<Object> member = threads.submit(() -> ClusterMembers.end(s, 0, seed, 2, Duration.ofSeconds(60),
          "test", keys.artery()));
      Future<String> lead = threads.submit(() -> ClusterRun.member(s, new ClusterRun.Options("127.0.0.1", leadPort,
          List.of(seed), 2, "blocks", Duration.ofSeconds(60), null, "test",
          ClusterMembers.FAST.withFallback(keys.artery())), line -> { }, new CompletableFuture<>(), Progress.NONE,
          Checkpointing.none(), finished -> finished.result().fingerprint() + (listening(leadPort) ? " in" : " gone")));
      String reported = lead.get(120, TimeUnit.SECONDS);
      assertEquals(Simulation.run(BuiltMachine.of(s), "reference").fingerprint() + " in", reported);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a loaded host may be slow to close it
      while (listening(leadPort) && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertFalse(listening(leadPort), "the lead left the cluster once it had reported");
      assertEquals("ran", member.get(60, TimeUnit.SECONDS));
    } finally {
      threads.shutdownNow();
    }
  }

  private static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A member with a certificate of its own, which trusts the lead but the lead does not trust:
   * refused, and both say so; a member that does not trust the lead, and one without TLS, say
   * that. Each ends at once with exit 2, not after its join timeout blaming a missing lead.
   */
  @Test
  void aMemberThatCannotSpeakWithTheLeadSaysWhy() throws Exception {
    Tls lead = Tls.throwaway(dir.resolve("lead"));
    Tls stranger = Tls.throwaway(dir.resolve("stranger"));
    Tls strangerTrustingTheLead = new Tls(stranger.keyStore(), stranger.keyStorePassword(), lead.trustStore(),
        lead.trustStorePassword());
    Tls leadsKeyTrustingAStranger = new Tls(lead.keyStore(), lead.keyStorePassword(), stranger.trustStore(),
        stranger.trustStorePassword());
    LogCapture said = LogCapture.of(TrustedMembers.class);
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "duration=5us");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    Duration join = Duration.ofSeconds(60); // the members end long before: a test that waits it out fails
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<Object> waiting = threads.submit(() -> ClusterMembers.end(s, leadPort, seed, 2, Duration.ofSeconds(90),
          "test", lead.artery()));
      long began = System.nanoTime();
      ClusterRun.MemberFailed refused = assertInstanceOf(ClusterRun.MemberFailed.class,
          ClusterMembers.end(s, 0, seed, 2, join, "test", strangerTrustingTheLead.artery()));
      assertEquals(2, refused.exitCode());
      assertEquals("the lead (" + seed + ") refused this member's certificate (TLS alert certificate_unknown): its"
          + " trust store (--tls-truststore) must hold it", refused.getMessage());
      ClusterRun.MemberFailed untrusting = assertInstanceOf(ClusterRun.MemberFailed.class,
          ClusterMembers.end(s, 0, seed, 2, join, "test", leadsKeyTrustingAStranger.artery()));
      assertEquals(2, untrusting.exitCode());
      assertEquals("this member does not trust the certificate of the lead (" + seed + "): this member's trust store"
          + " (--tls-truststore) must hold it", untrusting.getMessage());
      ClusterRun.MemberFailed plain = assertInstanceOf(ClusterRun.MemberFailed.class,
          ClusterMembers.end(s, 0, seed, 2, join, "test"));
      assertEquals(2, plain.exitCode());
      assertEquals("the lead (" + seed + ") speaks TLS and this member does not: start it with the lead's"
          + " --tls-keystore and --tls-truststore (or both without)", plain.getMessage());
      assertTrue(System.nanoTime() - began < join.toNanos(), "the members ended before their join timeout");
      Object leadEnd = waiting.get(120, TimeUnit.SECONDS);
      assertTrue(leadEnd instanceof RuntimeException e && e.getMessage().contains("only 1 of 2 members joined"),
          String.valueOf(leadEnd));
    } finally {
      threads.shutdownNow();
      said.close();
    }
    assertTrue(said.events().stream().anyMatch(e -> e.getFormattedMessage().startsWith(
        "refused a member: its certificate (CN=ringfabric cluster member) is not trusted here (PKIX path")),
        said.events().toString());
  }

  /** How a failed handshake is read: a refusal is for good, anything else may pass. */
  @Test
  void aFailedHandshakeIsReadForWhatItSays() {
    TlsFailed alert = TlsFailed.of("h:1", new javax.net.ssl.SSLHandshakeException("Received fatal alert: bad_certificate"));
    assertTrue(alert.refused());
    assertEquals("the member at h:1 refused this member's certificate (TLS alert bad_certificate): its trust store"
        + " (--tls-truststore) must hold it", alert.describe("h:2"));
    javax.net.ssl.SSLHandshakeException pkix = new javax.net.ssl.SSLHandshakeException("PKIX path building failed");
    pkix.initCause(new java.security.cert.CertificateException("no path"));
    assertTrue(TlsFailed.of("h:1", pkix).untrusted());
    TlsFailed closed = TlsFailed.of("h:1", new javax.net.ssl.SSLHandshakeException("Remote host terminated the handshake"));
    assertFalse(closed.refused());
    assertEquals("TLS with the lead (h:1) failed: Remote host terminated the handshake (does it run with TLS too,"
        + " with a certificate this member trusts?)", closed.describe("h:1"));
  }
}
