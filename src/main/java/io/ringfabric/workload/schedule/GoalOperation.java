package io.ringfabric.workload.schedule;

/**
 * The rest of an operation's line after its word: {@code Sb to D [tag T] [cpu C] [nic N]},
 * {@code Sb from R|-1 [tag T|-1] [cpu C] [nic N]} or {@code N [cpu C]}. LogGOPSim takes the options
 * only in that order; any order is taken here, each at most once.
 */
record GoalOperation(OpKind kind, long amount, int peer, int tag, int cpu, int nic) {
  /** cpu and nic are a byte in LogGOPSim's binary schedule. */
  static final int MAX_CPU = 255;
  /** The longest calc whose picoseconds stay within the model's clock (SimTime.CLOCK_END). */
  static final long MAX_CALC_NS = Long.MAX_VALUE / 4 / 1000;

  static GoalOperation read(GoalLine in, OpKind kind, int numRanks) {
    String op = kind.word();
    long amount;
    int peer = -1;
    if (kind == OpKind.CALC) {
      amount = in.number("a time in ns", "calc");
      if (amount < 0) {
        throw in.error("calc " + amount + " must not be negative (it is a time in ns)");
      }
      if (amount > MAX_CALC_NS) {
        throw in.error("calc " + amount + " is beyond the model's clock (at most " + MAX_CALC_NS + " ns)");
      }
    } else {
      amount = size(in, op);
      String way = kind == OpKind.SEND ? "to" : "from";
      if (!in.take(way)) {
        throw in.error("expected '" + way + "' after " + op + " " + amount + "b, found " + in.found());
      }
      peer = peer(in, kind, numRanks, in.number(kind == OpKind.SEND ? "a destination rank" : "a source rank",
          "'" + way + "'"));
    }
    long tag = Long.MIN_VALUE;
    long cpu = Long.MIN_VALUE;
    long nic = Long.MIN_VALUE;
    while (!in.atEnd()) {
      if (kind != OpKind.CALC && in.take("tag")) {
        once(in, tag, "tag");
        tag = in.number("a tag", "'tag'");
        if (tag < -1) {
          throw in.error("tag " + tag + " is not a tag: 0 or more, or -1 for any tag");
        }
        if (tag > Integer.MAX_VALUE) {
          throw in.error("tag " + tag + " is too large (at most " + Integer.MAX_VALUE + ")");
        }
      } else if (in.take("cpu")) {
        once(in, cpu, "cpu");
        cpu = byteOption(in, "cpu");
      } else if (kind != OpKind.CALC && in.take("nic")) {
        once(in, nic, "nic");
        nic = byteOption(in, "nic");
      } else {
        throw in.error("expected " + (kind == OpKind.CALC ? "'cpu'" : "'tag', 'cpu', 'nic'")
            + " or the end of the line in " + op + ", found " + in.found());
      }
    }
    return new GoalOperation(kind, amount, peer, orDefault(tag), orDefault(cpu), orDefault(nic));
  }

  /** {@code 1024b}: whole bytes with the unit b, GOAL's only unit. */
  private static long size(GoalLine in, String op) {
    in.skipBlanks();
    int start = in.pos();
    long n = in.number("a size such as 1024b", op);
    if (n < 0) {
      throw in.error("size " + in.tokenFrom(start) + " must not be negative");
    }
    if (in.take("b")) {
      return n;
    }
    String token = in.tokenFrom(start);
    if (token.length() > Long.toString(n).length()) {
      throw in.error("size '" + token + "' is not GOAL: sizes are whole bytes with the unit b, e.g. 1024b");
    }
    throw in.error("size " + n + " needs the unit b (GOAL sizes are bytes): write " + n + "b");
  }

  private static int peer(GoalLine in, OpKind kind, int numRanks, long peer) {
    String what = kind == OpKind.SEND ? "send to " + peer : "recv from " + peer;
    if (peer == -1 && kind == OpKind.SEND) {
      throw in.error(what + ": a send needs one destination rank (only recv takes -1, any source)");
    }
    if (peer < -1 || peer >= numRanks) {
      throw in.error(what + ": no such rank (num_ranks " + numRanks + ": ranks 0.." + (numRanks - 1)
          + (kind == OpKind.RECV ? ", or -1 for any source)" : ")"));
    }
    return (int) peer;
  }

  private static int byteOption(GoalLine in, String name) {
    long n = in.number("a number", "'" + name + "'");
    if (n < 0) {
      throw in.error(name + " " + n + " must not be negative");
    }
    if (n > MAX_CPU) {
      throw in.error(name + " " + n + " is too large (at most " + MAX_CPU + ")");
    }
    return (int) n;
  }

  /** An option not given is 0 (Long.MIN_VALUE marks it not given). */
  private static int orDefault(long option) {
    return option == Long.MIN_VALUE ? 0 : (int) option;
  }

  private static void once(GoalLine in, long value, String name) {
    if (value != Long.MIN_VALUE) {
      throw in.error(name + " is given twice");
    }
  }
}
