package io.ringfabric.model;

/**
 * What a checkpoint's stream tells the parts it writes: the moment they are saved at. A part whose
 * saved form depends on how it was run (a link's busy time series, whose rows it shares with
 * whatever links ran on its thread) saves the form of that moment instead, so both engines and
 * every cluster layout save the same bytes.
 */
public interface SavedAt {
  /** The window boundary the parts are saved at, in picoseconds. */
  long atPs();
}
