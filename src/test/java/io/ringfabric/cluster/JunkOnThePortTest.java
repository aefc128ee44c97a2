package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.run.Simulation;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Anyone who reaches a member's port can throw bytes at it: random ones, or frames that look like
 * Artery's. During a run that changes nothing (the one-JVM fingerprint), and the warnings Pekko
 * gives once a frame are held to a few lines ({@link RepeatedWarnings}).
 */
@Tag("cluster")
class JunkOnThePortTest {

  @Test
  void junkThrownAtTheLeadDuringARunChangesNothingAndFloodsNothing() throws Exception {
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "duration=150us");
    String reference = Simulation.run(BuiltMachine.of(s), "reference").fingerprint();
    LogCapture seen = LogCapture.all();
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      Future<Object> lead = threads.submit(() -> ClusterMembers.end(s, leadPort, seed, 2, Duration.ofSeconds(60), "test"));
      Future<Object> member = threads.submit(() -> ClusterMembers.end(s, 0, seed, 2, Duration.ofSeconds(60), "test"));
      Future<Integer> thrown = threads.submit(() -> throwJunk(leadPort, lead));
      Lead.Finished finished = assertInstanceOf(Lead.Finished.class, lead.get(120, TimeUnit.SECONDS));
      assertEquals("ran", member.get(60, TimeUnit.SECONDS));
      assertEquals(reference, finished.result().fingerprint());
      assertTrue(thrown.get(10, TimeUnit.SECONDS) > 200, "junk frames thrown during the run: " + thrown.get());
    } finally {
      threads.shutdownNow();
      seen.close();
    }
    long warnings = seen.events().stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).count();
    assertTrue(warnings < 100, warnings + " warnings reached the log");
  }

  /** Connections of framed junk and of random bytes until the run is over; the frames sent. */
  private static int throwJunk(int port, Future<Object> run) throws InterruptedException {
    SplittableRandom random = new SplittableRandom(14);
    int frames = 0;
    for (int c = 0; c < 200 && !run.isDone(); c++) {
      try (Socket socket = new Socket("127.0.0.1", port)) {
        OutputStream out = socket.getOutputStream();
        if (c % 4 != 3) { // Artery's magic and stream id, then frames of random bytes
          out.write("AKKA".getBytes(StandardCharsets.US_ASCII));
          out.write(1 + random.nextInt(3));
          for (int f = 0; f < 20; f++) {
            byte[] junk = new byte[1 + random.nextInt(2000)];
            random.nextBytes(junk);
            out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(junk.length).array());
            out.write(junk);
            frames++;
          }
        } else {
          byte[] junk = new byte[8192];
          random.nextBytes(junk);
          out.write(junk);
          frames++;
        }
        out.flush();
      } catch (IOException closed) {
        // the member may drop the connection at once: that is what it should do
      }
      Thread.sleep(5);
    }
    return frames;
  }
}
