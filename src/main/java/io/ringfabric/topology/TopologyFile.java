package io.ringfabric.topology;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code topology.file}: a fabric of any shape as a list of switches and links.
 *
 * <pre>
 * # comments run from # to the end of a line
 * nodes 4        # switches 0..3 belong to nodes 0..3 (required, first)
 * switches 6     # all switches, node switches included (default: the highest id used + 1)
 * root 4         # up-down's root (default: the switch nearest to all others, the lowest of equals)
 * link 0 4       # a link both ways between switch 0 and switch 4; a line twice is two links
 * </pre>
 *
 * <p>Each switch numbers its ports from 1 in the order its links appear. Every switch must be
 * connected to the rest; a switch that belongs to no node relays only.
 */
public final class TopologyFile {
  /** Most switches a file may hold: the routing tables hold a port per switch and destination. */
  public static final int MAX_SWITCHES = 4096;

  private TopologyFile() {}

  /** The spec of the fabric in {@code file}; throws {@link IllegalArgumentException} with the line and the reason. */
  public static TopologySpec read(Path file) {
    String refused = TextFile.refusal(file);
    if (refused != null) {
      throw new IllegalArgumentException(file + ": cannot read it: " + refused);
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      String why = Files.isDirectory(file) ? "it is a directory" : !Files.exists(file) ? "no such file"
          : e instanceof CharacterCodingException ? "it is not text in UTF-8"
          : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new IllegalArgumentException(file + ": cannot read it: " + why);
    }
    return parse(text, file.toString());
  }

  /** As {@link #read} for text named {@code where} in messages. */
  public static TopologySpec parse(String text, String where) {
    int nodes = 0; // 0 until read: a count read is at least 1
    int switches = 0; // likewise, and at least the node count
    int root = -1;
    String rootAt = null;
    List<Integer> links = new ArrayList<>();
    int highest = -1;
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String at = where + ":" + (i + 1) + ": ";
      String line = lines[i].replaceFirst("#.*", "").trim();
      if (line.isEmpty()) {
        continue;
      }
      String[] w = line.split("\\s+");
      String keyword = w[0].toLowerCase(Locale.ROOT);
      if (nodes == 0 && !keyword.equals("nodes")) {
        throw new IllegalArgumentException(at + "the first line must be 'nodes N', not '" + line + "'");
      }
      switch (keyword) {
        case "nodes":
          if (nodes != 0) {
            throw new IllegalArgumentException(at + "'nodes' given twice");
          }
          nodes = number(w, 2, 1, Topologies.MAX_NODES, at, "a node count");
          break;
        case "switches":
          switches = number(w, 2, nodes, MAX_SWITCHES, at, "a switch count (at least the node count, " + nodes + ")");
          break;
        case "root":
          root = number(w, 2, 0, MAX_SWITCHES - 1, at, "a switch id");
          rootAt = at;
          break;
        case "link":
          if (w.length != 3) {
            throw new IllegalArgumentException(at + "a link is 'link A B' (two switch ids), not '" + line + "'");
          }
          int a = id(w[1], at);
          int b = id(w[2], at);
          if (a == b) {
            throw new IllegalArgumentException(at + "a link from switch " + a + " to itself");
          }
          links.add(a);
          links.add(b);
          highest = Math.max(highest, Math.max(a, b));
          break;
        default:
          throw new IllegalArgumentException(at + "unknown line '" + line + "': expected nodes, switches, root or link");
      }
    }
    if (nodes == 0) {
      throw new IllegalArgumentException(where + ": no 'nodes N' line: the file is empty");
    }
    int count = switches != 0 ? switches : Math.max(nodes, highest + 1);
    if (highest >= count) {
      throw new IllegalArgumentException(where + ": switch " + highest + " is used but 'switches " + count
          + "' numbers them 0.." + (count - 1));
    }
    if (root >= count) { // a root no link reaches would make a switch of its own, cut off from the rest
      throw new IllegalArgumentException(rootAt + "root " + root + " is not one of the switches, 0.." + (count - 1)
          + (switches != 0 ? " ('switches " + switches + "')" : " (the nodes' and those the links name)"));
    }
    if (count > MAX_SWITCHES) {
      throw new IllegalArgumentException(where + ": " + count + " switches" + (count == nodes ? " (one for each"
          + " node)" : "") + ", more than the " + MAX_SWITCHES + " a file may give (the routing tables hold a port"
          + " for each switch and destination)");
    }
    TopologySpec spec = new TopologySpec(Topologies.FILE, List.of(nodes, count, root), links, where);
    FileTopology.checkConnected(spec);
    return spec;
  }

  private static int number(String[] w, int length, int min, int max, String at, String what) {
    if (w.length != length) {
      throw new IllegalArgumentException(at + "'" + w[0] + "' takes one number, " + what);
    }
    int n = whole(w[1], at);
    if (n < min || n > max) {
      throw new IllegalArgumentException(at + w[0] + " " + n + " is out of range: " + what + " from " + min
          + " to " + max);
    }
    return n;
  }

  private static int id(String s, String at) {
    int n = whole(s, at);
    if (n < 0 || n >= MAX_SWITCHES) {
      throw new IllegalArgumentException(at + "switch " + n + " is out of range 0.." + (MAX_SWITCHES - 1));
    }
    return n;
  }

  private static int whole(String s, String at) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      // a number too long for an int is out of every range: say so, not that it is no number
      throw new IllegalArgumentException(at + "'" + s + "' is " + (s.matches("[+-]?[0-9]+")
          ? "out of range (at most " + MAX_SWITCHES + " switches, " + Topologies.MAX_NODES + " nodes)"
          : "not a whole number"));
    }
  }
}
