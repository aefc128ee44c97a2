package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.MainTest.Outcome;
import io.ringfabric.cluster.Tls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS stores on the command line, their passwords in the environment; every mistake named before a cluster starts. */
class TlsArgsTest {
  @TempDir Path dir;

  private static Outcome member(Map<String, String> env, String... tls) {
    String[] args = new String[8 + tls.length];
    System.arraycopy(new String[] {"cluster", "member", "conf/ringfabric.conf", "--port", "1", "--seeds", "127.0.0.1:1",
        "--members=1"}, 0, args, 0, 8);
    System.arraycopy(tls, 0, args, 8, tls.length);
    return MainTest.run(env, args);
  }

  @Test
  void badStoresAndMissingPasswordsAreRefused() throws Exception {
    Tls keys = Tls.throwaway(dir);
    String store = keys.keyStore().toString();
    Outcome half = member(Map.of(), "--tls-keystore", store);
    assertEquals(2, half.code());
    assertEquals("ringfabric: --tls-keystore needs --tls-truststore: whom this member trusts\n", half.err());
    Outcome noPassword = member(Map.of(), "--tls-keystore", store, "--tls-truststore", store);
    assertEquals(2, noPassword.code());
    assertEquals("ringfabric: --tls-keystore " + store + ": set its password in the environment variable"
        + " RINGFABRIC_TLS_KEYSTORE_PASSWORD (it is never given on the command line)\n", noPassword.err());
    Outcome wrong = member(Map.of(TlsArgs.KEYSTORE_PASSWORD, "not-it"), "--tls-keystore", store, "--tls-truststore", store);
    assertEquals(2, wrong.code());
    assertTrue(wrong.err().startsWith("ringfabric: cannot open the key store " + store
        + " (wrong password, or not a PKCS12 key store)"), wrong.err());
    Path text = Files.writeString(dir.resolve("not-a-store.p12"), "hello");
    Outcome notAStore = member(Map.of(TlsArgs.KEYSTORE_PASSWORD, keys.keyStorePassword()), "--tls-keystore", store,
        "--tls-truststore", text.toString());
    assertEquals(2, notAStore.code());
    assertTrue(notAStore.err().startsWith("ringfabric: cannot open the trust store " + text), notAStore.err());
    Outcome missing = member(Map.of(), "--tls-keystore", dir.resolve("none.p12").toString(), "--tls-truststore", store);
    assertEquals(2, missing.code());
    assertEquals("ringfabric: --tls-keystore " + dir.resolve("none.p12") + ": no such file\n", missing.err());
  }
}
