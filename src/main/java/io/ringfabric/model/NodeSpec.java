package io.ringfabric.model;

/** {@code node.cores} and {@code node.contexts}. */
public record NodeSpec(int cores, int contexts) {}
