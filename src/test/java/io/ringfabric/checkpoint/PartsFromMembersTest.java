package io.ringfabric.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lead of a cluster run writes the checkpoint from its own parts and those the other members
 * hand it: a member saves at the lead's moment and sends its parts instead of writing; the file
 * is written when the last part is in, and parts that do not fit together are a failure, named.
 */
class PartsFromMembersTest {
  @TempDir Path dir;

  private static final long AT = 4_000_000;

  /** The parts a member would send, saved by a one-JVM run of {@code s} at {@link #AT}. */
  private static List<byte[]> sentParts(Scenario s) {
    List<byte[]> sent = new ArrayList<>();
    Checkpointing member = Checkpointing.none().sendingTo(AT, (part, at, bytes) -> {
      assertEquals(sent.size(), part, "parts in order");
      sent.add(bytes);
    });
    CheckpointTest.run(s, member);
    assertNull(member.failure());
    assertEquals(-1, member.savedAtPs(), "a member that sends its parts writes nothing");
    return sent;
  }

  private Checkpointing lead(Scenario s, Path file) {
    Checkpointing lead = new Checkpointing(null, AT, file, CheckpointTest.VERSION);
    lead.prepare(BuiltMachine.of(s), "actors");
    return lead;
  }

  @Test
  void theLastPartInWritesTheFileASendingMemberWouldHaveWritten() throws Exception {
    Scenario s = CheckpointTest.scenario("duration=10us", "engine=reference");
    List<byte[]> sent = sentParts(s);
    Path file = dir.resolve("lead.ckpt");
    Checkpointing lead = lead(s, file);
    for (int p = sent.size() - 1; p > 0; p--) { // any order
      lead.received(p, 4_020_000, sent.get(p));
    }
    assertFalse(Files.exists(file), "not before the last part");
    assertEquals("cannot save the checkpoint: only " + (sent.size() - 1) + " of its " + sent.size() + " parts arrived",
        lead.failure());
    lead.received(0, 4_020_000, sent.get(0));
    assertNull(lead.failure());
    assertEquals(4_020_000, lead.savedAtPs());
    CheckpointFile written = CheckpointFile.read(file, CheckpointTest.VERSION);
    assertEquals(4_020_000, written.atPs());
    for (int p = 0; p < sent.size(); p++) {
      assertArrayEquals(sent.get(p), written.parts().get(p), "part " + p);
    }
  }

  @Test
  void partsOfTwoMomentsOrTwiceOrOutsideTheMachineAreRefused() {
    Scenario s = CheckpointTest.scenario("duration=10us", "engine=reference");
    Checkpointing twoMoments = lead(s, dir.resolve("a.ckpt"));
    twoMoments.received(0, 4_020_000, new byte[0]);
    twoMoments.received(1, 4_040_000, new byte[0]);
    assertEquals("cannot save the checkpoint: part 1 was saved at 4040000 ps, the others at 4020000 ps",
        twoMoments.failure());
    Checkpointing twice = lead(s, dir.resolve("b.ckpt"));
    twice.received(3, 4_020_000, new byte[0]);
    twice.received(3, 4_020_000, new byte[0]);
    assertEquals("cannot save the checkpoint: part 3 came twice or does not exist (the machine has "
        + sentParts(s).size() + ")", twice.failure());
    Checkpointing outside = lead(s, dir.resolve("c.ckpt"));
    outside.received(-1, 4_020_000, new byte[0]);
    assertEquals(-1, outside.savedAtPs());
    assertFalse(Files.exists(dir.resolve("c.ckpt")));
  }
}
