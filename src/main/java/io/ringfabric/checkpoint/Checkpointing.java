package io.ringfabric.checkpoint;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.engine.Checkpoints;
import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.workload.CustomProgramSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run's checkpoints: the one it continues ({@code run --restore}), the one it saves
 * ({@code run --checkpoint-at T --checkpoint FILE}), either or both. The engine hands it each part
 * at rest at the first window boundary at or after T; when it has them all it writes the file,
 * and the run goes on. On a cluster the lead writes the file: the other members hand it their
 * parts ({@link #sendingTo}), and it takes them in with {@link #received}.
 */
public final class Checkpointing implements Checkpoints {
  /** Where a member that does not write the file sends each part it saves. */
  @FunctionalInterface
  public interface PartSink {
    void accept(int part, long atPs, byte[] bytes);
  }

  private final CheckpointFile from; // null: a fresh run
  private final long saveAt;
  private final Path saveTo; // null: no file written here
  private final String version;
  private final PartSink sink; // null: parts are kept here, for the file
  private BuiltMachine built;
  private String engine;
  private PartCodec codec;
  private List<List<Event>> restoredPending;
  private byte[][] saved;
  private int savedParts;
  private long savedAtPs = -1;
  private String failure;

  /**
   * @param from the checkpoint the run continues, or null
   * @param saveAt the time from which the first window boundary is saved
   * @param saveTo where, or null to save nothing
   * @param version this build's version, which the file records
   */
  public Checkpointing(CheckpointFile from, long saveAt, Path saveTo, String version) {
    this(from, saveTo == null ? Long.MAX_VALUE : saveAt, saveTo, version, null);
  }

  private Checkpointing(CheckpointFile from, long saveAt, Path saveTo, String version, PartSink sink) {
    this.from = from;
    this.saveAt = saveAt;
    this.saveTo = saveTo;
    this.version = version;
    this.sink = sink;
  }

  /**
   * These checkpoints, but saving at {@code saveAt} (the lead's moment) and handing each part to
   * {@code sink} instead of writing a file: a cluster member's, other than the lead's.
   */
  public Checkpointing sendingTo(long saveAt, PartSink sink) {
    return new Checkpointing(from, saveAt, null, version, sink);
  }

  /** Neither continues nor saves. */
  public static Checkpointing none() {
    return new Checkpointing(null, Long.MAX_VALUE, null, "");
  }

  /**
   * Readies the checkpoints for the run of {@code built} on {@code engine}: a continued run's
   * components, checks and pending events are put in place of the fresh ones. After the
   * statistics are attached and before the trace is.
   */
  public void prepare(BuiltMachine built, String engine) {
    this.built = built;
    this.engine = engine;
    this.codec = new PartCodec(built, programPackages(built));
    if (from == null) {
      return;
    }
    Machine m = built.machine();
    int parts = m.layout().parts();
    if (from.parts().size() != parts) {
      throw new BadCheckpoint("it holds " + from.parts().size() + " parts; this scenario's machine has " + parts);
    }
    restoredPending = new ArrayList<>(parts);
    for (int p = 0; p < parts; p++) {
      PartCodec.Part part = codec.decode(p, from.atPs(), from.parts().get(p));
      for (Component c : part.components()) {
        try {
          m.restore(c);
        } catch (IllegalArgumentException e) {
          throw new BadCheckpoint("part " + p + " is damaged: " + e.getMessage());
        }
      }
      if (p < m.nodes()) {
        built.restoreChecks(p, part.checks());
      }
      restoredPending.add(part.pending());
    }
  }

  /** The packages of the scenario's own program classes, which a checkpoint may hold. */
  private static Set<String> programPackages(BuiltMachine built) {
    Set<String> packages = new TreeSet<>();
    for (ProcessGroupSpec g : built.scenario().processes()) {
      if (g.spec() instanceof CustomProgramSpec custom) {
        packages.add(custom.type().getPackageName());
      }
    }
    return packages;
  }

  @Override
  public long saveAt() {
    return saveAt;
  }

  @Override
  public synchronized void save(long windowStart, int part, List<Event> pending) {
    if (failure != null) {
      return;
    }
    byte[] bytes;
    try {
      bytes = codec.encode(part, windowStart, pending);
    } catch (RuntimeException e) { // never let a failure to save end the engine's thread
      failure = "cannot save the checkpoint: " + e.getMessage();
      return;
    }
    if (sink != null) {
      sink.accept(part, windowStart, bytes);
    } else {
      keep(part, windowStart, bytes);
    }
  }

  /** Part {@code part} as another member saved it at {@code atPs} (on the lead of a cluster run). */
  public synchronized void received(int part, long atPs, byte[] bytes) {
    if (failure == null) {
      keep(part, atPs, bytes);
    }
  }

  /** Keeps a saved part; the last one in writes the file. */
  private void keep(int part, long atPs, byte[] bytes) {
    int parts = built.machine().layout().parts();
    if (part < 0 || part >= parts || (saved != null && saved[part] != null)) {
      failure = "cannot save the checkpoint: part " + part + " came twice or does not exist (the machine has "
          + parts + ")";
      return;
    }
    if (saved == null) {
      saved = new byte[parts][];
      savedAtPs = atPs;
    } else if (atPs != savedAtPs) {
      failure = "cannot save the checkpoint: part " + part + " was saved at " + atPs + " ps, the others at "
          + savedAtPs + " ps";
      return;
    }
    saved[part] = bytes;
    if (++savedParts < parts) {
      return;
    }
    try {
      new CheckpointFile(version, atPs, engine, built.scenario().settings(), List.of(saved)).write(saveTo);
      saved = null; // the bytes are in the file; the heap is the run's again
    } catch (IOException e) {
      failure = "cannot write the checkpoint " + saveTo + ": " + (e.getMessage() == null ? e : e.getMessage());
    }
  }

  @Override
  public boolean resumes() {
    return from != null;
  }

  @Override
  public List<Event> pending(int part) {
    return restoredPending.get(part);
  }

  /** When the checkpoint was taken (the window boundary), or -1 if none was: the run ended before T. */
  public synchronized long savedAtPs() {
    return failure == null && saved == null ? savedAtPs : -1;
  }

  /** Why saving failed, or null; once the run is over, a checkpoint begun and not finished is a failure. */
  public synchronized String failure() {
    if (failure == null && saved != null) {
      return "cannot save the checkpoint: only " + savedParts + " of its " + saved.length + " parts arrived";
    }
    return failure;
  }

  /** Where the checkpoint goes, or null. */
  public Path saveTo() {
    return saveTo;
  }
}
