package io.ringfabric.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --set key=value} and {@code --seed N}: the scenario overrides every running command takes. */
final class OverrideArgs {
  @Spec(Spec.Target.MIXEE) CommandSpec command; // the command these options belong to

  @Option(
      names = "--set",
      paramLabel = "key=value",
      description = "Overrides one setting, e.g. --set fabric.mtu=512 (key relative to"
          + " 'ringfabric.' or absolute; value in HOCON). Repeatable; later ones win.")
  List<String> sets = new ArrayList<>();

  @Option(names = "--seed", paramLabel = "N", converter = Seed.class,
      description = "Seed of every random stream: " + Seed.RANGE + " (overrides ringfabric.seed).")
  Long seed;

  /**
   * A seed: any 64-bit integer. A negative one is as good as any other, since each component's
   * stream comes of mixing the seed with the component's id (SplitMix64), so it is taken as given.
   */
  static final class Seed implements CommandLine.ITypeConverter<Long> {
    static final String RANGE = "any whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE
        + ", negative ones too, each its own run";

    @Override
    public Long convert(String text) {
      try {
        return Long.parseLong(text.strip());
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("'" + text + "' is not a seed: give " + RANGE);
      }
    }
  }

  /** {@code --set} in order, then {@code extra} (e.g. {@code engine=reference}), then {@code --seed}. */
  List<String> overrides(String... extra) {
    for (String s : sets) {
      if (s.indexOf('=') <= 0) {
        // a usage error like any other bad option: exit 2 with the hint to --help
        throw new ParameterException(command.commandLine(), "--set needs key=value, got '" + s + "'");
      }
    }
    List<String> all = new ArrayList<>(sets);
    all.addAll(List.of(extra));
    if (seed != null) {
      all.add("seed=" + seed);
    }
    return all;
  }
}
