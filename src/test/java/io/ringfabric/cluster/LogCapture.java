package io.ringfabric.cluster;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** What reaches one logger of this JVM's log (and its children) while it is open. */
final class LogCapture implements AutoCloseable {
  private final Logger logger;
  private final ListAppender<ILoggingEvent> seen = new ListAppender<>();

  private LogCapture(String name) {
    LoggerContext logs = (LoggerContext) LoggerFactory.getILoggerFactory();
    seen.setContext(logs);
    seen.start();
    logger = logs.getLogger(name);
    logger.addAppender(seen);
  }

  /** Everything logged from now on, by every logger. */
  static LogCapture all() {
    return new LogCapture(Logger.ROOT_LOGGER_NAME);
  }

  /** What {@code type}'s logger logs from now on. */
  static LogCapture of(Class<?> type) {
    return new LogCapture(type.getName());
  }

  List<ILoggingEvent> events() {
    return seen.list;
  }

  @Override
  public void close() {
    logger.detachAppender(seen);
  }
}
