package io.ringfabric.topology;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A text file the user names (a scenario, a fabric's switches and links), looked at before it is
 * read whole: a device such as {@code /dev/zero} never ends, and a large or binary file would fill
 * the heap or the screen before its first line could be refused.
 */
public final class TextFile {
  /** The largest such file read: far above any scenario or fabric of {@link TopologyFile#MAX_SWITCHES}. */
  public static final long MAX_BYTES = 64L << 20;

  private TextFile() {}

  /**
   * Why {@code file} is not a text file to read, in words that follow "cannot read it: ", or null
   * when it is one (or is missing or unreadable, which reading it will say).
   */
  public static String refusal(Path file) {
    if (!Files.exists(file) || Files.isDirectory(file)) {
      return null;
    }
    if (!Files.isRegularFile(file)) {
      return "it is not a regular file (a device, a pipe or a socket); give a text file";
    }
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        return "it is " + (size >> 20) + " MiB, more than the " + (MAX_BYTES >> 20) + " MiB a text file of"
            + " settings may be";
      }
      try (InputStream in = Files.newInputStream(file)) {
        byte[] buffer = new byte[8192];
        long offset = 0;
        for (int n; (n = in.read(buffer)) > 0; offset += n) {
          for (int i = 0; i < n; i++) {
            if (buffer[i] == 0) {
              return "it is not text: byte " + (offset + i) + " is NUL";
            }
          }
        }
      }
    } catch (IOException e) {
      return null; // reading it says why
    }
    return null;
  }
}
