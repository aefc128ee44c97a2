package io.ringfabric.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.cluster.Tls;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --tls-keystore} and {@code --tls-truststore}: a cluster member that proves who it is. */
final class TlsArgs {
  /** Where the key store's password comes from: never the command line, which others can read. */
  static final String KEYSTORE_PASSWORD = "RINGFABRIC_TLS_KEYSTORE_PASSWORD";
  /** The trust store's; the key store's if unset. */
  static final String TRUSTSTORE_PASSWORD = "RINGFABRIC_TLS_TRUSTSTORE_PASSWORD";

  @Option(names = "--tls-keystore", paramLabel = "FILE",
      description = "Talk to the other members over TLS with mutual authentication, presenting the key and"
          + " certificate in FILE (PKCS12; password in $" + KEYSTORE_PASSWORD + ").")
  Path keystore;

  @Option(names = "--tls-truststore", paramLabel = "FILE",
      description = "With --tls-keystore: the certificates of members to trust (PKCS12; password in $"
          + TRUSTSTORE_PASSWORD + ", else $" + KEYSTORE_PASSWORD + ").")
  Path truststore;

  /** The TLS the stores given make, checked, or null when none were given. */
  Tls tls(Main main) {
    if (keystore == null && truststore == null) {
      return null;
    }
    if (keystore == null || truststore == null) {
      throw new BadInput(keystore == null ? "--tls-truststore needs --tls-keystore: what this member presents"
          : "--tls-keystore needs --tls-truststore: whom this member trusts");
    }
    for (Path f : new Path[] {keystore, truststore}) {
      if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
        throw new BadInput((f == keystore ? "--tls-keystore " : "--tls-truststore ") + f + ": "
            + (Files.exists(f) ? "cannot be read" : "no such file"));
      }
    }
    String keyPassword = main.env(KEYSTORE_PASSWORD);
    if (keyPassword == null || keyPassword.isEmpty()) {
      throw new BadInput("--tls-keystore " + keystore + ": set its password in the environment variable "
          + KEYSTORE_PASSWORD + " (it is never given on the command line)");
    }
    String trustPassword = main.env(TRUSTSTORE_PASSWORD);
    Tls tls = new Tls(keystore, keyPassword, truststore,
        trustPassword == null || trustPassword.isEmpty() ? keyPassword : trustPassword);
    String problem = tls.problem();
    if (problem != null) {
      throw new BadInput(problem);
    }
    return tls;
  }

  /** The Pekko settings of {@code tls}: Artery over TLS, or nothing for plain TCP. */
  static Config pekko(Tls tls) {
    return tls == null ? ConfigFactory.empty() : tls.artery();
  }
}
