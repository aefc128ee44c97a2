package io.ringfabric.report;

import io.ringfabric.stats.SweepTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep's runs as the lines of a plot: the runs that share the values of every key but those
 * that vary along the line are one line, named by those values ({@code fabric.flow-control=credit}),
 * or the empty name when every key varies along it. Lines come in the order of their first run.
 */
record SweepLines(Map<String, List<Integer>> byName) {

  /** @param along the indices of the keys that vary along a line */
  static SweepLines of(SweepTable table, List<Integer> along) {
    Map<String, List<Integer>> byName = new LinkedHashMap<>();
    for (int row = 0; row < table.rows(); row++) {
      List<String> others = new ArrayList<>();
      for (int k = 0; k < table.keys().size(); k++) {
        if (!along.contains(k)) {
          others.add(table.keys().get(k) + "=" + table.values(row).get(k));
        }
      }
      byName.computeIfAbsent(String.join(", ", others), n -> new ArrayList<>()).add(row);
    }
    return new SweepLines(byName);
  }

  List<String> lines() {
    return List.copyOf(byName.keySet());
  }

  /** The first {@code most} lines. */
  List<String> drawn(int most) {
    List<String> all = lines();
    return all.subList(0, Math.min(most, all.size()));
  }

  /** The runs of line {@code name}, in run order. */
  List<Integer> rows(String name) {
    return byName.get(name);
  }
}
