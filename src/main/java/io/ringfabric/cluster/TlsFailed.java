package io.ringfabric.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A TLS handshake this member began with another failed (published on the actor system's event
 * stream by {@link TrustedMembers}): what a member that finds no lead says instead.
 *
 * @param peer {@code host:port} of the other member
 * @param alert the TLS alert the other member ended it with, or null
 * @param untrusted whether this member refused the other's certificate
 * @param detail the handshake's own words
 */
public record TlsFailed(String peer, String alert, boolean untrusted, String detail) {
  /** Alerts by which a member says it will not take the other's certificate. */
  private static final Set<String> REFUSALS = Set.of("bad_certificate", "unsupported_certificate",
      "certificate_revoked", "certificate_expired", "certificate_unknown", "unknown_ca", "access_denied",
      "certificate_required");

  private static final String RECEIVED = "Received fatal alert: ";

  static TlsFailed of(String peer, SSLException e) {
    String message = e.getMessage() == null ? "the handshake failed" : e.getMessage();
    String alert = message.startsWith(RECEIVED) ? message.substring(RECEIVED.length()).strip() : null;
    boolean untrusted = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      untrusted |= t instanceof CertificateException;
    }
    return new TlsFailed(peer, alert, untrusted, message);
  }

  /** Whether trying again cannot help: one of the two refused the other's certificate. */
  public boolean refused() {
    return untrusted || (alert != null && REFUSALS.contains(alert));
  }

  /** What happened, naming the other as the lead if it is at {@code lead}. */
  public String describe(String lead) {
    String who = peer.equals(lead) ? "the lead (" + peer + ")" : "the member at " + peer;
    if (untrusted) {
      return "this member does not trust the certificate of " + who
          + ": this member's trust store (--tls-truststore) must hold it";
    }
    if (alert != null && REFUSALS.contains(alert)) {
      return who + " refused this member's certificate (TLS alert " + alert
          + "): its trust store (--tls-truststore) must hold it";
    }
    return "TLS with " + who + " failed: " + detail + " (does it run with TLS too, with a certificate"
        + " this member trusts?)";
  }

  /**
   * Whether a TLS server answers at {@code hostPort}: it presents a certificate to a ClientHello.
   * For a member without TLS, which otherwise sees only its connections closed.
   */
  public static boolean speaksTls(String hostPort, Duration timeout) {
    int colon = hostPort.lastIndexOf(':');
    AtomicBoolean presented = new AtomicBoolean();
    X509TrustManager noted = new X509TrustManager() {
      @Override
      public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a probe serves no one");
      }

      @Override
      public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        presented.set(true);
        throw new CertificateException("seen; the probe goes no further");
      }

      @Override
      public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
      }
    };
    int millis = (int) Math.max(1, timeout.toMillis());
    String host = hostPort.substring(0, colon);
    try (Socket plain = new Socket()) {
      plain.connect(new InetSocketAddress(host,
          Integer.parseInt(hostPort.substring(colon + 1))), millis);
      plain.setSoTimeout(millis);
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(null, new TrustManager[] {noted}, null);
      try (SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(plain, host, plain.getPort(), false)) {
        s.setUseClientMode(true);
        s.startHandshake();
      }
    } catch (IOException | java.security.GeneralSecurityException | RuntimeException e) {
      // refused, closed, not TLS, or the probe's own stop: the certificate seen or not is the answer
    }
    return presented.get();
  }
}
