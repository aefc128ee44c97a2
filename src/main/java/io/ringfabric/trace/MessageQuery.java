package io.ringfabric.trace;

import io.ringfabric.trace.TraceRecord.Kinds;
import io.ringfabric.workload.schedule.MessageMark;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code trace FILE op RANK:LABEL}: one message of a schedule, from its send to its receive, in
 * two streaming passes. The first reads the ranks' marks ({@link MessageMark}) up to the match,
 * to learn the send, the receive and the message; the second keeps their marks and every record
 * of the PUTs and GETs that moved the message's elements. A GET's mark comes after its records
 * (the rank marks it once it has seen what it brought), so the second pass holds each context's
 * latest operation until a mark claims it or the next one replaces it: memory for one operation a
 * context of the two nodes, and for the message's own.
 */
public final class MessageQuery {
  private MessageQuery() {}

  /** The send or receive asked for is not in the trace; the message says why. */
  public static final class NotFound extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotFound(String message) {
      super(message);
    }
  }

  /**
   * What the first pass learnt.
   *
   * @param asked the operation asked for, {@code rank:label}
   * @param sendOp the send, or null (a receive nothing matched)
   * @param recvOp the receive, or null (a send nothing matched)
   * @param message the message, or null (a send that never began, a receive nothing matched)
   */
  public record Resolved(String asked, String sendOp, String recvOp, String message, int sendNode, int recvNode) {}

  /** Whether {@code id} names an operation of a schedule, {@code rank:label}. */
  public static boolean isRankOp(String id) {
    return id.indexOf(':') > 0 && id.indexOf(' ') < 0 && MessageMark.rankOf(id) >= 0;
  }

  /** The first pass: which send and receive {@code asked} is one of, and their message. */
  public static Resolved resolve(TraceReader r, String asked, String file) throws IOException {
    int rank = MessageMark.rankOf(asked);
    BitSet ranks = new BitSet();
    Set<String> ofRank = new LinkedHashSet<>(); // the first few sends and receives of the rank, for a hint
    Map<String, TraceRecord> sendOfMessage = new HashMap<>(); // messages to the asked rank: their first PUT's mark
    String role = null;
    String sendOp = null;
    String recvOp = null;
    String message = null;
    int sendNode = -1;
    int recvNode = -1;
    TraceRecord rec;
    while ((rec = r.next()) != null) {
      MessageMark m = Kinds.MARK.equals(rec.kind()) ? MessageMark.parse(rec.detail()) : null;
      if (m == null) {
        continue;
      }
      if (m.op() != null) {
        int of = MessageMark.rankOf(m.op());
        ranks.set(of);
        if (of == rank && ofRank.size() < 6 && (MessageMark.SEND.equals(m.verb()) || MessageMark.RECV.equals(m.verb()))) {
          ofRank.add(m.op().substring(m.op().indexOf(':') + 1));
        }
      }
      boolean mine = asked.equals(m.op());
      switch (m.verb()) {
        case MessageMark.SEND, MessageMark.RECV -> {
          if (mine && role == null) {
            role = m.verb();
            if (role.equals(MessageMark.SEND)) {
              sendOp = asked;
              sendNode = rec.node();
            } else {
              recvOp = asked;
              recvNode = rec.node();
            }
          }
        }
        case MessageMark.PUT -> {
          if (mine && MessageMark.SEND.equals(role) && message == null) {
            message = m.message();
          } else if (!MessageMark.SEND.equals(role) && destination(m.message()) == rank) {
            sendOfMessage.putIfAbsent(m.message(), rec);
          }
        }
        case MessageMark.GET -> {
          if (m.message().equals(message)) {
            recvNode = rec.node(); // a send nothing matched: its GETs still tell where it went
          }
        }
        case MessageMark.MATCH -> {
          boolean ours = MessageMark.SEND.equals(role) ? m.message().equals(message) : mine && role != null;
          if (ours) {
            recvOp = m.op();
            recvNode = rec.node();
            if (message == null) {
              message = m.message();
              TraceRecord put = sendOfMessage.get(message);
              sendOp = put == null ? null : MessageMark.parse(put.detail()).op();
              sendNode = put == null ? -1 : put.node();
            }
            return new Resolved(asked, sendOp, recvOp, message, sendNode, recvNode);
          }
        }
        default -> {}
      }
    }
    if (role == null) {
      throw new NotFound(notFound(r.header(), asked, rank, ranks, ofRank, file));
    }
    return new Resolved(asked, sendOp, recvOp, message, sendNode, recvNode);
  }

  private static String notFound(TraceReader.Header h, String asked, int rank, BitSet ranks, Set<String> ofRank,
      String file) {
    boolean part = h.traceNodes() != null || (h.from() != null && h.from() > 0) || h.to() != null;
    String leftOut = part ? ", or its --trace-nodes, --trace-from or --trace-to left them out" : "";
    if (ranks.isEmpty()) {
      return "no schedule marks in " + file + ": it is not the trace of a run with a workload.schedule" + leftOut
          + " (a trace written before ringfabric marked messages has none either)";
    }
    if (!ranks.get(rank)) {
      return "no rank " + rank + " in the schedule marks of " + file + (part
          ? ": its --trace-nodes, --trace-from or --trace-to left it out, or the schedule has no such rank"
          : ": its ranks are 0.." + (ranks.length() - 1));
    }
    return "no send or receive " + asked + " in " + file + ": rank " + rank + "'s first are " + String.join(", ", ofRank)
        + " (a calc leaves no mark, nor does an operation that never started" + leftOut + ")";
  }

  /** The rank a message went to, or -1. */
  private static int destination(String message) {
    int arrow = message.indexOf("->");
    int hash = message.indexOf('#');
    if (arrow < 0 || hash < arrow) {
      return -1;
    }
    try {
      return Integer.parseInt(message.substring(arrow + 2, hash));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The second pass: the message's marks and the records of its PUTs and GETs. */
  public static MessageStory story(TraceReader r, Resolved s) throws IOException {
    List<TraceRecord> marks = new ArrayList<>();
    Map<String, List<TraceRecord>> ops = new LinkedHashMap<>(); // claimed by a mark, in mark order
    Map<String, List<TraceRecord>> latest = new HashMap<>(); // by context: its latest op's records
    Set<String> open = new LinkedHashSet<>(); // claimed ops not yet seen completed
    boolean sendPosted = false;
    boolean recvPosted = false;
    boolean matched = s.recvOp == null;
    boolean sent = s.sendOp == null;
    TraceRecord rec;
    while ((rec = r.next()) != null) {
      String op = rec.op();
      if (Kinds.MARK.equals(rec.kind())) {
        MessageMark m = MessageMark.parse(rec.detail());
        if (m == null) {
          continue;
        }
        boolean keep = switch (m.verb()) {
          case MessageMark.SEND -> !sendPosted && m.op().equals(s.sendOp) && (sendPosted = true);
          case MessageMark.RECV -> !recvPosted && m.op().equals(s.recvOp) && (recvPosted = true);
          case MessageMark.PUT, MessageMark.GET -> m.message().equals(s.message);
          case MessageMark.SENT -> m.message().equals(s.message) && (sent = true);
          case MessageMark.MATCH -> m.message().equals(s.message) && (matched = true);
          default -> false;
        };
        if (keep) {
          marks.add(rec);
          if (op != null) {
            String ctx = RecordDetails.contextOf(op);
            List<TraceRecord> before = latest.get(ctx);
            ops.put(op, before != null && !before.isEmpty() && op.equals(before.get(0).op()) ? before : new ArrayList<>());
            open.add(op);
          }
        }
      } else if (op != null) {
        List<TraceRecord> claimed = ops.get(op);
        if (claimed != null) {
          claimed.add(rec);
          if (Kinds.COMPLETION_SEEN.equals(rec.kind())) {
            open.remove(op);
          }
        } else if (onNodes(op, s)) {
          String ctx = RecordDetails.contextOf(op);
          List<TraceRecord> l = latest.get(ctx);
          if (l == null || l.isEmpty() || !op.equals(l.get(0).op())) {
            latest.put(ctx, l = new ArrayList<>());
          }
          l.add(rec);
        }
      }
      if (matched && sent && open.isEmpty() && (s.sendOp == null || sendPosted)) {
        break; // nothing of the message is left to come
      }
    }
    return new MessageStory(s, marks, ops, r.header().switchLatencyPs());
  }

  /** Whether {@code op} was started on the sender's or the receiver's node. */
  private static boolean onNodes(String op, Resolved s) {
    return op.startsWith(s.sendNode + ".") || op.startsWith(s.recvNode + ".");
  }
}
