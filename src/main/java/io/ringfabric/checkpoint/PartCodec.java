package io.ringfabric.checkpoint;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MachineSpec;
import io.ringfabric.model.SavedAt;
import io.ringfabric.model.StatsSink;
import io.ringfabric.workload.ElementCheck;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OptionalDataException;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * One part of the machine as bytes: its components (their state, their statistics, their
 * programs), its consumers' element checks and its pending events. What every part shares and
 * never changes (the topology, the layout, the settings) is written as a reference to the
 * machine, which the reader builds again from the scenario: a part's bytes then hold only what
 * the run changed, and reading them cannot give a part a topology of its own. Each part begins
 * with a {@link Stamp} of the moment and the settings it was saved under, so a file whose
 * settings or moment were edited (its checksum made again) is refused, not continued as another
 * scenario with this one's state.
 */
final class PartCodec {
  /** What a part holds, as read back. */
  record Part(List<Component> components, List<ElementCheck> checks, List<Event> pending) {}

  /**
   * When a part was saved and under which settings: a digest of those a continued run keeps;
   * part 0 also holds the settings themselves, so a disagreement can be named by key.
   *
   * @param kept the kept settings (part 0), or null
   */
  private record Stamp(long atPs, String digest, TreeMap<String, String> kept) implements Serializable {}

  /** Stands for one of the machine's shared objects, by its place in {@link #shared}. */
  private record Shared(int index) implements Serializable {}

  /** Orders events as the engines do, so a part's bytes do not depend on the engine that saved them. */
  static final Comparator<Event> KEY_ORDER = (a, b) -> a.before(b) ? -1 : b.before(a) ? 1 : 0;

  /** Packages a checkpoint's classes may come from (and the scenario's own program classes). */
  private static final List<String> TRUSTED = List.of("io.ringfabric.", "java.lang.", "java.util.",
      "com.typesafe.config.", "org.HdrHistogram.");

  /** The deepest nesting of objects a part may have; a deeper one is not a part, and could overflow the stack. */
  private static final int DEEPEST = 500;

  private final BuiltMachine built;
  private final List<Object> shared;
  private final Map<Object, Integer> sharedIndex = new IdentityHashMap<>();
  private final Set<String> programPackages;

  PartCodec(BuiltMachine built, Set<String> programPackages) {
    this.built = built;
    this.programPackages = programPackages;
    Machine m = built.machine();
    MachineSpec spec = m.spec();
    this.shared = List.of(m.layout(), m.topology(), m.leastDelays(), spec, spec.node(), spec.fabric(),
        spec.timing(), spec.module(), spec.fabric().faults(), StatsSink.NONE);
    for (int i = 0; i < shared.size(); i++) {
      sharedIndex.putIfAbsent(shared.get(i), i);
    }
  }

  /** The bytes of part {@code part}, at rest at {@code atPs}, with its {@code pending} events. */
  byte[] encode(int part, long atPs, List<Event> pending) {
    Machine m = built.machine();
    int[] ids = m.layout().componentsOf(part);
    Component[] components = new Component[ids.length];
    for (int i = 0; i < ids.length; i++) {
      components[i] = m.component(ids[i]);
    }
    List<Event> events = new ArrayList<>(pending);
    events.sort(KEY_ORDER);
    ArrayList<ElementCheck> checks = part < m.nodes() ? new ArrayList<>(built.checksOf(part)) : new ArrayList<>();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new Writer(new DeflaterOutputStream(bytes), atPs)) {
      TreeMap<String, String> kept = CheckpointFile.kept(built.scenario().settings());
      out.writeObject(new Stamp(atPs, CheckpointFile.digest(kept), part == 0 ? kept : null));
      out.writeObject(components);
      out.writeObject(checks);
      out.writeObject(events.toArray(new Event[0]));
    } catch (NotSerializableException e) {
      throw new IllegalStateException("part " + part + " cannot be saved: it holds a " + e.getMessage()
          + ", which is not serializable (a custom program's state must be)", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Reads part {@code part} back, its shared objects being this machine's, and checks that it was
   * saved at {@code atPs} under this machine's settings.
   */
  Part decode(int part, long atPs, byte[] data) {
    Reader reader = null;
    try (ObjectInputStream in = reader = new Reader(unpack(part, data))) {
      if (!(in.readObject() instanceof Stamp stamp)) {
        throw new BadCheckpoint("part " + part + " is damaged: it does not begin with the moment it was saved at");
      }
      agrees(part, atPs, stamp);
      Component[] components = (Component[]) in.readObject();
      @SuppressWarnings("unchecked")
      List<ElementCheck> checks = (List<ElementCheck>) in.readObject();
      Event[] pending = (Event[]) in.readObject();
      int[] ids = built.machine().layout().componentsOf(part);
      for (int i = 0; i < ids.length; i++) {
        if (i >= components.length || components[i] == null || components[i].id() != ids[i]) {
          throw new BadCheckpoint("part " + part + " of the checkpoint does not hold the components a"
              + " machine of this scenario has there");
        }
      }
      if (checks == null || pending == null || Arrays.asList(pending).contains(null)) {
        throw new BadCheckpoint("part " + part + " is damaged: its element checks or pending events are missing");
      }
      return new Part(List.of(components), checks, Arrays.asList(pending));
    } catch (InvalidClassException e) {
      String refused = reader == null ? null : reader.refused;
      // the file's build is this one (CheckpointFile checked): a class that does not match is damage,
      // or a changed build under the same version
      throw new BadCheckpoint("part " + part + (refused != null ? " holds " + refused
          : " does not match this build's classes: it is damaged, or was saved by a changed build of this version"), e);
    } catch (ClassNotFoundException e) {
      String name = String.valueOf(e.getMessage());
      throw new BadCheckpoint(name.startsWith("io.ringfabric.")
          ? "part " + part + " holds a class this build does not have (" + name + "): it was written by another"
              + " build of ringfabric"
          : "part " + part + " is damaged: it names a class that no build of ringfabric reads", e);
    } catch (BadCheckpoint e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // a forged or damaged part: what it is, never a Java exception's name
      throw new BadCheckpoint("part " + part + " is damaged: " + damage(e), e);
    } catch (StackOverflowError e) {
      throw new BadCheckpoint("part " + part + " is damaged: its objects nest too deep", e);
    }
  }

  /**
   * The part's objects as bytes, inflated whole before a single object is read: so the reader
   * knows how many bytes there are, and an array that says it is longer than they could hold (a
   * damaged length) is refused before it is made, not allocated until the heap runs out.
   */
  private static byte[] unpack(int part, byte[] data) throws IOException {
    long most = Math.min(Runtime.getRuntime().maxMemory() / 4, Integer.MAX_VALUE - 8); // and what an array holds
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(most, Math.max(256L, 4L * data.length)));
    try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(data))) {
      byte[] chunk = new byte[64 * 1024];
      for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
        if (out.size() + (long) n > most) {
          throw new BadCheckpoint("part " + part + " is damaged: it unpacks to more than " + most
              + " bytes, more than a quarter of this JVM's heap (-Xmx) or than one array holds, which no part"
              + " of a machine that fits the heap takes");
        }
        out.write(chunk, 0, n);
      }
    }
    return out.toByteArray();
  }

  /** Refuses a part saved at another moment or under other settings than the file says. */
  private void agrees(int part, long atPs, Stamp stamp) {
    if (stamp.atPs() != atPs) {
      throw new BadCheckpoint("its moment and its parts disagree: it says it was saved at " + atPs
          + " ps, and part " + part + " was saved at " + stamp.atPs() + " ps");
    }
    TreeMap<String, String> kept = CheckpointFile.kept(built.scenario().settings());
    if (stamp.kept() != null) {
      if (!CheckpointFile.digest(stamp.kept()).equals(stamp.digest())) {
        // an edited file leaves part 0 whole, its settings and their digest agreeing: this is damage
        throw new BadCheckpoint("part " + part + " is damaged: the settings it holds do not match the digest"
            + " saved with them");
      }
      List<String> differences = new ArrayList<>();
      TreeSet<String> keys = new TreeSet<>(kept.keySet());
      keys.addAll(stamp.kept().keySet());
      for (String k : keys) {
        String here = kept.get(k);
        String saved = stamp.kept().get(k);
        if (here == null || !here.equals(saved)) {
          differences.add(k + " is " + (here == null ? "not set" : here) + " in its settings and "
              + (saved == null ? "not set" : saved) + " in its parts");
        }
      }
      if (!differences.isEmpty()) {
        throw new BadCheckpoint("its settings and its parts disagree (its settings were changed after it was"
            + " saved): " + String.join("; ", differences.subList(0, Math.min(3, differences.size())))
            + (differences.size() > 3 ? "; and " + (differences.size() - 3) + " more" : ""));
      }
    }
    if (!CheckpointFile.digest(kept).equals(stamp.digest())) {
      throw new BadCheckpoint("part " + part + " was saved under other settings than the checkpoint holds (its"
          + " settings were changed after it was saved, or the part is damaged or from another checkpoint)");
    }
  }

  /** What is wrong with a part that could not be read, in words. */
  private static String damage(Exception e) {
    if (e instanceof EOFException) {
      return "it ends in the middle of an object";
    }
    if (e instanceof ZipException || e instanceof StreamCorruptedException || e instanceof OptionalDataException) {
      return "its bytes are not a saved part" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
    }
    if (e instanceof ClassCastException || e instanceof ArrayStoreException) {
      return "it holds other objects than a part's where a part's are";
    }
    return "its objects do not make a part of this machine";
  }

  private final class Writer extends ObjectOutputStream implements SavedAt {
    private final long atPs;

    Writer(java.io.OutputStream out, long atPs) throws IOException {
      super(out);
      this.atPs = atPs;
      enableReplaceObject(true);
    }

    @Override
    public long atPs() {
      return atPs;
    }

    @Override
    protected Object replaceObject(Object obj) {
      Integer i = sharedIndex.get(obj);
      return i == null ? obj : new Shared(i);
    }
  }

  private final class Reader extends ObjectInputStream {
    /** What the filter refused, and why, for the message. */
    String refused;
    /** The part's bytes: every element of an array takes at least one (a long's eight, a null's one). */
    private final int bytes;

    Reader(byte[] unpacked) throws IOException {
      super(new ByteArrayInputStream(unpacked));
      this.bytes = unpacked.length;
      enableResolveObject(true);
      setObjectInputFilter(this::allowed);
    }

    @Override
    protected Object resolveObject(Object obj) throws IOException {
      if (obj instanceof Shared s) {
        if (s.index() < 0 || s.index() >= shared.size()) {
          throw new InvalidClassException("a reference to shared object " + s.index() + " of " + shared.size());
        }
        return shared.get(s.index());
      }
      return obj;
    }

    /** Only the model's own classes, the JDK's plain ones and the scenario's programs: no gadget of a foreign file runs. */
    private ObjectInputFilter.Status allowed(ObjectInputFilter.FilterInfo info) {
      if (info.depth() > DEEPEST) {
        return refuse("objects nested " + info.depth() + " deep, deeper than a part's (" + DEEPEST + ")");
      }
      // a hash table is made a little larger than its entries, each of which takes two bytes or more
      if (info.arrayLength() > 2L * bytes + 64) {
        return refuse("an array of " + info.arrayLength() + " elements, more than its " + bytes
            + " bytes could describe");
      }
      Class<?> c = info.serialClass();
      while (c != null && c.isArray()) {
        c = c.getComponentType();
      }
      if (c == null || c.isPrimitive()) {
        return ObjectInputFilter.Status.UNDECIDED;
      }
      String name = c.getName();
      for (String p : TRUSTED) {
        if (name.startsWith(p)) {
          return ObjectInputFilter.Status.ALLOWED;
        }
      }
      if (programPackages.contains(c.getPackageName())) {
        return ObjectInputFilter.Status.ALLOWED;
      }
      return refuse("an object of class " + name + ", which a checkpoint may not hold: only ringfabric's own"
          + " classes, the JDK's plain ones and the scenario's program classes are read back");
    }

    private ObjectInputFilter.Status refuse(String what) {
      if (refused == null) {
        refused = what;
      }
      return ObjectInputFilter.Status.REJECTED;
    }
  }
}
