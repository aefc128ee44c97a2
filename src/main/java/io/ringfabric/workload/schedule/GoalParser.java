package io.ringfabric.workload.schedule;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;

/**
 * Reads a GOAL schedule line by line (never the whole file at once) into a {@link Schedule}. It
 * takes what LogGOPSim's txt2bin takes (see {@code docs} and the notes on LogGOPSim) and more:
 * indented lines, options in any order, a {@code //} comment after a statement, a lone CR as a line
 * end. Where txt2bin crashes, loops or goes on with a broken schedule it stops with one {@link
 * ScheduleFormatException} line, {@code file:line: what is wrong}: ranks missing, repeated or out of
 * order, a dependency cycle (found here, before any run), a peer that is no rank, a label used
 * before it is defined or defined in another rank. A label defined twice is kept, as txt2bin keeps
 * it (dependencies name the first), and reported in {@link Schedule#warnings()}.
 */
public final class GoalParser {
  /** How many repeated labels are listed one by one; the rest are counted. */
  static final int WARNINGS_LISTED = 20;
  private static final int HEAD_CHECKED = 8192;

  private final String file;
  private final IntConsumer blockRead;
  private final List<RankSchedule> ranks = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private int repeatedLabels;
  private int numRanks = -1;
  private int numRanksLine;
  private int[] rankLines = new int[0];
  private RankScheduleBuilder block;
  private int blockLine;
  private int commentLine;
  /** A label a dependency named before this block defined it: an error once the block is read. */
  private String undefined;
  private int undefinedLine;

  private GoalParser(String file, IntConsumer blockRead) {
    this.file = file;
    this.blockRead = blockRead;
  }

  /** Parses a GOAL file; refuses at once a file that is not text (e.g. txt2bin's binary output). */
  public static Schedule parse(Path path) throws IOException {
    return parse(path, r -> { });
  }

  /**
   * As {@link #parse(Path)}, telling {@code blockRead} the number of rank blocks read after each
   * (for a progress line while a large file loads; num_ranks is known before the first).
   */
  public static Schedule parse(Path path, IntConsumer blockRead) throws IOException {
    try (InputStream raw = Files.newInputStream(path)) {
      BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
      in.mark(HEAD_CHECKED);
      byte[] head = in.readNBytes(HEAD_CHECKED);
      in.reset();
      checkText(path.toString(), head);
      return parse(new InputStreamReader(in, StandardCharsets.ISO_8859_1), path.toString(), blockRead);
    }
  }

  /** Parses GOAL text; {@code file} names it in messages. */
  public static Schedule parse(Reader text, String file) throws IOException {
    return parse(text, file, r -> { });
  }

  private static Schedule parse(Reader text, String file, IntConsumer blockRead) throws IOException {
    GoalParser p = new GoalParser(file, blockRead);
    BufferedReader lines = text instanceof BufferedReader b ? b : new BufferedReader(text, 1 << 16);
    int number = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      number++;
      if (number == 1 && line.startsWith("\u00ef\u00bb\u00bf")) {
        line = line.substring(3); // a UTF-8 byte order mark, read as ISO-8859-1
      }
      p.line(new GoalLine(file, number, line));
    }
    return p.end(number);
  }

  static void checkText(String file, byte[] head) {
    for (int i = 0; i < head.length; i++) {
      int b = head[i] & 0xff;
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
        throw new ScheduleFormatException(file + ": not a text file (byte 0x" + String.format("%02x", b)
            + " at offset " + i + "): a GOAL schedule is text, such as Schedgen's .goal files;"
            + " LogGOPSim's binary schedules (txt2bin's output) cannot be read");
      }
    }
  }

  private void line(GoalLine in) {
    try {
      statements(in);
    } catch (ScheduleFormatException e) {
      throw undefined != null ? undefinedLabel() : e;
    }
  }

  private void statements(GoalLine in) {
    if (commentLine > 0) {
      int close = in.text().indexOf("*/");
      if (close < 0) {
        return;
      }
      commentLine = 0;
      in.skipTo(close + 2);
    }
    while (true) {
      in.skipBlanks();
      if (in.atEnd()) {
        return;
      }
      if (in.take("/*")) {
        int close = in.text().indexOf("*/", in.pos());
        if (close < 0) {
          commentLine = in.line();
          return;
        }
        in.skipTo(close + 2);
      } else if (in.take("}")) {
        closeBlock(in);
      } else {
        String word = in.word();
        if (word == null) {
          throw in.error("expected num_ranks, rank, an operation (send, recv, calc), a label or }, found "
              + in.found());
        }
        switch (word) {
          case "num_ranks" -> numRanks(in);
          case "rank" -> openBlock(in);
          case "send", "recv", "calc" -> {
            operation(in, null, OpKind.valueOf(word.toUpperCase(Locale.ROOT)));
            return;
          }
          default -> {
            labelled(in, word);
            return;
          }
        }
      }
    }
  }

  /** After a word that is no keyword: {@code label: op ...} or {@code a requires b}. */
  private void labelled(GoalLine in, String label) {
    if (in.take(":")) {
      String op = in.word();
      switch (op == null ? "" : op) {
        case "send", "recv", "calc" ->
            operation(in, label, OpKind.valueOf(op.toUpperCase(Locale.ROOT)));
        default -> throw op == null
            ? in.error("expected an operation (send, recv, calc) after '" + label + ":', found " + in.found())
            : in.error("unknown operation '" + op + "' (known: send, recv, calc)");
      }
      return;
    }
    int after = in.pos();
    String next = in.word();
    if ("requires".equals(next) || "irequires".equals(next)) {
      dependency(in, label, next);
    } else if (next != null) {
      throw in.error("expected ':', 'requires' or 'irequires' after label '" + label + "', found '" + next + "'");
    } else {
      in.skipTo(after);
      throw in.error("unknown operation '" + label + "' (known: send, recv, calc)");
    }
  }

  private void operation(GoalLine in, String label, OpKind kind) {
    if (block == null) {
      throw in.error(kind.word() + " outside a rank block (operations go inside rank R { ... })");
    }
    GoalOperation op = GoalOperation.read(in, kind, numRanks);
    if (label != null) {
      int first = block.indexOf(label);
      if (first >= 0 && ++repeatedLabels <= WARNINGS_LISTED) {
        warnings.add(file + ":" + in.line() + ": label '" + label + "' is defined again in rank "
            + block.rank() + " (first on line " + block.line(first) + "); dependencies name the first,"
            + " as LogGOPSim does");
      }
    }
    block.add(kind, op.amount(), op.peer(), op.tag(), op.cpu(), op.nic(), in.line(), label);
  }

  private void dependency(GoalLine in, String label, String kind) {
    if (block == null) {
      throw in.error("'" + label + " " + kind + " ...' outside a rank block (dependencies go inside rank R { ... })");
    }
    String on = in.word();
    if (on == null) {
      throw in.error("expected a label after '" + label + " " + kind + "', found " + in.found());
    }
    if (!in.atEnd()) {
      throw in.error("expected the end of the line after '" + label + " " + kind + " " + on + "', found "
          + in.found());
    }
    int op = block.indexOf(label);
    int onOp = block.indexOf(on);
    if (op < 0 || onOp < 0) {
      if (undefined == null) {
        undefined = op < 0 ? label : on;
        undefinedLine = in.line();
      }
      return;
    }
    block.depend(op, onOp, kind.equals("irequires"), in.line());
  }

  private void numRanks(GoalLine in) {
    if (numRanks >= 0) {
      throw in.error("num_ranks is given again (first on line " + numRanksLine + ")");
    }
    long n = in.number("a number of ranks", "num_ranks");
    if (n < 1) {
      throw in.error("num_ranks must be at least 1, not " + n);
    }
    if (n > Integer.MAX_VALUE) {
      throw in.error("num_ranks " + n + " is too large (at most " + Integer.MAX_VALUE + ")");
    }
    numRanks = (int) n;
    numRanksLine = in.line();
  }

  private void openBlock(GoalLine in) {
    long r = in.number("a rank number", "rank");
    if (numRanks < 0) {
      throw in.error("rank " + r + " before num_ranks (a GOAL schedule starts with num_ranks N)");
    }
    if (block != null) {
      throw in.error("rank " + r + " inside rank " + block.rank() + "'s block (opened on line " + blockLine
          + "): close that with } first");
    }
    int next = ranks.size();
    if (r >= 0 && r < next) {
      throw in.error("rank " + r + " appears twice (first on line " + rankLines[(int) r] + ")");
    }
    if (r < 0 || r >= numRanks) {
      throw in.error("rank " + r + " is beyond num_ranks " + numRanks + " (ranks 0.." + (numRanks - 1) + ")");
    }
    if (r > next) {
      throw in.error("rank " + r + " where rank " + next + " was expected: rank " + next
          + " is missing (rank blocks go in order 0.." + (numRanks - 1) + ")");
    }
    if (!in.take("{")) {
      throw in.error("expected { after rank " + r + ", found " + in.found());
    }
    block = new RankScheduleBuilder(next);
    blockLine = in.line();
  }

  private void closeBlock(GoalLine in) {
    if (block == null) {
      throw in.error("} without a rank block to close");
    }
    finishBlock();
    if (rankLines.length == ranks.size()) {
      rankLines = Arrays.copyOf(rankLines, Math.max(16, rankLines.length * 2));
    }
    rankLines[ranks.size()] = blockLine;
    ranks.add(block.build());
    block = null;
    blockRead.accept(ranks.size());
  }

  /** The checks a block can only have once it is whole: labels named early, cycles. */
  private void finishBlock() {
    if (undefined != null) {
      throw undefinedLabel();
    }
    int[] cycle = block.cycle();
    if (cycle != null) {
      throw BlockMistakes.cycle(file, block, cycle);
    }
  }

  private ScheduleFormatException undefinedLabel() {
    return BlockMistakes.undefinedLabel(file, block, ranks, undefined, undefinedLine);
  }

  private Schedule end(int lines) {
    if (block != null) {
      finishBlock();
    }
    if (commentLine > 0) {
      throw new ScheduleFormatException(file + ":" + commentLine + ": /* is never closed (no */ before the end"
          + " of the file)");
    }
    if (block != null) {
      throw new ScheduleFormatException(file + ":" + blockLine + ": rank " + block.rank() + "'s block is never"
          + " closed (no } before the end of the file)");
    }
    if (numRanks < 0) {
      throw new ScheduleFormatException(file + ":" + Math.max(lines, 1) + ": no num_ranks line: not a GOAL"
          + " schedule (it starts with num_ranks N)");
    }
    if (ranks.size() < numRanks) {
      throw new ScheduleFormatException(file + ":" + numRanksLine + ": num_ranks is " + numRanks + " but the file"
          + " has " + ranks.size() + " rank block" + (ranks.size() == 1 ? "" : "s") + " (rank " + ranks.size()
          + (ranks.size() + 1 < numRanks ? " and later are" : " is") + " missing)");
    }
    if (repeatedLabels > WARNINGS_LISTED) {
      warnings.add(file + ": " + (repeatedLabels - WARNINGS_LISTED) + " more labels defined again, not listed");
    }
    return new Schedule(file, ranks, warnings);
  }
}
