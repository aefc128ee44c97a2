package io.ringfabric.cluster;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.remote.artery.tcp.ConfigSSLEngineProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pekko's TLS engines as configured, but a member that presents a certificate this one does not
 * trust is named in the log: Pekko drops such a connection without a word on the side that
 * refused it, so a lead waiting for members would only say that too few joined. On the side
 * refused, a failed handshake is published ({@link TlsFailed}) for the member to end on.
 */
public final class TrustedMembers extends ConfigSSLEngineProvider {
  private static final Logger LOG = LoggerFactory.getLogger(TrustedMembers.class);

  private final ActorSystem system;

  public TrustedMembers(ActorSystem system) {
    super(system);
    this.system = system;
  }

  /**
   * Pekko's engine, whose failed handshake is also published as a {@link TlsFailed} on the
   * system's event stream: the member that began it can then say why it finds no lead.
   */
  @Override
  public SSLEngine createClientSSLEngine(String hostname, int port) {
    String peer = hostname + ":" + port;
    return new WatchedEngine(super.createClientSSLEngine(hostname, port),
        e -> system.eventStream().publish(TlsFailed.of(peer, e)));
  }

  @Override
  public TrustManager[] trustManagers() {
    TrustManager[] managers = super.trustManagers();
    for (int i = 0; i < managers.length; i++) {
      if (managers[i] instanceof X509ExtendedTrustManager x) {
        managers[i] = new Telling(x);
      }
    }
    return managers;
  }

  /** The trust manager it wraps, telling of each member refused. */
  private static final class Telling extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager trust;

    Telling(X509ExtendedTrustManager trust) {
      this.trust = trust;
    }

    private static CertificateException refused(X509Certificate[] chain, CertificateException e) {
      String who = chain == null || chain.length == 0 ? "none" : chain[0].getSubjectX500Principal().getName();
      LOG.warn("refused a member: its certificate ({}) is not trusted here ({})", who, e.getMessage());
      return e;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      try {
        trust.checkClientTrusted(chain, authType, engine);
      } catch (CertificateException e) {
        throw refused(chain, e);
      }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
      try {
        trust.checkClientTrusted(chain, authType, socket);
      } catch (CertificateException e) {
        throw refused(chain, e);
      }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      try {
        trust.checkClientTrusted(chain, authType);
      } catch (CertificateException e) {
        throw refused(chain, e);
      }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      trust.checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
      trust.checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      trust.checkServerTrusted(chain, authType);
    }

    /**
     * None named: a member then presents its certificate whoever issued it, and this side decides.
     * Named, a member whose certificate is not among them sends none, and the handshake fails
     * before any trust manager sees who it was.
     */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
