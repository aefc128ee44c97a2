package io.ringfabric.model;

/** What an event carries. Each component nests its own messages as records. */
public interface Message {
  MessageKind kind();
}
