package io.ringfabric.cluster;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * A TLS engine as Pekko made it, telling {@code failed} of the first exception the handshake
 * ends in: Pekko only logs it, below the level a user sees, and a member whose certificate the
 * lead refused would otherwise wait out its join timeout and blame a missing lead.
 */
final class WatchedEngine extends SSLEngine {
  private final SSLEngine engine;
  private final Consumer<SSLException> failed;
  private boolean told;

  WatchedEngine(SSLEngine engine, Consumer<SSLException> failed) {
    super(engine.getPeerHost(), engine.getPeerPort());
    this.engine = engine;
    this.failed = failed;
  }

  private SSLException tell(SSLException e) {
    if (!told) {
      told = true;
      failed.accept(e);
    }
    return e;
  }

  @Override
  public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
    try {
      return engine.wrap(srcs, offset, length, dst);
    } catch (SSLException e) {
      throw tell(e);
    }
  }

  @Override
  public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
    try {
      return engine.unwrap(src, dsts, offset, length);
    } catch (SSLException e) {
      throw tell(e);
    }
  }

  @Override
  public void closeInbound() throws SSLException {
    try {
      engine.closeInbound();
    } catch (SSLException e) {
      throw tell(e);
    }
  }

  @Override
  public Runnable getDelegatedTask() {
    return engine.getDelegatedTask();
  }

  @Override
  public boolean isInboundDone() {
    return engine.isInboundDone();
  }

  @Override
  public void closeOutbound() {
    engine.closeOutbound();
  }

  @Override
  public boolean isOutboundDone() {
    return engine.isOutboundDone();
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return engine.getSupportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    return engine.getEnabledCipherSuites();
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    engine.setEnabledCipherSuites(suites);
  }

  @Override
  public String[] getSupportedProtocols() {
    return engine.getSupportedProtocols();
  }

  @Override
  public String[] getEnabledProtocols() {
    return engine.getEnabledProtocols();
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    engine.setEnabledProtocols(protocols);
  }

  @Override
  public SSLSession getSession() {
    return engine.getSession();
  }

  @Override
  public SSLSession getHandshakeSession() {
    return engine.getHandshakeSession();
  }

  @Override
  public void beginHandshake() throws SSLException {
    try {
      engine.beginHandshake();
    } catch (SSLException e) {
      throw tell(e);
    }
  }

  @Override
  public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
    return engine.getHandshakeStatus();
  }

  @Override
  public void setUseClientMode(boolean mode) {
    engine.setUseClientMode(mode);
  }

  @Override
  public boolean getUseClientMode() {
    return engine.getUseClientMode();
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    engine.setNeedClientAuth(need);
  }

  @Override
  public boolean getNeedClientAuth() {
    return engine.getNeedClientAuth();
  }

  @Override
  public void setWantClientAuth(boolean want) {
    engine.setWantClientAuth(want);
  }

  @Override
  public boolean getWantClientAuth() {
    return engine.getWantClientAuth();
  }

  @Override
  public void setEnableSessionCreation(boolean flag) {
    engine.setEnableSessionCreation(flag);
  }

  @Override
  public boolean getEnableSessionCreation() {
    return engine.getEnableSessionCreation();
  }

  @Override
  public SSLParameters getSSLParameters() {
    return engine.getSSLParameters();
  }

  @Override
  public void setSSLParameters(SSLParameters params) {
    engine.setSSLParameters(params);
  }

  @Override
  public String getApplicationProtocol() {
    return engine.getApplicationProtocol();
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    return engine.getHandshakeApplicationProtocol();
  }

  @Override
  public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
    engine.setHandshakeApplicationProtocolSelector(selector);
  }

  @Override
  public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
    return engine.getHandshakeApplicationProtocolSelector();
  }
}
