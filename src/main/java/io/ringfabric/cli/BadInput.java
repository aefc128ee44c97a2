package io.ringfabric.cli;

/**
 * A problem with what the user gave (a file that is missing or unreadable, a directory that cannot
 * be written): the command prints the message and exits with status 2, no stack trace.
 */
final class BadInput extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BadInput(String message) {
    super(message);
  }
}
