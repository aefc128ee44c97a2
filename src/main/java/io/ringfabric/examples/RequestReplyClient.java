package io.ringfabric.examples;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import io.ringfabric.workload.ProgramSettings;
import java.nio.ByteBuffer;

/**
 * The client of a request/reply service over two rings: it PUTs each request into the server's
 * request ring, then GETs from its own reply ring until the reply comes, checks that the reply
 * answers that very request, and records the round trip. A reply that answers anything else
 * stops the process with an error, so a run that ends cleanly proves every reply matched.
 *
 * <p>Settings: {@code server} (node), {@code requests} (count), {@code request-ring},
 * {@code reply-ring}, {@code size} (request bytes, at least 16), {@code empty-backoff}.
 */
public final class RequestReplyClient implements Program {
  private final int server;
  private final int requests;
  private final int requestRing;
  private final int replyRing;
  private final int size;
  private final long backoff;
  private int answered;
  private long sentAt;
  private boolean resending;

  public RequestReplyClient(ProgramSettings s) {
    this.server = s.intValue("server", 0);
    this.requests = s.intValue("requests", 10);
    this.requestRing = s.intValue("request-ring", 1);
    this.replyRing = s.intValue("reply-ring", 2);
    this.size = (int) s.bytes("size", 64);
    this.backoff = s.durationPs("empty-backoff", 100_000);
    if (size < RequestReplyServer.HEADER) {
      throw new IllegalArgumentException(s.path() + ".size: must be at least "
          + RequestReplyServer.HEADER + " bytes, to carry the client and the request number");
    }
  }

  @Override
  public void onStart(ProcessApi api) {
    send(api);
  }

  private void send(ProcessApi api) {
    if (answered == requests) {
      api.finish();
      return;
    }
    sentAt = api.now();
    api.put(server, requestRing, RequestReplyServer.request(api.node(), answered, size));
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.op() == Op.PUT) {
      resending = !c.ok(); // the server's queue is full: send the same request again shortly
      if (resending) {
        api.sleep(backoff);
      } else {
        api.get(api.node(), replyRing);
      }
      return;
    }
    if (c.status() == Status.EMPTY) {
      api.sleep(backoff);
      return;
    }
    if (!c.ok()) {
      throw new IllegalStateException("the GET of a reply ended in " + c.status());
    }
    if (!RequestReplyServer.answers(c.data(), api.node(), answered, size)) {
      ByteBuffer reply = ByteBuffer.wrap(c.data());
      throw new IllegalStateException("reply " + reply.getInt() + "/" + reply.getInt()
          + " does not answer request " + api.node() + "/" + answered);
    }
    api.recordRoundTrip(api.now() - sentAt);
    answered++;
    send(api);
  }

  @Override
  public void onWake(ProcessApi api) {
    if (resending) {
      api.put(server, requestRing, RequestReplyServer.request(api.node(), answered, size));
    } else {
      api.get(api.node(), replyRing);
    }
  }
}
