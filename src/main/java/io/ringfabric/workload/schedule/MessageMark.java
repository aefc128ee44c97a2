package io.ringfabric.workload.schedule;

/**
 * A mark a rank leaves in a traced run about one of its messages ({@code ProcessApi.mark}): one
 * grammar for the rank that writes them and for {@code trace FILE op RANK:LABEL}, which reads
 * them. A verb, its subject, then words in pairs:
 *
 * <pre>
 * send 3:l7 to 0 tag 7 bytes 1024               the send may start (is posted)
 * put 3:l7 message 3-&gt;0#2 element 1/5          the PUT (the mark's op) of one element of it
 * sent 3:l7 message 3-&gt;0#2                     its last PUT is DONE: the send completes
 * recv 0:l2 from -1 tag 7 bytes 1024            the receive is posted
 * get 3-&gt;0#2 element 1/5                       the GET (the mark's op) that brought one element
 * match 0:l2 message 3-&gt;0#2 tag 7 bytes 1024    the receive takes the message and completes
 * </pre>
 *
 * An operation is {@code rank:label} (one the file left unlabelled {@code rank:#N}, N its place
 * in the rank's block); a message is {@code source->destination#n}, the n-th, from 0, that
 * {@code source} sent to {@code destination}.
 *
 * @param verb send, put, sent, recv, get or match
 * @param op the operation, {@code rank:label}, or null (get)
 * @param message the message, or null (send, recv)
 * @param peer send: the receiving rank; recv: the rank it accepts, -1 any; else -1
 * @param tag send, recv and match: the tag (-1 any); else 0
 * @param bytes send, recv and match: the size; else 0
 * @param element put and get: the element, from 1; else 0
 * @param elements put and get: of how many; else 0
 */
public record MessageMark(String verb, String op, String message, int peer, int tag, long bytes, long element,
    long elements) {
  public static final String SEND = "send";
  public static final String PUT = "put";
  public static final String SENT = "sent";
  public static final String RECV = "recv";
  public static final String GET = "get";
  public static final String MATCH = "match";

  /** How a user names operation {@code op} of {@code rank}, labelled {@code label} or not (null). */
  public static String opName(int rank, String label, int op) {
    return rank + ":" + (label == null ? "#" + (op + 1) : label);
  }

  /** The rank of an operation's name, or -1 if it is not {@code rank:label}. */
  public static int rankOf(String opName) {
    int colon = opName.indexOf(':');
    if (colon <= 0 || colon == opName.length() - 1) {
      return -1;
    }
    try {
      return Integer.parseInt(opName.substring(0, colon));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static String message(Envelope m, int destination) {
    return m.source() + "->" + destination + "#" + m.sequence();
  }

  static String send(String op, int to, int tag, long bytes) {
    return SEND + " " + op + " to " + to + " tag " + tag + " bytes " + bytes;
  }

  static String put(String op, String message, long element, long elements) {
    return PUT + " " + op + " message " + message + " element " + element + "/" + elements;
  }

  static String sent(String op, String message) {
    return SENT + " " + op + " message " + message;
  }

  static String recv(String op, int from, int tag, long bytes) {
    return RECV + " " + op + " from " + from + " tag " + tag + " bytes " + bytes;
  }

  static String get(String message, long element, long elements) {
    return GET + " " + message + " element " + element + "/" + elements;
  }

  static String match(String op, String message, int tag, long bytes) {
    return MATCH + " " + op + " message " + message + " tag " + tag + " bytes " + bytes;
  }

  /** The mark {@code detail} says, or null: another program's mark, or none of these. */
  public static MessageMark parse(String detail) {
    if (detail == null) {
      return null;
    }
    String[] w = detail.split(" ");
    if (w.length < 2 || w.length % 2 != 0) {
      return null;
    }
    String verb = w[0];
    boolean ofMessage = GET.equals(verb);
    if (!ofMessage && !SEND.equals(verb) && !PUT.equals(verb) && !SENT.equals(verb) && !RECV.equals(verb)
        && !MATCH.equals(verb)) {
      return null;
    }
    String op = ofMessage ? null : w[1];
    String message = ofMessage ? w[1] : null;
    int peer = -1;
    int tag = 0;
    long bytes = 0;
    long element = 0;
    long elements = 0;
    try {
      for (int i = 2; i < w.length; i += 2) {
        switch (w[i]) {
          case "to", "from" -> peer = Integer.parseInt(w[i + 1]);
          case "tag" -> tag = Integer.parseInt(w[i + 1]);
          case "bytes" -> bytes = Long.parseLong(w[i + 1]);
          case "message" -> message = w[i + 1];
          case "element" -> {
            int slash = w[i + 1].indexOf('/');
            element = Long.parseLong(w[i + 1].substring(0, slash));
            elements = Long.parseLong(w[i + 1].substring(slash + 1));
          }
          default -> {} // a word a later writer added
        }
      }
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      return null;
    }
    if (op != null && rankOf(op) < 0) {
      return null;
    }
    return new MessageMark(verb, op, message, peer, tag, bytes, element, elements);
  }
}
