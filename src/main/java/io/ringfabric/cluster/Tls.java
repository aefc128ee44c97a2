package io.ringfabric.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Cluster members that must prove who they are: Pekko Artery over TLS 1.3 with mutual
 * authentication, each member presenting the certificate of its key store and trusting only
 * those in its trust store. A connection that does not complete the handshake never reaches
 * Pekko's decoder.
 *
 * @param keyStore this member's key and certificate (PKCS12)
 * @param keyStorePassword its password (and the key's)
 * @param trustStore the certificates this member trusts
 * @param trustStorePassword its password
 */
public record Tls(Path keyStore, String keyStorePassword, Path trustStore, String trustStorePassword) {

  /** The Pekko settings that put Artery on TLS with these stores. */
  public Config artery() {
    return ConfigFactory.parseMap(Map.of(
        "pekko.remote.artery.transport", "tls-tcp",
        "pekko.remote.artery.ssl.ssl-engine-provider", TrustedMembers.class.getName(),
        "pekko.remote.artery.ssl.config-ssl-engine.key-store", keyStore.toAbsolutePath().toString(),
        "pekko.remote.artery.ssl.config-ssl-engine.key-store-password", keyStorePassword,
        "pekko.remote.artery.ssl.config-ssl-engine.key-password", keyStorePassword,
        "pekko.remote.artery.ssl.config-ssl-engine.trust-store", trustStore.toAbsolutePath().toString(),
        "pekko.remote.artery.ssl.config-ssl-engine.trust-store-password", trustStorePassword,
        "pekko.remote.artery.ssl.config-ssl-engine.require-mutual-authentication", "on"));
  }

  /**
   * Opens both stores as Pekko will, so a wrong password or a file that is no key store is said
   * before the cluster starts.
   *
   * @return null if both open and the key store holds a key, else what is wrong
   */
  public String problem() {
    String k = open(keyStore, keyStorePassword, "key store", true);
    return k != null ? k : open(trustStore, trustStorePassword, "trust store", false);
  }

  private static String open(Path file, String password, String what, boolean needsKey) {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(in, password.toCharArray());
      boolean hasKey = false;
      for (String alias : Collections.list(store.aliases())) {
        hasKey |= store.isKeyEntry(alias);
      }
      return needsKey && !hasKey ? "the " + what + " " + file + " holds no private key" : null;
    } catch (IOException | GeneralSecurityException e) {
      return "cannot open the " + what + " " + file + " (wrong password, or not a PKCS12 key store): "
          + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }

  /**
   * Throwaway keys for the members of one {@code cluster local} run: a key pair and its
   * self-signed certificate made with the JDK's keytool into {@code dir}, one store that is
   * every member's key store and trust store, under a random password.
   */
  public static Tls throwaway(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path store = dir.resolve("members.p12");
    Files.deleteIfExists(store);
    byte[] secret = new byte[18];
    new SecureRandom().nextBytes(secret);
    String password = HexFormat.of().formatHex(secret);
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    ProcessBuilder make = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-alias", "member",
        "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=ringfabric cluster member", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass:env", "RINGFABRIC_TLS_PASSWORD"))
        .redirectErrorStream(true);
    make.environment().put("RINGFABRIC_TLS_PASSWORD", password); // never on a command line
    Process p = make.start();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IOException("keytool could not make the members' keys: " + said);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while keytool made the members' keys");
    }
    try { // a throwaway key is still a key: for this user's eyes only
      Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException notPosix) {
      // a file system without POSIX permissions keeps its own defaults
    }
    return new Tls(store, password, store, password);
  }
}
