package io.ringfabric.config;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The block or list a scenario's text leaves open. Typesafe Config reports a missing {@code }} as
 * "expecting a close parentheses ')' here, not: end of file", at the last line: a user needs to
 * hear which brace is not closed, and where it was opened.
 */
final class UnclosedBlock {
  private UnclosedBlock() {}

  /**
   * The first brace or bracket {@code text} leaves open: at the end of the text, or when a closer
   * of the other kind comes first ({@code [ { }} then {@code }}); null when each is closed by its
   * own kind. Braces in strings and comments do not count.
   */
  static Found find(String text) {
    Deque<int[]> open = new ArrayDeque<>(); // {character, line}
    int line = 1;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (text.startsWith("\"\"\"", i)) { // a multi-line string: no escapes, ends at the next """
        int end = text.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end + 3;
        line += count(text, i, end);
        i = end;
      } else if (c == '"') {
        i++;
        while (i < n && text.charAt(i) != '"' && text.charAt(i) != '\n') {
          i += text.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
      } else if (c == '#' || text.startsWith("//", i)) {
        while (i < n && text.charAt(i) != '\n') {
          i++;
        }
      } else {
        if (c == '\n') {
          line++;
        } else if (c == '{' || c == '[') {
          open.push(new int[] {c, line});
        } else if ((c == '}' || c == ']') && !open.isEmpty()) {
          int[] opener = open.pop();
          if (closer((char) opener[0]) != c) {
            return new Found(opener[1], line, missing((char) opener[0]) + ": a '" + c + "' on line " + line
                + " comes first");
          }
        }
        i++;
      }
    }
    if (open.isEmpty()) {
      return null;
    }
    int[] innermost = open.peek();
    return new Found(innermost[1], line, missing((char) innermost[0]) + ": the file ends before it is closed");
  }

  private static char closer(char opener) {
    return opener == '{' ? '}' : ']';
  }

  private static String missing(char opener) {
    return "missing '" + closer(opener) + "' for this '" + opener + "'";
  }

  /**
   * A brace or bracket left open: the line it was opened on, the line where that shows (a closer
   * of the other kind, or the end of the file) and what to say.
   */
  record Found(int line, int shows, String message) {}

  private static int count(String text, int from, int to) {
    int lines = 0;
    for (int i = from; i < Math.min(to, text.length()); i++) {
      lines += text.charAt(i) == '\n' ? 1 : 0;
    }
    return lines;
  }
}
