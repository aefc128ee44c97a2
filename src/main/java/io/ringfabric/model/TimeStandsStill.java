package io.ringfabric.model;

/**
 * A component was delivered more events at one instant than {@code most-events-at-one-instant}
 * allows: something goes round a loop that takes no simulated time (a program that sleeps 0 in
 * its onWake), and the run would never end. Its message is the one the user sees, naming who.
 */
public final class TimeStandsStill extends RuntimeException {
  public TimeStandsStill(String message) {
    super(message);
  }
}
