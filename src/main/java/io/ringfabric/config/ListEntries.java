package io.ringfabric.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.ConfigValues;
import io.ringfabric.hocon.Problems;

/** Readers for the entries of a scenario's lists (rings, process groups), over their defaults. */
final class ListEntries {
  private final ConfigObject actual;
  private final ConfigObject reference;
  private final Problems problems;

  ListEntries(ConfigObject actual, ConfigObject reference, Problems problems) {
    this.actual = actual;
    this.reference = reference;
    this.problems = problems;
  }

  /**
   * A reader for list entry {@code path} merged with {@code defaults}, or null (with a problem)
   * if the entry is not a block.
   */
  ConfigReader entry(ConfigValue element, String path, Config defaults, String example) {
    if (element.valueType() != ConfigValueType.OBJECT) {
      problems.add(element.origin(), path,
          "must be a block such as " + example + ", not " + ConfigValues.show(element));
      return null;
    }
    Config merged = ((ConfigObject) element).toConfig().withFallback(defaults);
    return new ConfigReader(merged, path, problems, element.origin());
  }

  /**
   * {@code ringfabric.defaults.<name>} as the user left it, without keys reference.conf lacks
   * (those are reported once, at the defaults, not again in every entry); the reference block
   * if the user replaced it with something that is not a block (also reported).
   */
  Config defaultsBlock(String name) {
    ConfigObject referenceBlock = (ConfigObject) ((ConfigObject) reference.get("defaults")).get(name);
    ConfigValue defaults = actual.get("defaults");
    ConfigValue block =
        defaults instanceof ConfigObject ? ((ConfigObject) defaults).get(name) : null;
    if (!(block instanceof ConfigObject)) {
      return referenceBlock.toConfig();
    }
    return UnknownKeys.knownOnly((ConfigObject) block, referenceBlock).toConfig();
  }
}
