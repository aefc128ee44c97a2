package io.ringfabric.workload;

import com.typesafe.config.Config;
import io.ringfabric.model.Program;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

/**
 * {@code program = com.example.MyProgram}: a program of one's own, a class implementing
 * {@link Program} with a public constructor taking {@link ProgramSettings} (or none), made once
 * per process from the group's {@code settings} block.
 */
public record CustomProgramSpec(Class<? extends Program> type, Config settings, String path)
    implements ProgramSpec {

  /** A new instance for one process. */
  public Program create(int node, int instance, int nodes) {
    ProgramSettings s = new ProgramSettings(settings, path, node, instance, nodes);
    try {
      try {
        Constructor<? extends Program> withSettings = type.getConstructor(ProgramSettings.class);
        return withSettings.newInstance(s);
      } catch (NoSuchMethodException e) {
        return type.getConstructor().newInstance();
      }
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IllegalArgumentException bad) {
        throw bad;
      }
      throw new IllegalArgumentException(type.getName() + " could not be made for node " + node
          + ": its constructor threw " + cause, cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(type.getName() + " could not be made: " + e, e);
    }
  }
}
