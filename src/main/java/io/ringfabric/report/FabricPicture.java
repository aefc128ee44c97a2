package io.ringfabric.report;

import io.ringfabric.stats.Report;
import io.ringfabric.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fabric as {@link FabricLayout} places it, each link coloured by its utilisation and the
 * busiest labelled beside the middle of their lines ({@link Labels}). Each direction of a link is a line of its own, on its right-hand side, so
 * both show. A fabric of more than {@link #DETAILED_LINKS} links is drawn as a heat map instead:
 * each switch a square coloured by the busiest link leaving it (neighbouring switches share a
 * square when they would be too small to see), with only the busiest links drawn over it.
 */
final class FabricPicture {
  static final int DETAILED_LINKS = 1024;
  /** Links labelled in the picture, and listed under it. */
  static final int LABELLED = 5;
  static final int LISTED = 10;
  /** Heat-map squares are at least this wide, so a picture has at most about 64 x 64 of them. */
  private static final double SMALLEST_SQUARE = FabricLayout.WIDTH / 64;
  private static final String UNKNOWN = "#d0d0d0";
  /** Colours a heat map's squares come in, above idle. */
  private static final int LEVELS = 40;
  /** The colour scale, from idle to the scale's top. */
  private static final int[][] STOPS = {
    {0xcd, 0xd5, 0xdf}, {0x7f, 0xb1, 0xd6}, {0xf2, 0xc1, 0x4e}, {0xef, 0x6f, 0x3c}, {0xb2, 0x18, 0x2b}
  };

  private final Topology t;
  private final FabricLayout at;
  private final double[] use;
  private final double top;
  private final Svg s;
  /** By link drawn: the middle of its first segment as drawn, and the way it runs. */
  private final Map<Integer, Segment> middles = new TreeMap<>();

  /** The middle of a link's (first) line, and the unit step along it. */
  private record Segment(double x, double y, double dx, double dy) {}

  /**
   * @param use by link, in the order of {@link Topology#links}, the share of the measured time it
   *     was busy; NaN where it is not known
   */
  private FabricPicture(Topology t, double[] use) {
    this.t = t;
    this.at = FabricLayout.of(t);
    this.use = use;
    this.top = scaleTop(use);
    this.s = new Svg("fabric", at.width(), at.height(), "the fabric, links coloured by utilisation");
  }

  /** The picture, its colour scale and the busiest links as a table. */
  static String html(Topology t, double[] use) {
    return new FabricPicture(t, use).html();
  }

  private String html() {
    List<Integer> busiest = busiest(LISTED);
    boolean detailed = t.links().size() <= DETAILED_LINKS;
    List<Integer> labelled = busiest.subList(0, Math.min(LABELLED, busiest.size()));
    s.open("g", "class", "data");
    if (detailed) {
      for (int i = 0; i < t.links().size(); i++) {
        link(i, 2.0);
      }
    } else {
      heatMap();
      for (int i : labelled) {
        link(i, 3.0);
      }
    }
    Labels labels = new Labels(at.width(), at.height());
    if (detailed) {
      switchBoxes(labels);
    }
    for (int i : labelled) {
      Segment m = middles.get(i);
      labels.place(labelText(i), m.x(), m.y(), m.dx(), m.dy());
    }
    if (detailed) {
      switches(labels);
    }
    s.close("g").open("g", "class", "labels");
    for (Labels.Placed p : labels.placed()) {
      s.text(p.x(), p.baseline(), p.text(), "class", "label", "text-anchor", "middle");
    }
    s.close("g");
    StringBuilder b = new StringBuilder("<figure>\n<figcaption>").append(Html.escape(caption(detailed)))
        .append("</figcaption>\n").append(s.end()).append(scale());
    if (!busiest.isEmpty()) {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"busiest links", "utilisation"});
      for (int i : busiest) {
        rows.add(new String[] {t.links().get(i).name(), percent(use[i])});
      }
      b.append(Html.table(rows, -1));
    }
    return b.append("</figure>\n").toString();
  }

  private String caption(boolean detailed) {
    List<Integer> dims = t.spec().dims();
    String shape = switch (t.spec().kind()) {
      case "mesh", "torus" -> dims.get(0) + "x" + dims.get(1) + " " + t.spec().kind()
          + " (node = y * " + dims.get(0) + " + x; +x to the right, +y down"
          + (t.spec().kind().equals("torus") ? "; stubs at the edges are the wrap-around links)" : ")");
      case "ring" -> "ring of " + t.nodes() + " (node 0 at the top, cw clockwise)";
      case "star" -> "star of " + t.nodes() + " round its centre switch";
      case "fat-tree" -> dims.get(0) + "-ary " + dims.get(1) + "-tree (nodes at the bottom, leaf switches above them)";
      default -> "fabric of " + t.switches() + " switches from " + t.spec().file() + ", round a circle";
    };
    return "The fabric: " + shape + ", " + t.links().size() + " links"
        + (detailed ? "" : ", as a heat map: each square the busiest link leaving its switches");
  }

  /** Link {@code i} as a line on its right-hand side, or as two stubs when it wraps round a torus. */
  private void link(int i, double width) {
    Topology.Link l = t.links().get(i);
    double ax = at.x()[l.fromSwitch()];
    double ay = at.y()[l.fromSwitch()];
    double bx = at.x()[l.toSwitch()];
    double by = at.y()[l.toSwitch()];
    double[] way = at.grid() ? gridWay(l) : null;
    boolean wraps = way != null && Math.hypot(bx - ax - way[0] * at.spacing(), by - ay - way[1] * at.spacing()) > 1;
    if (wraps) {
      double reach = at.spacing() * 0.45;
      segment(ax, ay, ax + way[0] * reach, ay + way[1] * reach, i, width, true);
      segment(bx - way[0] * reach, by - way[1] * reach, bx, by, i, width, false);
    } else {
      segment(ax, ay, bx, by, i, width, true);
    }
  }

  /** The unit step a grid port leads in: +x right, -x left, +y down, -y up. */
  private double[] gridWay(Topology.Link l) {
    String port = t.portName(l.fromSwitch(), l.fromPort());
    return switch (port) {
      case "+x" -> new double[] {1, 0};
      case "-x" -> new double[] {-1, 0};
      case "+y" -> new double[] {0, 1};
      case "-y" -> new double[] {0, -1};
      default -> null;
    };
  }

  /** One segment of link {@code i}; the first also places the link's label. */
  private void segment(double ax, double ay, double bx, double by, int i, double width, boolean first) {
    double len = Math.hypot(bx - ax, by - ay);
    double gap = Math.min(3, at.spacing() * 0.08);
    double ux = len == 0 ? 0 : -(by - ay) / len; // the right-hand side, y pointing down
    double uy = len == 0 ? 0 : (bx - ax) / len;
    s.tipped("line", t.links().get(i).name() + ": " + percent(use[i]), "x1", ax + ux * gap, "y1", ay + uy * gap, "x2", bx + ux * gap, "y2", by + uy * gap,
        "stroke", colour(use[i]), "stroke-width", width);
    if (first && len > 0) {
      middles.put(i, new Segment((ax + bx) / 2 + ux * gap, (ay + by) / 2 + uy * gap, (bx - ax) / len, (by - ay) / len));
    }
  }

  /** What a link's label keeps clear of: each switch's square, and where it can, each node's number. */
  private void switchBoxes(Labels labels) {
    double size = switchSize();
    for (int sw = 0; sw < t.switches(); sw++) {
      double x = at.x()[sw];
      double y = at.y()[sw];
      labels.avoidSwitch(x - size / 2, y - size / 2, x + size / 2, y + size / 2);
      if (numbered() && sw < t.nodes()) {
        labels.avoidNumber(Labels.box(Integer.toString(sw), x, numberBaseline(y)));
      }
    }
  }

  private boolean numbered() {
    return at.spacing() >= 22 && t.nodes() <= 256;
  }

  private double numberBaseline(double y) {
    return y - switchSize() / 2 - 3;
  }

  private double switchSize() {
    return Math.max(3, Math.min(14, at.spacing() * 0.4));
  }

  /**
   * Each switch as a square, a node's with its number above it, unless a label of a busy link
   * already covers that place (the label names its node; the switch's tooltip has the number).
   */
  private void switches(Labels labels) {
    double size = switchSize();
    for (int sw = 0; sw < t.switches(); sw++) {
      double x = at.x()[sw];
      double y = at.y()[sw];
      s.tipped("rect", t.switchName(sw), "x", x - size / 2, "y", y - size / 2, "width", size, "height", size,
          "fill", sw < t.nodes() ? "#fff" : "#eee", "stroke", "#555");
      String number = Integer.toString(sw);
      double baseline = numberBaseline(y);
      if (numbered() && sw < t.nodes() && labels.free(Labels.box(number, x, baseline))) {
        s.text(x, baseline, number, "text-anchor", "middle", "fill", "#555");
      }
    }
  }

  /**
   * A square per switch, or per group of switches that fall in the same square, coloured by the
   * busiest link leaving them. The squares of one colour are one path, the scale cut into {@link
   * #LEVELS} colours, so that thousands of squares stay a small page.
   */
  private void heatMap() {
    double[] busiestOut = new double[t.switches()];
    Arrays.fill(busiestOut, Double.NaN);
    for (int i = 0; i < t.links().size(); i++) {
      int from = t.links().get(i).fromSwitch();
      if (!Double.isNaN(use[i])) {
        busiestOut[from] = Double.isNaN(busiestOut[from]) ? use[i] : Math.max(busiestOut[from], use[i]);
      }
    }
    double q = Math.max(at.spacing(), SMALLEST_SQUARE);
    Map<Long, Double> squares = new TreeMap<>(); // (row, column) -> the busiest of its switches, NaN if none is known
    for (int sw = 0; sw < t.switches(); sw++) {
      long key = (long) Math.floor(at.y()[sw] / q) << 32 | (long) Math.floor(at.x()[sw] / q);
      double u = busiestOut[sw];
      squares.merge(key, u, (was, now) -> Double.isNaN(was) ? now : Double.isNaN(now) ? was : Math.max(was, now));
    }
    Map<Integer, StringBuilder> byLevel = new TreeMap<>(); // -1: not known
    Map<Integer, Integer> counts = new TreeMap<>();
    for (Map.Entry<Long, Double> e : squares.entrySet()) {
      double u = e.getValue();
      int level = Double.isNaN(u) ? -1 : (int) Math.round(Math.min(1, u / top) * LEVELS);
      byLevel.computeIfAbsent(level, l -> new StringBuilder()).append('M')
          .append(Svg.num((e.getKey() & 0xffffffffL) * q)).append(' ').append(Svg.num((e.getKey() >>> 32) * q))
          .append('h').append(Svg.num(q * 0.92)).append('v').append(Svg.num(q * 0.92))
          .append('h').append(Svg.num(-q * 0.92)).append('z');
      counts.merge(level, 1, Integer::sum);
    }
    for (Map.Entry<Integer, StringBuilder> e : byLevel.entrySet()) {
      int level = e.getKey();
      String what = level < 0 ? "not known" : "about " + percent(top * level / LEVELS);
      s.tipped("path", counts.get(level) + " square(s), busiest link leaving them " + what,
          "d", e.getValue().toString(), "fill", level < 0 ? UNKNOWN : colour(top * level / LEVELS));
    }
  }

  /**
   * Link {@code i}'s label: where it leaves, when that names it alone ({@code node 8 -x}), else its
   * whole name ({@code star centre -> node 3}); and its use.
   */
  private String labelText(int i) {
    String name = t.links().get(i).name();
    String from = name.contains(" -> ") ? name.substring(0, name.indexOf(" -> ") + 4) : name;
    long sharing = t.links().stream().filter(l -> l.name().startsWith(from)).count();
    return (sharing == 1 ? from.substring(0, from.length() - 4) : name) + " " + percent(use[i]);
  }

  /** The {@code n} busiest links whose use is known and above 0, busiest first; of equals, the first link first. */
  private List<Integer> busiest(int n) {
    List<Integer> known = new ArrayList<>();
    for (int i = 0; i < use.length; i++) {
      if (use[i] > 0) {
        known.add(i);
      }
    }
    known.sort(Comparator.comparingDouble((Integer i) -> use[i]).reversed());
    return known.subList(0, Math.min(n, known.size()));
  }

  private String scale() {
    StringBuilder b = new StringBuilder("<p class=\"note\">0% ");
    for (int i = 0; i <= 10; i++) {
      b.append("<span style=\"display:inline-block;width:18px;height:10px;background:")
          .append(colour(top * i / 10)).append("\"></span>");
    }
    b.append(' ').append(percent(top)).append(" busy");
    long unknown = Arrays.stream(use).filter(Double::isNaN).count();
    if (unknown > 0) {
      b.append(" &nbsp; <span style=\"display:inline-block;width:18px;height:10px;background:")
          .append(UNKNOWN).append("\"></span> not known (").append(Report.count(unknown)).append(" of ")
          .append(Report.count(use.length)).append(" links)");
    }
    return b.append("</p>\n").toString();
  }

  private String colour(double u) {
    if (Double.isNaN(u)) {
      return UNKNOWN;
    }
    double f = Math.max(0, Math.min(1, u / top)) * (STOPS.length - 1);
    int lo = Math.min(STOPS.length - 2, (int) f);
    double w = f - lo;
    StringBuilder c = new StringBuilder("#");
    for (int ch = 0; ch < 3; ch++) {
      c.append(String.format(Locale.ROOT, "%02x", Math.round(STOPS[lo][ch] * (1 - w) + STOPS[lo + 1][ch] * w)));
    }
    return c.toString();
  }

  /** The scale's top: the busiest link rounded up to 1, 2 or 5 times a power of ten, at most 100%. */
  static double scaleTop(double[] use) {
    double max = 0;
    for (double u : use) {
      if (!Double.isNaN(u)) {
        max = Math.max(max, u);
      }
    }
    return max <= 0 ? 0.01 : Math.min(1, Axis.roundUp(max));
  }

  static String percent(double share) {
    return Double.isNaN(share) ? "not known" : Report.pct(share);
  }
}
