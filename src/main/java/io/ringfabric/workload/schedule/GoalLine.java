package io.ringfabric.workload.schedule;

/**
 * A cursor over one line of a GOAL file, with the words and numbers of its grammar and the
 * {@code file:line: what is wrong} errors. Keywords are matched as LogGOPSim's scanner matches
 * them, without needing a space after them ({@code 1024b}, {@code tag7}).
 */
final class GoalLine {
  private final String file;
  private final int line;
  private final String text;
  private int pos;

  GoalLine(String file, int line, String text) {
    this.file = file;
    this.line = line;
    this.text = text;
  }

  int line() {
    return line;
  }

  int pos() {
    return pos;
  }

  void skipTo(int p) {
    pos = p;
  }

  String text() {
    return text;
  }

  void skipBlanks() {
    while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t'
        || text.charAt(pos) == '\f')) {
      pos++;
    }
  }

  /** Nothing left but blanks or a {@code //} comment. */
  boolean atEnd() {
    skipBlanks();
    return pos == text.length() || text.startsWith("//", pos);
  }

  /** Whether the text goes on with {@code word} (after blanks); if so, steps over it. */
  boolean take(String word) {
    skipBlanks();
    if (text.startsWith(word, pos)) {
      pos += word.length();
      return true;
    }
    return false;
  }

  /** A label or keyword, {@code [a-zA-Z][a-zA-Z0-9_]*}, or null (nothing read). */
  String word() {
    skipBlanks();
    if (pos == text.length() || !isLetter(text.charAt(pos))) {
      return null;
    }
    int start = pos;
    while (pos < text.length() && (isLetter(text.charAt(pos)) || isDigit(text.charAt(pos))
        || text.charAt(pos) == '_')) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /** Whether a number (digits, perhaps after a minus) comes next. */
  boolean atNumber() {
    skipBlanks();
    int p = pos < text.length() && text.charAt(pos) == '-' ? pos + 1 : pos;
    return p < text.length() && isDigit(text.charAt(p));
  }

  /** A whole number, perhaps negative; {@code what} names it in errors. */
  long number(String what, String after) {
    if (!atNumber()) {
      throw error("expected " + what + " after " + after + ", found " + found());
    }
    int start = pos;
    boolean negative = text.charAt(pos) == '-';
    if (negative) {
      pos++;
    }
    long n = 0;
    boolean overflow = false;
    while (pos < text.length() && isDigit(text.charAt(pos))) {
      int digit = text.charAt(pos++) - '0';
      if (n > (Long.MAX_VALUE - digit) / 10) {
        overflow = true;
      } else {
        n = n * 10 + digit;
      }
    }
    if (overflow) {
      throw error("number " + text.substring(start, pos) + " is too large (at most " + Long.MAX_VALUE + ")");
    }
    return negative ? -n : n;
  }

  /** The text from {@code start} to the next blank, for quoting a token the user wrote. */
  String tokenFrom(int start) {
    int end = start;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    return text.substring(start, end);
  }

  /** What comes next, for "found ...": a quoted token, or the end of the line. */
  String found() {
    skipBlanks();
    return pos == text.length() ? "the end of the line" : "'" + tokenFrom(pos) + "'";
  }

  ScheduleFormatException error(String what) {
    return new ScheduleFormatException(file + ":" + line + ": " + what);
  }

  private static boolean isLetter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
