package io.ringfabric.checkpoint;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * A checkpoint as it lies in a file: what it is ({@link #MAGIC}, the format and the build that
 * wrote it), when it was taken, the scenario's every setting, and each part's bytes
 * ({@link PartCodec}), then a CRC-32C of all of it. A file is checked whole before a byte of it
 * is believed: a foreign file, one cut short or with a changed byte, or one from another format or
 * build, is refused with the reason.
 *
 * @param version the ringfabric build that wrote it
 * @param atPs the start of the window it was taken before: every event before it handled, none after
 * @param engine the engine that ran up to it ({@code reference}, {@code actors}, {@code actors on 2 members})
 * @param settings the scenario's settings, by full path, as {@link Scenario#settings()} holds them
 * @param parts each part's bytes, by part
 */
public record CheckpointFile(String version, long atPs, String engine, SortedMap<String, String> settings,
    List<byte[]> parts) {
  static final byte[] MAGIC = "RINGFABRIC CHECKPOINT\n".getBytes(StandardCharsets.US_ASCII);
  /** The layout of the file; a reader refuses any other. 2: each part begins with its moment and settings. */
  static final int FORMAT = 2;

  public CheckpointFile {
    settings = new TreeMap<>(settings);
    parts = List.copyOf(parts);
  }

  /** Who saved it, for people: "the actors engine on 2 members". */
  public String savedBy() {
    int space = engine.indexOf(' ');
    return "the " + (space < 0 ? engine + " engine" : engine.substring(0, space) + " engine" + engine.substring(space));
  }

  /** The scenario the checkpoint continues, with {@code overrides} (engine and actor settings only) applied. */
  public Scenario scenario(String name, List<String> overrides) {
    if (settings.isEmpty()) {
      throw new BadCheckpoint("it holds no scenario settings (its run was set up in code, not from a scenario file)");
    }
    Scenario s = ScenarioLoader.parse(Scenario.asConfig(settings), name, overrides);
    for (String key : s.settings().keySet()) {
      if (!free(key) && !s.settings().get(key).equals(settings.get(key))) {
        throw new BadCheckpoint("a run continued from a checkpoint keeps its scenario: " + key
            + " cannot change (only engine and actors.* may)");
      }
    }
    if (atPs < 0 || atPs > s.durationPs()) {
      throw new BadCheckpoint("it says it was saved at " + atPs + " ps, "
          + (atPs < 0 ? "before its run began" : "after its run's end (duration " + s.durationPs() + " ps)"));
    }
    return s;
  }

  /** Whether a continued run may change {@code key}: the engine's own settings only. */
  private static boolean free(String key) {
    return key.equals(ScenarioLoader.ROOT + ".engine") || key.startsWith(ScenarioLoader.ROOT + ".actors.");
  }

  /** The settings a continued run keeps: all but the engine's own. */
  static TreeMap<String, String> kept(SortedMap<String, String> settings) {
    TreeMap<String, String> kept = new TreeMap<>();
    settings.forEach((k, v) -> {
      if (!free(k)) {
        kept.put(k, v);
      }
    });
    return kept;
  }

  /** A digest of {@code kept} settings, which each saved part records. */
  static String digest(SortedMap<String, String> kept) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, String> e : kept.entrySet()) {
        sha.update((e.getKey() + '\0' + e.getValue() + '\n').getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e); // every Java SE has it
    }
  }

  public void write(Path file) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(size());
    b.put(MAGIC).putInt(FORMAT);
    putString(b, version);
    b.putLong(atPs);
    putString(b, engine);
    b.putInt(settings.size());
    for (Map.Entry<String, String> e : settings.entrySet()) {
      putString(b, e.getKey());
      putString(b, e.getValue());
    }
    b.putInt(parts.size());
    for (byte[] p : parts) {
      b.putInt(p.length).put(p);
    }
    CRC32C crc = new CRC32C();
    crc.update(b.array(), 0, b.position());
    b.putInt((int) crc.getValue());
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    Files.write(partial, b.array()); // then renamed: a run cut off while writing leaves no half file under the name
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  private int size() {
    long n = MAGIC.length + 4 + stringSize(version) + 8 + stringSize(engine) + 4 + 4 + 4;
    for (Map.Entry<String, String> e : settings.entrySet()) {
      n += stringSize(e.getKey()) + stringSize(e.getValue());
    }
    for (byte[] p : parts) {
      n += 4 + p.length;
    }
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("the checkpoint would be " + n + " bytes, more than one file of it can hold (2 GiB)");
    }
    return (int) n;
  }

  /**
   * Reads and checks {@code file}, written by ringfabric {@code expectedVersion}.
   *
   * @throws BadCheckpoint naming what is wrong with it
   */
  public static CheckpointFile read(Path file, String expectedVersion) {
    byte[] data;
    try {
      data = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new BadCheckpoint("cannot read it: no such file");
    } catch (AccessDeniedException e) {
      throw new BadCheckpoint("cannot read it: permission denied");
    } catch (IOException e) {
      throw new BadCheckpoint("cannot read it: " + (Files.isDirectory(file) ? "it is a directory"
          : e.getMessage() == null ? "the system gave no reason" : e.getMessage()));
    } catch (OutOfMemoryError e) {
      throw new BadCheckpoint("it is too large for this heap; set RINGFABRIC_JAVA_OPTS=-Xmx...");
    }
    return decode(data, expectedVersion);
  }

  /** As {@link #read}, from the file's bytes. */
  static CheckpointFile decode(byte[] data, String expectedVersion) {
    if (data.length < MAGIC.length || !Arrays.equals(data, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
      throw new BadCheckpoint("it is not a ringfabric checkpoint (it does not begin as one)");
    }
    if (data.length < MAGIC.length + 8) {
      throw new BadCheckpoint("it is cut short (" + data.length + " bytes)");
    }
    CRC32C crc = new CRC32C();
    crc.update(data, 0, data.length - 4);
    int stored = ByteBuffer.wrap(data, data.length - 4, 4).getInt();
    ByteBuffer b = ByteBuffer.wrap(data, 0, data.length - 4);
    b.position(MAGIC.length);
    int format = b.getInt();
    if ((int) crc.getValue() != stored) {
      throw new BadCheckpoint("it is damaged or cut short: its checksum does not match its " + data.length + " bytes");
    }
    if (format != FORMAT) {
      throw new BadCheckpoint("it is in checkpoint format " + format + "; this build reads format " + FORMAT);
    }
    try {
      String version = getString(b);
      if (!version.equals(expectedVersion)) {
        throw new BadCheckpoint("it was written by ringfabric " + version + "; this is ringfabric "
            + expectedVersion + ", and a checkpoint is continued by the build that wrote it");
      }
      long at = b.getLong();
      String engine = getString(b);
      int count = count(b, 8, "settings");
      SortedMap<String, String> settings = new TreeMap<>();
      for (int i = 0; i < count; i++) {
        settings.put(getString(b), getString(b));
      }
      int partCount = count(b, 4, "parts");
      List<byte[]> parts = new ArrayList<>(partCount);
      for (int i = 0; i < partCount; i++) {
        byte[] p = new byte[count(b, 1, "bytes of part " + i)];
        b.get(p);
        parts.add(p);
      }
      if (b.hasRemaining()) {
        throw new BadCheckpoint("it has " + b.remaining() + " bytes after its last part");
      }
      return new CheckpointFile(version, at, engine, settings, parts);
    } catch (BufferUnderflowException e) {
      throw new BadCheckpoint("it is damaged: a length in it runs past its end");
    }
  }

  /** A count read from {@code b}, each counted thing at least {@code least} bytes: never more than are left. */
  private static int count(ByteBuffer b, int least, String what) {
    int n = b.getInt();
    if (n < 0 || (long) n * least > b.remaining()) {
      throw new BadCheckpoint("it is damaged: it says " + n + " " + what + ", more than its "
          + b.remaining() + " remaining bytes can hold");
    }
    return n;
  }

  private static void putString(ByteBuffer b, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    b.putInt(bytes.length).put(bytes);
  }

  private static int stringSize(String s) {
    return 4 + s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String getString(ByteBuffer b) {
    byte[] bytes = new byte[count(b, 1, "bytes of text")];
    b.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
