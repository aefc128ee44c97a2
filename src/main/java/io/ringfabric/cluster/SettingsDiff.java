package io.ringfabric.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * What differs between the lead's scenario and a joining member's: every member must simulate
 * the same machine, or the run would silently compute something nobody asked for. Settings of
 * the engine itself ({@code ringfabric.actors.*}, {@code ringfabric.engine}) may differ, since
 * each host sizes its own threads and a cluster run always uses the actor engine.
 */
public final class SettingsDiff {
  private static final int SHOWN = 5;

  private SettingsDiff() {}

  /** Whether a setting must be equal on every member. */
  static boolean compared(String key) {
    return !key.startsWith("ringfabric.actors.") && !key.equals("ringfabric.engine");
  }

  /**
   * The differences, one per setting in key order, e.g.
   * {@code ringfabric.fabric.mtu is 512 on the member and 256 on the lead}; empty when none.
   */
  public static List<String> between(SortedMap<String, String> lead, SortedMap<String, String> member) {
    TreeSet<String> keys = new TreeSet<>(lead.keySet());
    keys.addAll(member.keySet());
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      String a = lead.get(k);
      String b = member.get(k);
      if (compared(k) && (a == null || !a.equals(b))) {
        out.add(k + " is " + show(b) + " on the member and " + show(a) + " on the lead");
      }
    }
    return out;
  }

  /** The differences in one line, the first few named. */
  public static String describe(List<String> differences) {
    String shown = String.join("; ", differences.subList(0, Math.min(SHOWN, differences.size())));
    int more = differences.size() - SHOWN;
    return differences.size() + " setting" + (differences.size() == 1 ? " differs" : "s differ")
        + ": " + shown + (more > 0 ? "; and " + more + " more" : "");
  }

  private static String show(String value) {
    if (value == null) {
      return "not set";
    }
    return value.length() > 60 ? value.substring(0, 57) + "..." : value;
  }
}
