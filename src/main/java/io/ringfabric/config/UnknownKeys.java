package io.ringfabric.config;

import static io.ringfabric.config.ScenarioLoader.OTHER_ROOTS;
import static io.ringfabric.config.ScenarioLoader.ROOT;

import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import io.ringfabric.hocon.Closest;
import io.ringfabric.hocon.ConfigValues;
import io.ringfabric.hocon.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Finds the keys of a scenario that reference.conf lacks, each with the nearest valid one. */
final class UnknownKeys {
  private UnknownKeys() {}

  /**
   * Top-level keys of the user's file other than {@code ringfabric} and Pekko's block: most often
   * a forgotten root ({@code fabric.mtu = 1} at top level), so the hint names the key under the
   * root when there is one.
   */
  static void checkRoots(ConfigObject user, ConfigObject reference, Problems problems) {
    for (String key : new TreeSet<>(user.keySet())) {
      if (key.equals(ROOT) || OTHER_ROOTS.contains(key)) {
        continue;
      }
      problems.add(user.get(key).origin(), ConfigValues.quoteIfNeeded(key),
          "unknown key outside the " + ROOT + " root; closest valid key: '"
              + closestRoot(key, reference) + "'");
    }
  }

  /** The nearest of the roots and the keys under {@code ringfabric}, the latter written in full. */
  private static String closestRoot(String key, ConfigObject reference) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    List<String> roots = new ArrayList<>(new TreeSet<>(OTHER_ROOTS));
    roots.add(0, ROOT);
    for (String root : roots) {
      int d = Closest.distance(key, root);
      if (d < bestDistance) {
        best = root;
        bestDistance = d;
      }
    }
    for (String child : new TreeSet<>(reference.keySet())) {
      int d = Closest.distance(key, child);
      if (d < bestDistance) {
        best = ROOT + "." + child;
        bestDistance = d;
      }
    }
    return best;
  }

  /**
   * Every key of the merged tree that reference.conf does not have. The merged tree holds the
   * reference keys plus the user's (file and overrides), so the keys found here are exactly the
   * user's unknown ones, each with the origin where the user wrote it. Lists (rings, processes)
   * are not entered: their entries are checked against their own defaults when they are read.
   */
  static void checkKnownKeys(ConfigObject actual, ConfigObject reference, String path,
      Problems problems) {
    Set<String> known = new TreeSet<>(reference.keySet());
    for (String key : new TreeSet<>(actual.keySet())) {
      ConfigValue value = actual.get(key);
      ConfigValue ref = reference.get(key);
      String keyPath = path + "." + ConfigValues.quoteIfNeeded(key);
      if (ref == null) {
        problems.add(value.origin(), keyPath, "unknown key" + Closest.suggestion(key, known));
      } else if (ref instanceof ConfigObject && value instanceof ConfigObject) {
        checkKnownKeys((ConfigObject) value, (ConfigObject) ref, keyPath, problems);
      } else if (ref instanceof ConfigObject) {
        problems.add(value.origin(), keyPath,
            "must be a block { ... }, not " + ConfigValues.show(value));
      }
    }
  }

  /**
   * {@code actual} without the keys reference.conf lacks, and with the reference's block where the
   * user put something else: both are reported once by the key check, not again in every entry.
   */
  static ConfigObject knownOnly(ConfigObject actual, ConfigObject reference) {
    ConfigObject result = actual;
    for (String key : actual.keySet()) {
      ConfigValue value = actual.get(key);
      ConfigValue ref = reference.get(key);
      if (ref == null) {
        result = result.withoutKey(key);
      } else if (ref instanceof ConfigObject && value instanceof ConfigObject) {
        result = result.withValue(key, knownOnly((ConfigObject) value, (ConfigObject) ref));
      } else if (ref instanceof ConfigObject) {
        result = result.withValue(key, ref);
      }
    }
    return result;
  }
}
