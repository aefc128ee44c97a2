package io.ringfabric.model;

/** What a component of the machine is; a node has one of each but cores, of which it has several. */
public enum ComponentKind {
  CORE,
  MODULE,
  MEMORY,
  SWITCH
}
