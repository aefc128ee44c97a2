package io.ringfabric.model;

/** Where components' events go; each engine provides its own. */
public interface EventSink {
  void post(Event event);
}
