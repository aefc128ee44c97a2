package io.ringfabric.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.EngineEquivalenceTest;
import io.ringfabric.engine.Progress;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run saved at a window boundary and continued gives the uninterrupted run's results, on either
 * engine, from any moment; a file that is not a sound checkpoint of this build is refused with
 * the reason, never half read.
 */
class CheckpointTest {
  static final String VERSION = "test";

  @TempDir Path dir;

  static Scenario scenario(String... sets) {
    return ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of(sets));
  }

  static RunResult run(Scenario s, Checkpointing c) {
    return run(s, s.engine(), c);
  }

  static RunResult run(Scenario s, String engine, Checkpointing c) {
    return Simulation.run(BuiltMachine.of(s), engine, null, Progress.NONE, c);
  }

  static String comparable(RunResult r) {
    return EngineEquivalenceTest.comparable(r);
  }

  /** Runs {@code s} saving at {@code at} into a file; the file. */
  private Path save(Scenario s, long at, String name) {
    Path file = dir.resolve(name);
    Checkpointing saving = new Checkpointing(null, at, file, VERSION);
    run(s, saving);
    assertTrue(saving.savedAtPs() >= at, "saved at " + saving.savedAtPs() + ", asked for " + at);
    return file;
  }

  private static RunResult continued(Path file, String engine) {
    CheckpointFile saved = CheckpointFile.read(file, VERSION);
    Scenario again = saved.scenario("checkpoint", List.of("engine=" + engine));
    return run(again, new Checkpointing(saved, Long.MAX_VALUE, null, VERSION));
  }

  @Test
  void aContinuedRunEqualsTheUninterruptedOneOnBothEngines() throws Exception {
    Scenario s = scenario("duration=20us", "engine=reference");
    RunResult whole = run(s, Checkpointing.none());
    Path file = dir.resolve("at7us.ckpt");
    RunResult saving = run(s, new Checkpointing(null, 7_000_000, file, VERSION));
    assertEquals(comparable(whole), comparable(saving), "saving changes nothing");
    CheckpointFile saved = CheckpointFile.read(file, VERSION);
    assertTrue(saved.atPs() >= 7_000_000 && saved.atPs() < 7_000_000 + s.lookaheadPs(), "at " + saved.atPs());
    assertEquals("reference", saved.engine());
    assertEquals(s.settings(), saved.settings());
    for (String engine : List.of("reference", "actors")) {
      RunResult continued = continued(file, engine);
      assertEquals(whole.fingerprint(), continued.fingerprint(), engine);
      assertEquals(comparable(whole), comparable(continued), engine);
    }
  }

  @Test
  void bothEnginesSaveTheSameBytes() throws Exception {
    Scenario s = scenario("duration=12us", "engine=reference");
    byte[] reference = Files.readAllBytes(save(s, 5_000_000, "reference.ckpt"));
    Scenario actors = scenario("duration=12us", "engine=actors");
    byte[] byActors = Files.readAllBytes(save(actors, 5_000_000, "actors.ckpt"));
    CheckpointFile a = CheckpointFile.decode(reference, VERSION);
    CheckpointFile b = CheckpointFile.decode(byActors, VERSION);
    assertEquals(a.atPs(), b.atPs());
    for (int p = 0; p < a.parts().size(); p++) {
      assertTrue(Arrays.equals(a.parts().get(p), b.parts().get(p)), "part " + p);
    }
  }

  /** Every generated scenario (each topology, routing, credits, faults) saved at a random moment and continued on the other engine. */
  @Test
  void generatedScenariosSavedAtRandomMomentsContinueExactly() {
    SplittableRandom random = new SplittableRandom(5);
    List<EngineEquivalenceTest.Case> cases = EngineEquivalenceTest.scenarios().toList();
    int continuedRuns = 0;
    for (int i = 0; i < cases.size(); i += 2) {
      EngineEquivalenceTest.Case c = cases.get(i);
      String saver = i % 4 == 0 ? "reference" : "actors";
      String other = i % 4 == 0 ? "actors" : "reference";
      RunResult whole = Simulation.run(BuiltMachine.of(c.scenario()), "reference");
      long last = (long) (whole.simulatedNs() * 1000);
      long at = 1 + random.nextLong(Math.max(2, last));
      Path file = dir.resolve("case" + i + ".ckpt");
      Checkpointing saving = new Checkpointing(null, at, file, VERSION);
      RunResult saved = run(c.scenario(), saver, saving);
      assertEquals(comparable(whole), comparable(saved), c.name() + ": saving changed the run");
      if (saving.savedAtPs() < 0) {
        continue; // no event at or after the moment: nothing to continue
      }
      // built in code, the scenario has no settings for the file to hold: given as it is
      RunResult continued = run(c.scenario(), other,
          new Checkpointing(CheckpointFile.read(file, VERSION), Long.MAX_VALUE, null, VERSION));
      assertEquals(whole.fingerprint(), continued.fingerprint(), c.name() + " saved at " + at + " by " + saver);
      assertEquals(comparable(whole), comparable(continued), c.name());
      continuedRuns++;
    }
    assertTrue(continuedRuns >= cases.size() / 2 - 2, continuedRuns + " of " + cases.size() / 2 + " continued");
  }

  @Test
  void aMomentAfterTheLastEventSavesNothing() {
    Scenario s = scenario("duration=3us", "engine=reference");
    Path file = dir.resolve("never.ckpt");
    Checkpointing saving = new Checkpointing(null, 3_000_000, file, VERSION);
    run(s, saving);
    assertEquals(-1, saving.savedAtPs());
    assertTrue(Files.notExists(file));
  }

  @Test
  void aContinuedRunKeepsItsScenario() throws Exception {
    Path file = save(scenario("duration=8us", "engine=reference"), 2_000_000, "keep.ckpt");
    CheckpointFile saved = CheckpointFile.read(file, VERSION);
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> saved.scenario("c", List.of("seed=9")));
    assertEquals("a run continued from a checkpoint keeps its scenario: ringfabric.seed cannot change"
        + " (only engine and actors.* may)", e.getMessage());
    saved.scenario("c", List.of("engine=actors", "actors.threads=1")); // these may
  }

  // ---- files that are not sound checkpoints ----

  private byte[] sound() throws Exception {
    return Files.readAllBytes(save(scenario("duration=6us", "engine=reference"), 2_000_000, "sound.ckpt"));
  }

  private static String refusal(byte[] data) {
    return assertThrows(BadCheckpoint.class, () -> CheckpointFile.decode(data, VERSION)).getMessage();
  }

  @Test
  void aCutShortFileIsRefused() throws Exception {
    byte[] data = sound();
    for (int length : new int[] {0, 5, CheckpointFile.MAGIC.length, CheckpointFile.MAGIC.length + 9, data.length / 2, data.length - 1}) {
      String why = refusal(Arrays.copyOf(data, length));
      assertTrue(why.contains("not a ringfabric checkpoint") || why.contains("cut short"), length + ": " + why);
    }
  }

  @Test
  void aChangedByteIsRefused() throws Exception {
    byte[] data = sound();
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < 200; i++) {
      byte[] bad = data.clone();
      int at = CheckpointFile.MAGIC.length + random.nextInt(data.length - CheckpointFile.MAGIC.length);
      bad[at] ^= (byte) (1 << random.nextInt(8));
      assertTrue(refusal(bad).contains("damaged or cut short: its checksum does not match"), "byte " + at);
    }
  }

  @Test
  void aForeignFileIsRefused() {
    assertEquals("it is not a ringfabric checkpoint (it does not begin as one)",
        refusal("ringfabric { seed = 1 }\n".getBytes()));
    byte[] noise = new byte[4096];
    new SplittableRandom(8).nextBytes(noise);
    assertEquals("it is not a ringfabric checkpoint (it does not begin as one)", refusal(noise));
  }

  @Test
  void anotherBuildOrFormatIsRefused() throws Exception {
    byte[] data = sound();
    assertEquals("it was written by ringfabric test; this is ringfabric 0.2.0, and a checkpoint is"
        + " continued by the build that wrote it",
        assertThrows(BadCheckpoint.class, () -> CheckpointFile.decode(data, "0.2.0")).getMessage());
    byte[] format2 = data.clone();
    ByteBuffer.wrap(format2).putInt(CheckpointFile.MAGIC.length, 1);
    resign(format2);
    assertEquals("it is in checkpoint format 1; this build reads format 2", refusal(format2));
  }

  /** A well-formed file whose part bytes are not a machine: refused when the part is read, not half restored. */
  @Test
  void wellSealedNonsenseInAPartIsRefused() throws Exception {
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> restore(withPart(3, new byte[] {1, 2, 3, 4})));
    assertEquals("part 3 is damaged: its bytes are not a saved part (incorrect header check)", e.getMessage());
  }

  /** A sound file with part {@code part} replaced by {@code bytes}, checksum and all. */
  private CheckpointFile withPart(int part, byte[] bytes) throws Exception {
    CheckpointFile sound = CheckpointFile.decode(sound(), VERSION);
    List<byte[]> parts = new java.util.ArrayList<>(sound.parts());
    parts.set(part, bytes);
    return rewritten(new CheckpointFile(VERSION, sound.atPs(), sound.engine(), sound.settings(), parts));
  }

  /** {@code c} written and read back, as a forger would leave it: the checksum made again. */
  private CheckpointFile rewritten(CheckpointFile c) throws Exception {
    Path file = dir.resolve("forged.ckpt");
    c.write(file);
    return CheckpointFile.read(file, VERSION);
  }

  /** Readies a run continuing {@code c}, as run --restore does: the scenario, then each part. */
  private static void restore(CheckpointFile c) {
    Scenario s = c.scenario("c", List.of());
    new Checkpointing(c, Long.MAX_VALUE, null, VERSION).prepare(BuiltMachine.of(s), "reference");
  }

  /** Changed bytes in a part, its checksum made again: a restore names the part, never a Java exception. */
  @Test
  void aForgedPartIsNamedInWords() throws Exception {
    CheckpointFile sound = CheckpointFile.decode(sound(), VERSION);
    SplittableRandom random = new SplittableRandom(5);
    int refused = 0;
    for (int i = 0; i < 150; i++) {
      List<byte[]> parts = new java.util.ArrayList<>(sound.parts());
      int p = random.nextInt(parts.size());
      byte[] bad = parts.get(p).clone();
      for (int k = 0; k < 1 + random.nextInt(4); k++) {
        bad[random.nextInt(bad.length)] ^= (byte) (1 << random.nextInt(8));
      }
      parts.set(p, bad);
      try {
        restore(rewritten(new CheckpointFile(VERSION, sound.atPs(), sound.engine(), sound.settings(), parts)));
      } catch (BadCheckpoint e) {
        refused++;
        assertTrue(e.getMessage().startsWith("part " + p + " "), e.getMessage());
        assertFalse(e.getMessage().matches("(?s).*(Exception|Error|java\\.).*"), e.getMessage());
      }
    }
    assertTrue(refused > 100, refused + " of 150 refused");
  }

  /** A class outside the model, the JDK's plain ones and the scenario's programs is not read, and the refusal says which. */
  @Test
  void aForeignClassInAPartIsNamedWithWhy() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(new java.util.zip.DeflaterOutputStream(bytes))) {
      out.writeObject(java.net.URI.create("http://gadget.example/"));
    }
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> restore(withPart(2, bytes.toByteArray())));
    assertEquals("part 2 holds an object of class java.net.URI, which a checkpoint may not hold: only ringfabric's"
        + " own classes, the JDK's plain ones and the scenario's program classes are read back", e.getMessage());
  }

  /**
   * An array whose length was damaged to a billion: refused before it is made, not made until the
   * heap runs out (a damaged table's size once ran the test JVM out of its 2 GB).
   */
  @Test
  void anArrayLongerThanItsPartCouldHoldIsRefusedUnmade() throws Exception {
    java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(plain)) {
      out.writeObject(new byte[] {7, 7, 7, 7, 7, 7, 7, 7, 7, 7});
    }
    byte[] stream = plain.toByteArray();
    int length = stream.length - 10 - 4; // the array's length, just before its ten bytes
    assertEquals(10, ByteBuffer.wrap(stream).getInt(length));
    ByteBuffer.wrap(stream).putInt(length, 1 << 30);
    java.io.ByteArrayOutputStream packed = new java.io.ByteArrayOutputStream();
    try (java.util.zip.DeflaterOutputStream out = new java.util.zip.DeflaterOutputStream(packed)) {
      out.write(stream);
    }
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> restore(withPart(2, packed.toByteArray())));
    assertEquals("part 2 holds an array of 1073741824 elements, more than its " + stream.length
        + " bytes could describe", e.getMessage());
  }

  /** The scenario text edited and the checksum made again: the parts say what they were saved under. */
  @Test
  void editedSettingsAreRefusedByName() throws Exception {
    CheckpointFile sound = CheckpointFile.decode(sound(), VERSION);
    java.util.TreeMap<String, String> settings = new java.util.TreeMap<>(sound.settings());
    settings.put("ringfabric.fabric.mtu", "512");
    CheckpointFile edited = rewritten(new CheckpointFile(VERSION, sound.atPs(), sound.engine(), settings, sound.parts()));
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> restore(edited));
    assertEquals("its settings and its parts disagree (its settings were changed after it was saved):"
        + " ringfabric.fabric.mtu is 512 in its settings and 256 in its parts", e.getMessage());
    // the engine's own settings are free: a continued run may change them
    settings = new java.util.TreeMap<>(sound.settings());
    settings.put("ringfabric.actors.threads", "1");
    restore(rewritten(new CheckpointFile(VERSION, sound.atPs(), sound.engine(), settings, sound.parts())));
  }

  /** Part 0 says what differs; the other parts only agree or not, by a digest of the settings. */
  @Test
  void aPartOfOtherSettingsIsRefused() throws Exception {
    CheckpointFile sound = CheckpointFile.decode(sound(), VERSION);
    Scenario other = scenario("duration=6us", "engine=reference", "fabric.mtu=512");
    Path file = dir.resolve("other.ckpt");
    run(other, new Checkpointing(null, 2_000_000, file, VERSION));
    List<byte[]> parts = new java.util.ArrayList<>(sound.parts());
    parts.set(5, CheckpointFile.read(file, VERSION).parts().get(5));
    BadCheckpoint e = assertThrows(BadCheckpoint.class, () -> restore(
        rewritten(new CheckpointFile(VERSION, sound.atPs(), sound.engine(), sound.settings(), parts))));
    assertEquals("part 5 was saved under other settings than the checkpoint holds (its settings were changed"
        + " after it was saved, or the part is damaged or from another checkpoint)", e.getMessage());
  }

  @Test
  void aMomentOutsideTheRunOrBesideItsPartsIsRefused() throws Exception {
    CheckpointFile sound = CheckpointFile.decode(sound(), VERSION);
    assertEquals("it says it was saved at -5 ps, before its run began", assertThrows(BadCheckpoint.class,
        () -> restore(rewritten(new CheckpointFile(VERSION, -5, sound.engine(), sound.settings(), sound.parts()))))
        .getMessage());
    assertEquals("it says it was saved at 9000000000 ps, after its run's end (duration 6000000 ps)",
        assertThrows(BadCheckpoint.class, () -> restore(rewritten(
            new CheckpointFile(VERSION, 9_000_000_000L, sound.engine(), sound.settings(), sound.parts())))).getMessage());
    java.util.TreeMap<String, String> shorter = new java.util.TreeMap<>(sound.settings());
    shorter.put("ringfabric.duration", scenario("duration=1us").settings().get("ringfabric.duration"));
    assertEquals("it says it was saved at " + sound.atPs() + " ps, after its run's end (duration 1000000 ps)",
        assertThrows(BadCheckpoint.class, () -> restore(rewritten(
            new CheckpointFile(VERSION, sound.atPs(), sound.engine(), shorter, sound.parts())))).getMessage());
    long later = sound.atPs() + 1_000_000;
    assertEquals("its moment and its parts disagree: it says it was saved at " + later + " ps, and part 0 was saved at "
        + sound.atPs() + " ps", assertThrows(BadCheckpoint.class, () -> restore(rewritten(
            new CheckpointFile(VERSION, later, sound.engine(), sound.settings(), sound.parts())))).getMessage());
  }

  /** A seeded fuzzer: any file at all ends in a checkpoint or a refusal with a reason, never another exception. */
  @Test
  void noFileBreaksTheReader() throws Exception {
    byte[] data = sound();
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < 500; i++) {
      byte[] bad = switch (i % 3) {
        case 0 -> Arrays.copyOf(data, random.nextInt(data.length));
        case 1 -> {
          byte[] b = data.clone();
          for (int k = 0; k < 1 + random.nextInt(8); k++) {
            b[random.nextInt(b.length)] = (byte) random.nextInt();
          }
          yield b;
        }
        default -> {
          byte[] b = Arrays.copyOf(CheckpointFile.MAGIC, CheckpointFile.MAGIC.length + random.nextInt(256));
          for (int k = CheckpointFile.MAGIC.length; k < b.length; k++) {
            b[k] = (byte) random.nextInt();
          }
          if (random.nextBoolean()) {
            resign(b);
          }
          yield b;
        }
      };
      try {
        CheckpointFile.decode(bad, VERSION);
      } catch (BadCheckpoint expected) {
        assertTrue(expected.getMessage().startsWith("it "), expected.getMessage());
      }
    }
  }

  /** Writes a fresh checksum at the end of {@code data}, as a forger would. */
  private static void resign(byte[] data) {
    if (data.length < 4) {
      return;
    }
    CRC32C crc = new CRC32C();
    crc.update(data, 0, data.length - 4);
    ByteBuffer.wrap(data).putInt(data.length - 4, (int) crc.getValue());
  }
}
