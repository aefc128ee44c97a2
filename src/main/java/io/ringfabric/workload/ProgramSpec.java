package io.ringfabric.workload;

/** A program's own settings, parsed and validated from its process group's config block. */
public interface ProgramSpec {}
