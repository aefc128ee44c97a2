package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A warning repeated a thousand times is shown three times a period and summarised once. */
class RepeatedWarningsTest {

  @Test
  void aFloodOfOneShapeIsShownThriceAndCounted() {
    LoggerContext context = new LoggerContext();
    RepeatedWarnings filter = new RepeatedWarnings();
    ByteArrayOutputStream summary = new ByteArrayOutputStream();
    filter.summariseTo(new PrintStream(summary, true, StandardCharsets.UTF_8));
    context.addTurboFilter(filter);
    ListAppender<ILoggingEvent> shown = new ListAppender<>();
    shown.setContext(context);
    shown.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.addAppender(shown);
    Logger decoder = context.getLogger("org.apache.pekko.remote.artery.Decoder");
    for (int i = 0; i < 1000; i++) {
      decoder.warn("Dropping message due to: java.lang.IllegalArgumentException: newPosition > limit: (" + (i * 7919)
          + " > " + (-i) + ")");
    }
    decoder.warn("Another warning entirely");
    decoder.info("Information is never held back " + 1);
    decoder.info("Information is never held back " + 2);
    decoder.info("Information is never held back " + 3);
    decoder.info("Information is never held back " + 4);
    assertEquals(3 + 1 + 4, shown.list.size());
    filter.endPeriod();
    assertEquals("WARN Decoder: 997 more warnings like \"Dropping message due to: java.lang.IllegalArgumentException:"
        + " newPosition > limit: (0 > 0)\" in the last 10 s, not shown\n", summary.toString(StandardCharsets.UTF_8));
    decoder.warn("Dropping message due to: java.lang.IllegalArgumentException: newPosition > limit: (1 > 2)");
    assertEquals(9, shown.list.size(), "a new period shows it again");
    filter.stop();
    context.stop();
  }

  @Test
  void theShapeIgnoresNumbersOnly() {
    assertEquals("originUid [#] at pekko://ringfabric@#.#.#.#:#", RepeatedWarnings.shapeOf(
        "originUid [-8605118527414921043] at pekko://ringfabric@127.0.0.1:25520"));
    assertEquals("Incompatible protocol version [#]", RepeatedWarnings.shapeOf("Incompatible protocol version [111]"));
  }
}
