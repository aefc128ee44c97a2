package io.ringfabric.workload;

import java.io.Serializable;

/** A program's own settings, parsed and validated from its process group's config block. */
public interface ProgramSpec extends Serializable {}
