package io.ringfabric.model;

import java.io.Serializable;

/** What an event carries. Each component nests its own messages as records. */
public interface Message extends Serializable {
  MessageKind kind();
}
