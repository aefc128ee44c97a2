package io.ringfabric.examples;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import io.ringfabric.workload.ProgramSettings;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The server of a request/reply service over two rings: it GETs requests from its own request
 * ring, works on each for {@code service} time, and PUTs the reply into the reply ring of the
 * client the request names. It stops after {@code idle-limit} empty GETs in a row.
 *
 * <p>A request is the client's node and its request number (4 bytes each), then filler; the reply
 * carries the same two numbers and the filler reversed, so the client can check it answers its
 * very request.
 */
public final class RequestReplyServer implements Program {
  /** Bytes that name a request: client node, request number. */
  static final int HEADER = 8;

  private final int requestRing;
  private final int replyRing;
  private final long service;
  private final long backoff;
  private final int idleLimit;
  private int empty;
  private byte[] reply;
  private int replyTo;

  public RequestReplyServer(ProgramSettings s) {
    this.requestRing = s.intValue("request-ring", 1);
    this.replyRing = s.intValue("reply-ring", 2);
    this.service = s.durationPs("service", 200_000);
    this.backoff = s.durationPs("empty-backoff", 100_000);
    this.idleLimit = s.intValue("idle-limit", 50);
  }

  @Override
  public void onStart(ProcessApi api) {
    api.get(api.node(), requestRing);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.op() == Op.PUT) {
      if (!c.ok()) { // the client's reply ring is full: answer again shortly
        api.sleep(backoff);
        return;
      }
      reply = null;
      api.get(api.node(), requestRing);
      return;
    }
    if (c.status() == Status.EMPTY) {
      if (++empty >= idleLimit) {
        api.finish();
      } else {
        api.sleep(backoff);
      }
      return;
    }
    if (!c.ok()) {
      throw new IllegalStateException("the GET of a request ended in " + c.status());
    }
    empty = 0;
    replyTo = ByteBuffer.wrap(c.data()).getInt();
    reply = answer(c.data());
    api.compute(service);
  }

  @Override
  public void onWake(ProcessApi api) {
    if (reply != null) {
      api.put(replyTo, replyRing, reply);
    } else {
      api.get(api.node(), requestRing);
    }
  }

  /** Request {@code number} of {@code client}: the two numbers, then filler bytes. */
  static byte[] request(int client, int number, int size) {
    byte[] data = new byte[size];
    ByteBuffer b = ByteBuffer.wrap(data);
    b.putInt(client).putInt(number);
    for (int i = HEADER; i < size; i++) {
      data[i] = (byte) (client * 31 + number * 7 + i);
    }
    return data;
  }

  /** The reply to a request: the same two numbers, then the filler reversed. */
  static byte[] answer(byte[] request) {
    byte[] out = request.clone();
    for (int i = HEADER, j = request.length - 1; j >= HEADER; i++, j--) {
      out[i] = request[j];
    }
    return out;
  }

  /** Whether {@code reply} answers request {@code number} of {@code client}. */
  static boolean answers(byte[] reply, int client, int number, int size) {
    return Arrays.equals(reply, answer(request(client, number, size)));
  }
}
