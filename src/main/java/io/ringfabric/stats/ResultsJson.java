package io.ringfabric.stats;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * {@code results.json}: a {@link RunResult} as pretty-printed JSON, field for field. Fields come in
 * record component order and map entries in the map's own order, so identical results give
 * identical bytes (lines end in {@code \n} on every platform, and the file ends with one).
 */
public final class ResultsJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ResultsJson() {}

  /** The JSON text of {@code result}, ending with a newline. */
  public static String toJson(RunResult result) {
    JsonNode tree = toNode(result);
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new SamplesInline(new DefaultPrettyPrinter(
            Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator(""))
        .withObjectIndenter(indenter)
        .withArrayIndenter(indenter));
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = MAPPER.getFactory().createGenerator(out)) {
      gen.setPrettyPrinter(printer);
      MAPPER.writeTree(gen, tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out + "\n";
  }

  /**
   * Writes the samples of a time series on one line ({@code [1, 2, 3]}): hundreds of them, one
   * per line, would bury the rest of the file. Every other array is one element per line.
   */
  private static final class SamplesInline extends DefaultPrettyPrinter {
    SamplesInline(DefaultPrettyPrinter base) {
      super(base);
    }

    @Override
    public DefaultPrettyPrinter createInstance() {
      return new SamplesInline(this);
    }

    private static boolean samples(JsonGenerator g) {
      var array = g.getOutputContext();
      return array.inArray() && array.getParent() != null && array.getParent().inObject()
          && SAMPLES.contains(array.getParent().getCurrentName());
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
      if (!samples(g)) {
        super.beforeArrayValues(g);
      }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      if (samples(g)) {
        g.writeRaw(", ");
      } else {
        super.writeArrayValueSeparator(g);
      }
    }

    @Override
    public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
      if (samples(g)) {
        _nesting--; // as super does: writeStartArray counted this array in
        g.writeRaw(']');
      } else {
        super.writeEndArray(g, nrOfValues);
      }
    }
  }

  /** The fields of {@link Series} that hold samples. */
  private static final Set<String> SAMPLES =
      Set.of("atNs", "puts", "gets", "bytes", "packetsInFabric", "occupancy", "utilisation");

  /** A component of a result that results.json leaves out: what is too big for it, written elsewhere. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  public @interface Omitted {}

  /** Writes {@link #toJson} to {@code file} as UTF-8, replacing what was there. */
  public static void write(RunResult result, Path file) throws IOException {
    Files.write(file, toJson(result).getBytes(StandardCharsets.UTF_8));
  }

  /** Converts records, maps, collections and scalars; the order is the source's order. */
  static JsonNode toNode(Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (value instanceof Record record) {
      ObjectNode node = NODES.objectNode();
      for (RecordComponent c : record.getClass().getRecordComponents()) {
        if (c.isAnnotationPresent(Omitted.class)) {
          continue;
        }
        node.set(c.getName(), toNode(read(c, record)));
      }
      return node;
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode node = NODES.objectNode();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        node.set(String.valueOf(e.getKey()), toNode(e.getValue()));
      }
      return node;
    }
    if (value instanceof Collection<?> list) {
      ArrayNode node = NODES.arrayNode();
      for (Object o : list) {
        node.add(toNode(o));
      }
      return node;
    }
    if (value instanceof long[] longs) {
      ArrayNode node = NODES.arrayNode();
      for (long l : longs) {
        node.add(l);
      }
      return node;
    }
    if (value instanceof double[] doubles) {
      ArrayNode node = NODES.arrayNode();
      for (double d : doubles) {
        node.add(d);
      }
      return node;
    }
    if (value instanceof String s) {
      return NODES.textNode(s);
    }
    if (value instanceof Long l) {
      return NODES.numberNode(l);
    }
    if (value instanceof Integer i) {
      return NODES.numberNode(i);
    }
    if (value instanceof Double d) {
      return NODES.numberNode(d);
    }
    if (value instanceof Float f) {
      return NODES.numberNode(f);
    }
    if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (value instanceof Enum<?> e) {
      return NODES.textNode(e.name());
    }
    throw new IllegalArgumentException("results.json cannot hold a " + value.getClass().getName());
  }

  private static Object read(RecordComponent c, Record record) {
    try {
      c.getAccessor().setAccessible(true);
      return c.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + c.getName() + " of " + record.getClass().getName(), e);
    }
  }
}
