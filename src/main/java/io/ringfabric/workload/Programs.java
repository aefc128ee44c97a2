package io.ringfabric.workload;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.hocon.Closest;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.Program;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The built-in process programs, by the name a scenario gives in {@code program = ...}. */
public final class Programs {
  /** Keys every process group has, whatever its program. */
  public static final Set<String> COMMON_KEYS = Set.of("program", "nodes", "core", "count", "completion");

  private Programs() {}

  /** Program names in the order the documentation lists them. */
  public static List<String> names() {
    return List.of("put-stream", "get-stream", "ping-pong");
  }

  /**
   * The program one process of a group runs on {@code node}: {@code spec} is the group's program,
   * {@code groupNodes} the nodes it runs on. Consumers report what they receive to {@code check}.
   */
  public static Program instantiate(ProgramSpec spec, NodeSet groupNodes, int node, ElementCheck check) {
    return instantiate(spec, groupNodes, node, 0, 0, check);
  }

  /**
   * The program one process of a group runs on {@code node}, the {@code instance}-th of the
   * group there, in a machine of {@code nodes} nodes.
   */
  public static Program instantiate(ProgramSpec spec, NodeSet groupNodes, int node, int instance, int nodes,
      ElementCheck check) {
    if (spec instanceof PutStreamSpec put) {
      return new PutStream(put);
    }
    if (spec instanceof GetStreamSpec get) {
      return new GetStream(get, check);
    }
    if (spec instanceof CustomProgramSpec custom) {
      return custom.create(node, instance, nodes);
    }
    if (spec instanceof PingPongSpec ball) {
      int[] pair = groupNodes.listed();
      return new PingPong(ball, pair[0] == node ? pair[1] : pair[0], pair[0] == node);
    }
    throw new IllegalArgumentException("no program for " + spec);
  }

  /**
   * A program of one's own, by class name: it must implement {@link Program} and have a public
   * constructor taking {@link ProgramSettings}, or none. One instance is made now, for the group's
   * first node, so that a constructor that rejects its settings is reported with the scenario's
   * other problems.
   */
  private static ProgramSpec custom(String className, ConfigReader reader, int nodes) {
    Set<String> allowed = new TreeSet<>(COMMON_KEYS);
    allowed.add("settings");
    reader.allowOnly(allowed);
    Class<?> type;
    try {
      type = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException e) {
      reader.problem("program", "no class " + className + " on the class path (built-in programs: "
          + String.join(", ", names()) + "; a program of your own is a class name)");
      return null;
    } catch (ExceptionInInitializerError e) {
      reader.problem("program", className + " cannot be loaded: its static initializer threw " + e.getCause());
      return null;
    } catch (LinkageError e) {
      // found, but unusable: a class it needs is missing, it was built for a newer Java, or its
      // static initializer failed when it was loaded before ("Could not initialize class ...")
      reader.problem("program", className + " cannot be loaded: " + e);
      return null;
    }
    if (!Program.class.isAssignableFrom(type)) {
      reader.problem("program", className + " does not implement " + Program.class.getName());
      return null;
    }
    @SuppressWarnings("unchecked")
    Class<? extends Program> programType = (Class<? extends Program>) type;
    if (!hasConstructor(programType)) {
      reader.problem("program", className + " needs a public constructor taking "
          + ProgramSettings.class.getSimpleName() + ", or none");
      return null;
    }
    Config settings = reader.has("settings")
        && reader.config().getValue("settings").valueType() == ConfigValueType.OBJECT
        ? reader.config().getConfig("settings") : ConfigFactory.empty();
    if (reader.has("settings") && settings.isEmpty()
        && reader.config().getValue("settings").valueType() != ConfigValueType.OBJECT) {
      reader.problem("settings", "must be a block, e.g. settings { rounds = 10 }");
    }
    CustomProgramSpec spec = new CustomProgramSpec(programType, settings, reader.pathOf("settings"));
    try {
      spec.create(0, 0, Math.max(nodes, 1));
    } catch (IllegalArgumentException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      int colon = message.indexOf(": ");
      if (message.startsWith(reader.pathOf("settings")) && colon > 0) {
        reader.problems().add(reader.has("settings") ? reader.config().getValue("settings").origin() : null,
            message.substring(0, colon), message.substring(colon + 2));
      } else {
        reader.problem("settings", message);
      }
    }
    return spec;
  }

  private static boolean hasConstructor(Class<? extends Program> type) {
    for (Constructor<?> c : type.getConstructors()) {
      Class<?>[] params = c.getParameterTypes();
      if (params.length == 0 || (params.length == 1 && params[0] == ProgramSettings.class)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Parses and checks one process group's program-specific keys (the block is already merged with
   * {@code ringfabric.defaults.<program>}); problems go to the reader. Returns null for an unknown
   * program, after recording a problem naming the closest known one.
   *
   * @param nodes the number of nodes in the scenario
   */
  public static ProgramSpec parse(String program, ConfigReader reader, int nodes) {
    switch (program) {
      case "put-stream":
        return PutStreamSpec.parse(reader, nodes);
      case "get-stream":
        return GetStreamSpec.parse(reader);
      case "ping-pong":
        return PingPongSpec.parse(reader, nodes);
      default:
        if (program.contains(".")) {
          return custom(program, reader, nodes);
        }
        reader.problem(
            "program",
            "unknown program '" + program + "'"
                + Closest.suggestion(program, names(), "program")
                + " (known: " + String.join(", ", names()) + ")");
        return null;
    }
  }
}
