package io.ringfabric;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The relative links of the README and the guide in docs/, checked as GitHub would follow them: a
 * link's file must exist inside the project, and its {@code #anchor}, in a Markdown file, must be
 * one of that file's headings. Links inside code (fenced blocks, inline spans) are text, not links.
 */
final class DocsLinks {
  private static final Pattern INLINE = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern AUTOLINK = Pattern.compile("<([A-Za-z0-9_.#][^<>\\s]*)>");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
  private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");

  private DocsLinks() {}

  /** The project's guide: README.md at the root and every Markdown file in docs/. */
  static List<Path> guide(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    if (Files.exists(root.resolve("README.md"))) {
      files.add(root.resolve("README.md"));
    }
    Path docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> s = Files.list(docs)) {
        s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  /** One line per broken link in the guide, as {@code file:line: target: why}; empty when all resolve. */
  static List<String> broken(Path root) throws IOException {
    Path top = root.toAbsolutePath().normalize();
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> problems = new ArrayList<>();
    for (Path file : guide(top)) {
      List<String> lines = Files.readAllLines(file);
      boolean fenced = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.stripLeading().startsWith("```")) {
          fenced = !fenced;
          continue;
        }
        if (fenced) {
          continue;
        }
        String text = CODE_SPAN.matcher(line).replaceAll("");
        for (String target : targets(text)) {
          String why = check(top, file, target, anchors);
          if (why != null) {
            problems.add(top.relativize(file) + ":" + (i + 1) + ": " + target + ": " + why);
          }
        }
      }
    }
    return problems;
  }

  private static List<String> targets(String text) {
    List<String> found = new ArrayList<>();
    Matcher m = INLINE.matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    Matcher a = AUTOLINK.matcher(INLINE.matcher(text).replaceAll(""));
    while (a.find()) {
      String t = a.group(1);
      if (t.contains("/") || t.contains(".") || t.startsWith("#")) {
        found.add(t);
      }
    }
    return found;
  }

  /** Why {@code target}, linked from {@code from}, does not resolve; null when it does. */
  private static String check(Path top, Path from, String target, Map<Path, Set<String>> anchors) throws IOException {
    if (target.isEmpty()) {
      return "an empty link";
    }
    if (SCHEME.matcher(target).find()) {
      return null;
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path file = path.isEmpty() ? from : from.getParent().resolve(path).normalize();
    if (!file.startsWith(top)) {
      return "points outside the project";
    }
    if (!Files.exists(file)) {
      return "no such file " + top.relativize(file);
    }
    if (anchor != null && file.toString().endsWith(".md")) {
      Set<String> known = anchors.computeIfAbsent(file, DocsLinks::headingsOf);
      if (!known.contains(anchor)) {
        return "no heading #" + anchor + " in " + top.relativize(file);
      }
    }
    return null;
  }

  /** The anchors GitHub gives a Markdown file's headings, repeats numbered -1, -2, ... */
  static Set<String> headingsOf(Path file) {
    Set<String> slugs = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.stripLeading().startsWith("```")) {
          fenced = !fenced;
          continue;
        }
        Matcher m = HEADING.matcher(line);
        if (!fenced && m.matches()) {
          String slug = slug(m.group(1));
          int n = seen.merge(slug, 1, Integer::sum) - 1;
          slugs.add(n == 0 ? slug : slug + "-" + n);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
    return slugs;
  }

  /** GitHub's heading anchor: link text only, lower case, punctuation but '-' and '_' dropped, spaces to '-'. */
  static String slug(String heading) {
    String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
