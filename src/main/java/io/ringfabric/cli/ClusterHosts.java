package io.ringfabric.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;

/** Host and port arguments of the cluster commands. */
final class ClusterHosts {
  private ClusterHosts() {}

  /** Checks {@code host:port}; bad input names the option. */
  static void checkHostPort(String option, String value) {
    int colon = value.lastIndexOf(':');
    if (colon <= 0 || colon == value.length() - 1 || !value.strip().equals(value) || value.contains(" ")
        || value.contains("/") || value.contains("@")) {
      throw new BadInput(option + ": '" + value + "' is not host:port (e.g. 10.0.0.5:25520)");
    }
    try {
      int port = Integer.parseInt(value.substring(colon + 1));
      if (port < 1 || port > 65535) {
        throw new NumberFormatException();
      }
    } catch (NumberFormatException e) {
      throw new BadInput(option + ": '" + value + "' has no valid port (1..65535) after the colon");
    }
  }

  /**
   * Ports free on 127.0.0.1 now. Each is held open until all are found, so they differ; another
   * program could still take one before the member binds it, which ends that member with a clear
   * "address in use" and the run with a message, never a hang.
   */
  static int[] freePorts(int count) {
    ServerSocket[] held = new ServerSocket[count];
    int[] ports = new int[count];
    try {
      for (int i = 0; i < count; i++) {
        held[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        ports[i] = held[i].getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new BadInput("cannot find free ports on 127.0.0.1: " + Scenarios.describe(e));
    } finally {
      for (ServerSocket s : held) {
        if (s != null) {
          try {
            s.close();
          } catch (IOException ignored) {
            // the port is released either way
          }
        }
      }
    }
  }

  /**
   * Checks that this member can listen on {@code host:port} before its actor system tries to,
   * which would fail with a stack trace of Pekko's.
   */
  static void checkBindable(String host, int port) {
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new BadInput("--host: '" + host + "' is not a known host name or address");
    }
    try (ServerSocket probe = new ServerSocket(port, 1, address)) {
      probe.setReuseAddress(true);
    } catch (BindException e) {
      throw new BadInput("cannot listen on " + host + ":" + port + ": " + e.getMessage()
          + " (another member or program has the port, or the address is not this host's)");
    } catch (IOException e) {
      throw new BadInput("cannot listen on " + host + ":" + port + ": " + Scenarios.describe(e));
    }
  }
}
