package io.ringfabric.checkpoint;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MachineSpec;
import io.ringfabric.model.StatsSink;
import io.ringfabric.workload.ElementCheck;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * One part of the machine as bytes: its components (their state, their statistics, their
 * programs), its consumers' element checks and its pending events. What every part shares and
 * never changes (the topology, the layout, the settings) is written as a reference to the
 * machine, which the reader builds again from the scenario: a part's bytes then hold only what
 * the run changed, and reading them cannot give a part a topology of its own.
 */
final class PartCodec {
  /** What a part holds, as read back. */
  record Part(List<Component> components, List<ElementCheck> checks, List<Event> pending) {}

  /** Stands for one of the machine's shared objects, by its place in {@link #shared}. */
  private record Shared(int index) implements Serializable {}

  /** Orders events as the engines do, so a part's bytes do not depend on the engine that saved them. */
  static final Comparator<Event> KEY_ORDER = (a, b) -> a.before(b) ? -1 : b.before(a) ? 1 : 0;

  /** Packages a checkpoint's classes may come from (and the scenario's own program classes). */
  private static final List<String> TRUSTED = List.of("io.ringfabric.", "java.lang.", "java.util.",
      "com.typesafe.config.", "org.HdrHistogram.");

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

  /** The bytes of part {@code part}, at rest, with its {@code pending} events. */
  byte[] encode(int part, List<Event> pending) {
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
    try (ObjectOutputStream out = new Writer(new DeflaterOutputStream(bytes))) {
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

  /** Reads part {@code part} back, its shared objects being this machine's. */
  Part decode(int part, byte[] data) {
    try (ObjectInputStream in = new Reader(new InflaterInputStream(new ByteArrayInputStream(data)))) {
      Component[] components = (Component[]) in.readObject();
      @SuppressWarnings("unchecked")
      List<ElementCheck> checks = (List<ElementCheck>) in.readObject();
      Event[] pending = (Event[]) in.readObject();
      int[] ids = built.machine().layout().componentsOf(part);
      for (int i = 0; i < ids.length; i++) {
        if (i >= components.length || components[i].id() != ids[i]) {
          throw new BadCheckpoint("part " + part + " of the checkpoint does not hold the components a"
              + " machine of this scenario has there");
        }
      }
      return new Part(List.of(components), checks, Arrays.asList(pending));
    } catch (InvalidClassException e) {
      throw new BadCheckpoint("it was written by another build of ringfabric: "
          + (e.classname == null ? e.getMessage() : "the saved " + e.classname + " is not this build's"), e);
    } catch (IOException | ClassNotFoundException | ClassCastException | IllegalStateException e) {
      throw new BadCheckpoint("part " + part + " cannot be read: " + e, e);
    }
  }

  private final class Writer extends ObjectOutputStream {
    Writer(java.io.OutputStream out) throws IOException {
      super(out);
      enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object obj) {
      Integer i = sharedIndex.get(obj);
      return i == null ? obj : new Shared(i);
    }
  }

  private final class Reader extends ObjectInputStream {
    Reader(java.io.InputStream in) throws IOException {
      super(in);
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
      if (info.depth() > 500 || info.arrayLength() > Integer.MAX_VALUE - 8) {
        return ObjectInputFilter.Status.REJECTED;
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
      return ObjectInputFilter.Status.REJECTED;
    }
  }
}
