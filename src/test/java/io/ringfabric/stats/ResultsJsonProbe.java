package io.ringfabric.stats;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Temporary: prints a result while the real writer is being built. */
public final class ResultsJsonProbe {
  public static String dump(RunResult r) {
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(r);
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }
}
