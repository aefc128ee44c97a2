package io.ringfabric.stats;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What build of ringfabric produced a result: its version, the git commit it was built from, and
 * whether the tree had changes not committed. Maven writes them into {@code
 * ringfabric-build.properties} when it builds the jar; classes compiled some other way (an IDE)
 * say {@code unknown}. Results carry it, {@code --version} prints it, and cluster members and
 * checkpoints compare it: two builds of different commits never mix.
 *
 * @param commit the full commit id, or {@code unknown}
 */
public record Build(String version, String commit, boolean changes) {
  private static final Build CURRENT = read();

  /** This build. */
  public static Build current() {
    return CURRENT;
  }

  /** For people and for comparing builds: {@code 0.1.0-SNAPSHOT (commit 9569fcc0a1b2, with changes)}. */
  public String describe() {
    String shortCommit = commit.length() > 12 ? commit.substring(0, 12) : commit;
    return version + " (commit " + shortCommit + (changes ? ", with changes" : "") + ")";
  }

  private static Build read() {
    Properties p = new Properties();
    try (InputStream in = Build.class.getResourceAsStream("/ringfabric-build.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // a jar that cannot read its own resource: the build is unknown, which is what it says
    }
    return new Build(known(p.getProperty("version")), known(p.getProperty("commit")),
        "true".equals(p.getProperty("changes")));
  }

  /** A value Maven did not fill in is unknown. */
  private static String known(String value) {
    return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
  }
}
