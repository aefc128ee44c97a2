package io.ringfabric.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plot of lines over two axes, as a {@code <figure>}: the caption, the picture, a legend of
 * the lines in their colours, and a note below. Points an axis cannot place (0 on a log axis, a
 * missing value) break a line rather than bend it.
 */
final class LinePlot {
  static final double WIDTH = 560;
  static final double HEIGHT = 280;
  /** The size of the small plots a sweep page shows many of. */
  static final double SMALL_WIDTH = 360;
  static final double SMALL_HEIGHT = 230;
  private static final double LEFT = 66;
  private static final double RIGHT = 30;
  private static final double TOP = 10;
  private static final double BOTTOM = 44;

  /**
   * One line: its points, and for each point its tooltip, or no tooltips and no dots.
   *
   * @param tips one per point, shown over a dot at the point (null: no dot there); empty for a
   *     plain line
   */
  record Line(String name, double[] x, double[] y, List<String> tips, boolean dashed) {
    Line {
      if (x.length != y.length || !tips.isEmpty() && tips.size() != x.length) {
        throw new IllegalArgumentException(name + ": " + x.length + " x, " + y.length + " y, "
            + tips.size() + " tips");
      }
    }

    static Line of(String name, double[] x, double[] y) {
      return new Line(name, x, y, List.of(), false);
    }
  }

  private final String id;
  private final String caption;
  private final Axis x;
  private final Axis y;
  private final List<Line> lines = new ArrayList<>();
  private String note;
  private double width = WIDTH;
  private double height = HEIGHT;

  LinePlot(String id, String caption, Axis x, Axis y) {
    this.id = id;
    this.caption = caption;
    this.x = x;
    this.y = y;
  }

  LinePlot add(Line line) {
    lines.add(line);
    return this;
  }

  LinePlot small() {
    width = SMALL_WIDTH;
    height = SMALL_HEIGHT;
    return this;
  }

  /** A sentence under the legend: what the plot leaves out, how it was thinned. */
  LinePlot note(String text) {
    this.note = text;
    return this;
  }

  String html() {
    StringBuilder b = new StringBuilder("<figure style=\"width:" + Svg.num(width) + "px\">\n<figcaption>").append(Html.escape(caption))
        .append("</figcaption>\n").append(svg());
    b.append(Html.legend(lines.stream().map(Line::name).toList()));
    if (note != null) {
      b.append(Html.paragraph(note, "note"));
    }
    return b.append("</figure>\n").toString();
  }

  private String svg() {
    double x0 = LEFT;
    double x1 = width - RIGHT;
    double y0 = height - BOTTOM;
    double y1 = TOP;
    Svg s = new Svg(id, width, height, caption);
    s.open("g", "class", "grid");
    for (Axis.Tick t : y.ticks()) {
      double py = y.at(t.value(), y0, y1);
      s.mark("line", "x1", x0, "y1", py, "x2", x1, "y2", py);
    }
    s.close("g").open("g", "class", "axis");
    s.mark("path", "d", "M" + Svg.num(x0) + " " + Svg.num(y1) + "V" + Svg.num(y0) + "H" + Svg.num(x1),
        "fill", "none");
    for (Axis.Tick t : x.ticks()) {
      double px = x.at(t.value(), x0, x1);
      s.mark("line", "x1", px, "y1", y0, "x2", px, "y2", y0 + 4);
      s.text(px, y0 + 16, t.label(), "text-anchor", "middle");
    }
    for (Axis.Tick t : y.ticks()) {
      double py = y.at(t.value(), y0, y1);
      s.text(x0 - 6, py + 4, t.label(), "text-anchor", "end");
    }
    s.text((x0 + x1) / 2, height - 6, x.title(), "text-anchor", "middle");
    double my = (y0 + y1) / 2;
    s.text(12, my, y.title(), "text-anchor", "middle",
        "transform", "rotate(-90 12 " + Svg.num(my) + ")");
    s.close("g").open("g", "class", "data");
    for (int i = 0; i < lines.size(); i++) {
      draw(s, lines.get(i), Html.colour(i), x0, x1, y0, y1);
    }
    return s.close("g").end();
  }

  private void draw(Svg s, Line line, String colour, double x0, double x1, double y0, double y1) {
    List<double[]> run = new ArrayList<>();
    for (int i = 0; i <= line.x().length; i++) {
      boolean placed = i < line.x().length && x.holds(line.x()[i]) && y.holds(line.y()[i]);
      if (placed) {
        run.add(new double[] {x.at(line.x()[i], x0, x1), y.at(line.y()[i], y0, y1)});
      }
      if (!placed && !run.isEmpty()) {
        polyline(s, run, line, colour);
        run.clear();
      }
    }
    for (int i = 0; i < line.tips().size(); i++) {
      if (line.tips().get(i) != null && x.holds(line.x()[i]) && y.holds(line.y()[i])) {
        s.tipped("circle", line.tips().get(i), "cx", x.at(line.x()[i], x0, x1), "cy",
            y.at(line.y()[i], y0, y1), "r", 3.0, "fill", colour);
      }
    }
  }

  private static void polyline(Svg s, List<double[]> run, Line line, String colour) {
    double[] xs = new double[run.size()];
    double[] ys = new double[run.size()];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = run.get(i)[0];
      ys[i] = run.get(i)[1];
    }
    if (line.dashed()) {
      s.tipped("polyline", line.name(), "points", Svg.points(xs, ys), "stroke", colour, "stroke-dasharray", "5 4");
    } else {
      s.tipped("polyline", line.name(), "points", Svg.points(xs, ys), "stroke", colour);
    }
  }
}
