package io.ringfabric.cli;

import io.ringfabric.cluster.Placement;
import io.ringfabric.trace.TraceRecord;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The values of options that take one of a few names but are read as text, for the completion
 * script (an enum option's values it finds itself). Each list comes from where the names are
 * defined, so completion cannot fall behind them.
 */
final class Choices {
  private Choices() {}

  /** {@code --placement}. */
  static final class Placements implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Placement.KINDS.iterator();
    }
  }

  /** {@code bench --engines}. */
  static final class Engines implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(RunCommand.Engine.values()).map(Enum::name).iterator();
    }
  }

  /** {@code trace perfetto --format}. */
  static final class PerfettoFormats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("pftrace", "json").iterator();
    }
  }

  /** {@code trace filter --kind}: every kind of record a trace holds. */
  static final class RecordKinds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> kinds = new ArrayList<>();
      for (Field f : TraceRecord.Kinds.class.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
          try {
            kinds.add((String) f.get(null));
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e); // public constants: cannot happen
          }
        }
      }
      return kinds.iterator();
    }
  }
}
