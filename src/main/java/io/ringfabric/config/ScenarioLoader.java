package io.ringfabric.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigOriginFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.hocon.ConfigValues;
import io.ringfabric.hocon.Problems;
import io.ringfabric.topology.TextFile;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a scenario: a HOCON file under the {@code ringfabric} root, then {@code --set} overrides,
 * over the defaults in reference.conf; checks every setting and returns a {@link Scenario} in the
 * model's units, or throws a {@link ConfigException} listing every problem found, each with its
 * file, line and path. It never lets another exception out for bad input.
 */
public final class ScenarioLoader {
  /** The root every scenario setting lives under. */
  public static final String ROOT = "ringfabric";
  /** {@link Scenario#source()} of a scenario made of the defaults and overrides alone. */
  public static final String DEFAULTS_SOURCE = "(defaults)";
  /** Other top-level blocks a scenario file may hold: Pekko's own settings, for cluster runs. */
  public static final Set<String> OTHER_ROOTS = Set.of("pekko");

  /** What a scenario nested too deeply for the reader's stack is told. */
  static final String TOO_DEEP = "blocks or lists nested too deeply to read (thousands of levels); a scenario needs"
      + " a few";
  private static final Pattern EACH_EXTENSION = Pattern.compile("^(.+?)\\.conf: .*\\.json: .*\\.properties: ");
  private static final Pattern NOT_FOUND =
      Pattern.compile("(?:resource not found on classpath|include was not found): '?([^']+?)'?$");
  private static final Pattern SUBSTITUTION = Pattern.compile("substitution to a value: \\$\\{\\??([^}]+)\\}");
  /** Characters of a {@code --set} a message repeats. */
  private static final int SHOWN_SET = 100;

  private ScenarioLoader() {}

  /**
   * Loads a scenario file.
   *
   * @param overrides {@code key=value} strings from {@code --set}; the key is relative to
   *     {@code ringfabric.} or absolute ({@code ringfabric.…} or {@code pekko.…}); the value is
   *     HOCON. Later overrides win over earlier ones, all of them over the file.
   * @throws ConfigException listing every problem, the file being unreadable or not HOCON included
   */
  public static Scenario load(Path file, List<String> overrides) {
    Problems problems = new Problems();
    Config user = readFile(file, problems);
    return finish(file.toString(), user, overrides, problems);
  }

  /** The defaults from reference.conf with {@code overrides} applied (as for {@link #load}). */
  public static Scenario loadDefaults(List<String> overrides) {
    return finish(DEFAULTS_SOURCE, ConfigFactory.empty(), overrides, new Problems());
  }

  /**
   * Loads a scenario given as text, for tests and embedding.
   *
   * @param sourceName names the text in problems, as a file name would
   */
  public static Scenario parse(String hocon, String sourceName, List<String> overrides) {
    Problems problems = new Problems();
    Config user = null;
    try {
      user = ConfigFactory.parseString(hocon, parseOptions().setOriginDescription(sourceName));
    } catch (com.typesafe.config.ConfigException e) {
      addSyntaxProblem(e, hocon, problems);
    } catch (StackOverflowError e) {
      problems.add(ConfigOriginFactory.newSimple(sourceName), "", TOO_DEEP);
    }
    return finish(sourceName, user, overrides, problems);
  }

  // --- reading -----------------------------------------------------------------------------------

  private static ConfigParseOptions parseOptions() {
    // Always HOCON, whatever the file is called; a missing file is an error, not an empty config.
    return ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF).setAllowMissing(false);
  }

  /** The file's config, or null after recording why it cannot be read. */
  private static Config readFile(Path file, Problems problems) {
    ConfigOrigin where = ConfigOriginFactory.newFile(file.toString());
    String unreadable = Files.isDirectory(file) ? "it is a directory"
        : !Files.exists(file) ? "no such file"
        : !Files.isReadable(file) ? "permission denied"
        : TextFile.refusal(file);
    if (unreadable != null) {
      problems.add(where, "", "cannot read the scenario: " + unreadable);
      return null;
    }
    // A bare file name has no directory for its relative includes to be found in: "." is its own.
    File parsed = file.getParent() == null ? Path.of(".").resolve(file).toFile() : file.toFile();
    try {
      return ConfigFactory.parseFile(parsed, parseOptions());
    } catch (com.typesafe.config.ConfigException.IO e) {
      // the scenario itself was found readable above: what failed is one it includes
      problems.add(where, "", includeFailure(withoutClassNames(stripOrigin(e))));
    } catch (com.typesafe.config.ConfigException e) {
      addSyntaxProblem(e, textOf(file), problems);
    } catch (StackOverflowError e) {
      problems.add(where, "", TOO_DEEP);
    }
    return null;
  }

  /**
   * Which include failed and why, from Typesafe Config's words: an include without an extension
   * is tried as NAME.conf, NAME.json and NAME.properties, each failure listed; one with an
   * extension that is not beside the including file is looked for on the class path too.
   */
  static String includeFailure(String message) {
    Matcher each = EACH_EXTENSION.matcher(message);
    if (each.find()) {
      String name = each.group(1);
      return "include of '" + name + "' failed: none of " + name + ".conf, " + name + ".json or " + name
          + ".properties can be read (includes are found beside the file that includes them)";
    }
    Matcher one = NOT_FOUND.matcher(message);
    if (one.find()) {
      return "include of '" + one.group(1) + "' failed: no such file (includes are found beside the file that"
          + " includes them)";
    }
    return "an include failed: " + message;
  }

  /** An I/O failure's text as Typesafe Config words it, without the Java class names it puts in. */
  static String withoutClassNames(String message) {
    return message.replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z]\\w*(?:Exception|Error): ", "");
  }

  /**
   * The file's text, to say what a syntax error left open; null when it cannot be read as text or
   * is no scenario's size (a device, a huge file).
   */
  private static String textOf(Path file) {
    try {
      return Files.isRegularFile(file) && Files.size(file) <= (16 << 20) ? Files.readString(file) : null;
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
  }

  /**
   * A syntax error as a problem. One that comes of a block or list left open says which, at the
   * line that opened it: Typesafe's "expecting a close parentheses ')' here, not: end of file" does not.
   */
  private static void addSyntaxProblem(com.typesafe.config.ConfigException e, String text, Problems problems) {
    UnclosedBlock.Found open = text == null || e.origin() == null ? null : UnclosedBlock.find(text);
    if (open != null && e.origin().lineNumber() >= open.shows()) { // else an earlier error is another
      problems.add(e.origin().withLineNumber(open.line()), "", "syntax error: " + open.message());
    } else {
      addTypesafeProblem(e, problems, "syntax error: ");
    }
  }

  /** Merges, resolves and validates; the common end of every way in. */
  private static Scenario finish(String source, Config user, List<String> overrides,
      Problems problems) {
    try {
      return merged(source, user, overrides, problems);
    } catch (StackOverflowError e) { // a value read whole, but too deep to merge or check
      problems.add(ConfigOriginFactory.newSimple(source), "", TOO_DEEP);
      throw new ConfigException(problems.lines());
    }
  }

  private static Scenario merged(String source, Config user, List<String> overrides,
      Problems problems) {
    Config sets = parseOverrides(overrides, problems);
    if (user == null) {
      throw new ConfigException(problems.lines()); // nothing sensible to validate
    }
    ConfigObject reference = ConfigFactory.defaultReference().getObject(ROOT);
    UnknownKeys.checkRoots(user.root(), reference, problems);
    Config merged;
    try {
      merged = sets.withFallback(user).withFallback(ConfigFactory.defaultReference()).resolve();
    } catch (com.typesafe.config.ConfigException e) {
      // ${fabric.mtu} is looked up from the top, where only ringfabric.fabric.mtu is
      Matcher named = SUBSTITUTION.matcher(String.valueOf(e.getMessage()));
      String whole = named.find() ? ROOT + "." + named.group(1) : null;
      addTypesafeProblem(e, problems, "", whole != null && reference(whole)
          ? " (a substitution names the whole path: ${" + whole + "})" : "");
      throw new ConfigException(problems.lines());
    }
    ConfigValue root = merged.root().get(ROOT);
    if (!(root instanceof ConfigObject)) {
      problems.add(root.origin(), ROOT, "must be a block { ... }, not " + ConfigValues.show(root));
      throw new ConfigException(problems.lines());
    }
    UnknownKeys.checkKnownKeys((ConfigObject) root, reference, ROOT, problems);
    Scenario scenario = new ScenarioValidation((ConfigObject) root, reference, problems).scenario(source);
    if (!problems.isEmpty()) {
      throw new ConfigException(problems.lines());
    }
    return scenario;
  }

  /** The {@code --set} overrides as one config, later ones winning; bad ones become problems. */
  private static Config parseOverrides(List<String> overrides, Problems problems) {
    Config result = ConfigFactory.empty();
    for (String set : overrides) {
      Config one = parseOverride(set, problems);
      if (one != null) {
        result = one.withFallback(result);
      }
    }
    return result;
  }

  private static Config parseOverride(String set, Problems problems) {
    String name = Problems.OVERRIDE_PREFIX + shown(set);
    ConfigOrigin origin = ConfigOriginFactory.newSimple(name);
    int eq = set.indexOf('=');
    if (eq <= 0) {
      problems.add(origin, "", "expected key=value, e.g. --set fabric.mtu=512");
      return null;
    }
    String key = set.substring(0, eq).trim();
    List<String> parts;
    try {
      parts = new ArrayList<>(ConfigUtil.splitPath(key));
    } catch (com.typesafe.config.ConfigException e) {
      problems.add(origin, "", "'" + key + "' is not a config path such as fabric.mtu");
      return null;
    }
    if (!parts.get(0).equals(ROOT) && !OTHER_ROOTS.contains(parts.get(0))) {
      parts.add(0, ROOT);
    }
    String path = ConfigUtil.joinPath(parts);
    Config one;
    try {
      // Parsed as a document, not built with withValue, so that ${...} in the value resolves.
      one = ConfigFactory.parseString(path + " = " + set.substring(eq + 1),
          ConfigParseOptions.defaults().setOriginDescription(name));
    } catch (com.typesafe.config.ConfigException e) {
      problems.add(origin, path, "cannot parse the value: " + stripOrigin(e));
      return null;
    } catch (StackOverflowError e) {
      problems.add(origin, path, TOO_DEEP);
      return null;
    }
    if (!onlyKey(one.root(), parts)) {
      // "a=1\nb=2" or "a=1, b=2" would set b at the top level, where nothing reads it
      problems.add(origin, path, "the value holds more than one setting: one --set is one key=value;"
          + " give each its own --set");
      return null;
    }
    return one;
  }

  /** Whether {@code root} holds the one path {@code parts} and nothing beside it on the way. */
  private static boolean onlyKey(ConfigObject root, List<String> parts) {
    ConfigValue v = root;
    for (String part : parts) {
      if (!(v instanceof ConfigObject o) || o.size() != 1 || !o.containsKey(part)) {
        return false;
      }
      v = o.get(part);
    }
    return true;
  }

  /** A {@code --set} as one short line of a message: line breaks shown as \n, a long value cut. */
  private static String shown(String set) {
    String line = set.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    return line.length() <= SHOWN_SET ? line : line.substring(0, SHOWN_SET) + "... (" + set.length() + " characters)";
  }

  /** Whether reference.conf has a setting at {@code path}. */
  private static boolean reference(String path) {
    try {
      return ConfigFactory.defaultReference().hasPath(path);
    } catch (com.typesafe.config.ConfigException e) {
      return false; // not a path at all
    }
  }

  /** A Typesafe exception as a problem at its own origin, without Typesafe's origin prefix. */
  private static void addTypesafeProblem(com.typesafe.config.ConfigException e, Problems problems,
      String prefix) {
    addTypesafeProblem(e, problems, prefix, "");
  }

  private static void addTypesafeProblem(com.typesafe.config.ConfigException e, Problems problems,
      String prefix, String suffix) {
    problems.add(e.origin(), "", prefix + stripOrigin(e) + suffix);
  }

  private static String stripOrigin(com.typesafe.config.ConfigException e) {
    String message = String.valueOf(e.getMessage());
    if (e.origin() != null) {
      String where = e.origin().description() + ": ";
      if (message.startsWith(where)) {
        return message.substring(where.length());
      }
    }
    return message;
  }
}
