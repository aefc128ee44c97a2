package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.RunResult;
import java.util.List;

/**
 * A schedule's ranks, one bar each: its time from its start to its end cut into calculating,
 * sending (in its PUTs) and receiving and waiting (in GETs, and idle), so that a rank the others
 * waited for, or one that only waited, shows at a glance.
 */
final class RankBars {
  private static final double WIDTH = 820;
  private static final double LEFT = 64;
  private static final double RIGHT = 16;
  private static final double TOP = 8;
  private static final double BOTTOM = 40;
  private static final String[] KINDS = {"calculating", "sending", "receiving and waiting"};

  private RankBars() {}

  static String html(RunResult.Schedule s) {
    List<RunResult.Rank> ranks = s.perRank();
    double row = Math.max(1, Math.min(14, 560.0 / Math.max(1, ranks.size())));
    double height = TOP + row * ranks.size() + BOTTOM;
    double most = 0;
    for (RunResult.Rank r : ranks) {
      most = Math.max(most, r.calcNs() + r.sendNs() + r.waitNs());
    }
    Axis x = Axis.time("time of the rank", Math.max(most, 1));
    double x0 = LEFT;
    double x1 = WIDTH - RIGHT;
    double y0 = TOP + row * ranks.size();
    Svg svg = new Svg("rank-time", WIDTH, height, "Each rank's time by what it did");
    svg.open("g", "class", "axis");
    svg.mark("path", "d", "M" + Svg.num(x0) + " " + Svg.num(TOP) + "V" + Svg.num(y0) + "H" + Svg.num(x1), "fill", "none");
    double written = Double.NEGATIVE_INFINITY;
    for (Axis.Tick t : x.ticks()) {
      double px = x.at(t.value(), x0, x1);
      svg.mark("line", "x1", px, "y1", y0, "x2", px, "y2", y0 + 4);
      double half = t.label().length() * Labels.CHAR / 2;
      if (px - half >= written + 8) {
        svg.text(px, y0 + 18, t.label(), "text-anchor", "middle");
        written = px + half;
      }
    }
    svg.text((x0 + x1) / 2, height - 6, x.title(), "text-anchor", "middle");
    int every = (int) Math.ceil(14 / row); // a rank number where there is room for one
    for (int i = 0; i < ranks.size(); i += every) {
      svg.text(x0 - 6, TOP + row * i + Math.min(row, 14) / 2 + 4, "rank " + ranks.get(i).rank(), "text-anchor", "end");
    }
    svg.close("g").open("g", "class", "data");
    for (int i = 0; i < ranks.size(); i++) {
      RunResult.Rank r = ranks.get(i);
      double[] parts = {r.calcNs(), r.sendNs(), r.waitNs()};
      double from = 0;
      for (int k = 0; k < parts.length; k++) {
        if (parts[k] <= 0) {
          continue;
        }
        double a = x.at(from, x0, x1);
        double b = x.at(from + parts[k], x0, x1);
        svg.tipped("rect", "rank " + r.rank() + " (node " + r.node() + "): " + KINDS[k] + " " + SimTime.scaled(parts[k]),
            "x", a, "y", TOP + row * i, "width", Math.max(0.5, b - a), "height", Math.max(1, row - (row > 3 ? 1 : 0)),
            "fill", Html.colour(k));
        from += parts[k];
      }
    }
    svg.close("g");
    return "<figure>" + svg.end() + Html.legend(List.of(
        new String[] {KINDS[0], Html.colour(0), "band"},
        new String[] {KINDS[1], Html.colour(1), "band"},
        new String[] {KINDS[2], Html.colour(2), "band"})) + "</figure>\n";
  }
}
