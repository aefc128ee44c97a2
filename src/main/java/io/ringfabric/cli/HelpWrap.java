package io.ringfabric.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;

/**
 * Help text wrapped at spaces only. Picocli wraps where Java's line {@link java.text.BreakIterator}
 * allows a break, and that one breaks after any dot, slash or colon: {@code report.} / {@code
 * html}, {@code https://ui.perfetto.} / {@code dev}. So picocli lays each section out on lines
 * too wide to wrap, and this wraps them at {@link #WIDTH} as picocli would, keeping each table
 * row's text under its column, without ever cutting a word, a path or a URL.
 */
final class HelpWrap {
  /** The width help is wrapped to: picocli's own default. */
  static final int WIDTH = 80;
  /** Wide enough that picocli wraps nothing itself. */
  private static final int UNWRAPPED = 1000;
  /** How far picocli indents a table cell's wrapped lines past the cell's first. */
  private static final int TABLE_INDENT = 2;
  private static final Set<String> TABLES = Set.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
      CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST,
      CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
      CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);
  /** A table row: its first cells, then two spaces or more, then the text that wraps. */
  private static final Pattern ROW = Pattern.compile("^\\s*\\S.*?\\s{2,}(?=\\S)");
  private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");

  private HelpWrap() {}

  /** Makes the help of {@code root} and every command under it wrap at spaces only. */
  static void apply(CommandLine root) {
    root.setUsageHelpWidth(UNWRAPPED);
    wrapSections(root);
  }

  private static void wrapSections(CommandLine command) {
    Map<String, IHelpSectionRenderer> sections = command.getHelpSectionMap();
    sections.replaceAll((key, renderer) -> help -> {
      String text = renderer.render(help);
      if (!key.equals(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS)) {
        return wrap(text, TABLES.contains(key), -1);
      }
      // the synopsis follows its heading ("Usage: ") on the heading's line
      int heading = help.synopsisHeadingLength();
      String line = " ".repeat(heading) + text;
      int firstOption = line.indexOf(" [") + 1;
      int under = firstOption > 0 && firstOption < WIDTH / 2 ? firstOption
          : heading + help.commandSpec().qualifiedName().length() + 1;
      return wrap(line, false, under).substring(heading);
    });
    command.getCommandSpec().usageMessage().sectionMap(sections);
    command.getSubcommands().values().forEach(HelpWrap::wrapSections);
  }

  /**
   * {@code text} with each line over {@link #WIDTH} wrapped at spaces. A table row's wrapped lines
   * go under its last cell, indented as picocli indents them; a synopsis's (when {@code under} is 0
   * or more) go under its first option, column {@code under}; other lines' under their own start.
   * A word longer than the line runs over.
   */
  static String wrap(String text, boolean table, int under) {
    StringBuilder out = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      boolean cr = line.endsWith("\r");
      String body = cr ? line.substring(0, line.length() - 1) : line;
      List<String> wrapped = wrapLine(body, table, under);
      for (int j = 0; j < wrapped.size(); j++) {
        out.append(wrapped.get(j));
        if (j < wrapped.size() - 1) {
          out.append(cr ? "\r\n" : "\n");
        }
      }
      if (cr) {
        out.append('\r');
      }
      if (i < lines.length - 1) {
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static List<String> wrapLine(String line, boolean table, int under) {
    List<String> lines = new ArrayList<>();
    if (visible(line) <= WIDTH) {
      lines.add(line);
      return lines;
    }
    String plain = ANSI.matcher(line).replaceAll("");
    int lead = plain.length() - plain.stripLeading().length();
    Matcher row = ROW.matcher(plain);
    int start; // where the text that wraps begins on the first line; no cut before it
    int hang; // where it continues on the next lines
    if (under >= 0) {
      start = under - 1;
      hang = under;
    } else if (table && row.find() && row.end() < WIDTH / 2) {
      start = row.end();
      hang = start + TABLE_INDENT;
    } else {
      start = lead;
      hang = table ? lead + TABLE_INDENT : lead;
    }
    String rest = line;
    while (visible(rest) > WIDTH) {
      int cut = cut(rest, start, under >= 0);
      if (cut < 0) {
        break;
      }
      lines.add(rest.substring(0, cut).stripTrailing());
      rest = " ".repeat(hang) + rest.substring(cut).stripLeading();
      start = hang;
    }
    lines.add(rest);
    return lines;
  }

  /**
   * Where to cut {@code line}: its last space within {@link #WIDTH} visible columns that comes
   * after column {@code start}; lacking one, its first space after that (the word runs over); -1 if
   * none. In a {@code synopsis}, not the spaces inside brackets.
   */
  private static int cut(String line, int start, boolean synopsis) {
    int column = 0;
    int last = -1;
    int depth = 0; // in a synopsis, "[--from T]" is one word
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      Matcher escape = c == '\u001B' ? ANSI.matcher(line).region(i, line.length()) : null;
      if (escape != null && escape.lookingAt()) {
        i = escape.end();
        continue;
      }
      if (synopsis && (c == '[' || c == ']')) {
        depth += c == '[' ? 1 : -1;
      }
      if (c == ' ' && column > start && depth <= 0) {
        if (column <= WIDTH) {
          last = i;
        } else if (last < 0) {
          return i;
        } else {
          break;
        }
      }
      column++;
      i++;
    }
    return last;
  }

  private static int visible(String line) {
    return ANSI.matcher(line).replaceAll("").length();
  }
}
