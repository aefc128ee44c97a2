package io.ringfabric.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plot of lines over two axes, as a {@code <figure>}: the caption, the picture, a legend of
 * the lines in their colours, and a note below. Points an axis cannot place (0 on a log axis, a
 * missing value) break a line rather than bend it. X labels that would run into the one before
 * are left out (the tick stays), so they never run together.
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
  /** The least room between two x labels; a label that would come closer to the last is left out. */
  private static final double TICK_GAP = 8;

  /**
   * One line: its points, and for each point its tooltip, or no tooltips and no dots.
   *
   * @param tips one per point, shown over a dot at the point (null: no dot there); empty for a
   *     plain line
   */
  record Line(String name, double[] x, double[] y, List<String> tips, boolean dashed, String colour) {
    Line {
      if (x.length != y.length || !tips.isEmpty() && tips.size() != x.length) {
        throw new IllegalArgumentException(name + ": " + x.length + " x, " + y.length + " y, "
            + tips.size() + " tips");
      }
    }

    /** @param colour null: the next of {@link Html#PALETTE} */
    Line(String name, double[] x, double[] y, List<String> tips, boolean dashed) {
      this(name, x, y, tips, dashed, null);
    }

    static Line of(String name, double[] x, double[] y) {
      return new Line(name, x, y, List.of(), false);
    }
  }

  /** A shaded band from {@code lo} to {@code hi} at each x: the spread of many lines. */
  record Band(String name, double[] x, double[] lo, double[] hi) {
    Band {
      if (x.length != lo.length || x.length != hi.length) {
        throw new IllegalArgumentException(name + ": " + x.length + " x, " + lo.length + " lo, " + hi.length + " hi");
      }
    }
  }

  static final String BAND = "#c9d3e0";

  private final String id;
  private final String caption;
  private final Axis x;
  private final Axis y;
  private final List<Line> lines = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
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

  /** A band, drawn under the lines and named first in the legend. */
  LinePlot add(Band band) {
    bands.add(band);
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
    List<String[]> legend = new ArrayList<>();
    bands.forEach(band -> legend.add(new String[] {band.name(), BAND, "band"}));
    for (int i = 0; i < lines.size(); i++) {
      legend.add(new String[] {lines.get(i).name(), colour(i), null});
    }
    b.append(Html.legend(legend));
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
    double written = Double.NEGATIVE_INFINITY; // where the last label written ends
    for (Axis.Tick t : x.ticks()) {
      double px = x.at(t.value(), x0, x1);
      s.mark("line", "x1", px, "y1", y0, "x2", px, "y2", y0 + 4);
      double half = t.label().length() * Labels.CHAR / 2;
      if (px - half >= written + TICK_GAP) {
        s.text(px, y0 + 18, t.label(), "text-anchor", "middle"); // below the lowest y label, which ends at y0 + 7
        written = px + half;
      }
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
    for (Band band : bands) {
      shade(s, band, x0, x1, y0, y1);
    }
    for (int i = 0; i < lines.size(); i++) {
      draw(s, lines.get(i), colour(i), x0, x1, y0, y1);
    }
    return s.close("g").end();
  }

  /** Line {@code i}'s colour: its own, or the palette's next after the lines before it that have none. */
  private String colour(int i) {
    if (lines.get(i).colour() != null) {
      return lines.get(i).colour();
    }
    int n = 0;
    for (int j = 0; j < i; j++) {
      n += lines.get(j).colour() == null ? 1 : 0;
    }
    return Html.colour(n);
  }

  /** A band as polygons, broken where a point cannot be placed, as lines are. */
  private void shade(Svg s, Band band, double x0, double x1, double y0, double y1) {
    List<double[]> run = new ArrayList<>();
    for (int i = 0; i <= band.x().length; i++) {
      boolean placed = i < band.x().length && x.holds(band.x()[i]) && y.holds(band.lo()[i]) && y.holds(band.hi()[i]);
      if (placed) {
        run.add(new double[] {x.at(band.x()[i], x0, x1), y.at(band.lo()[i], y0, y1), y.at(band.hi()[i], y0, y1)});
      }
      if (!placed && !run.isEmpty()) {
        double[] xs = new double[2 * run.size()];
        double[] ys = new double[2 * run.size()];
        for (int k = 0; k < run.size(); k++) {
          xs[k] = run.get(k)[0];
          ys[k] = run.get(k)[2];
          xs[xs.length - 1 - k] = run.get(k)[0];
          ys[ys.length - 1 - k] = run.get(k)[1];
        }
        s.tipped("polygon", band.name(), "points", Svg.points(xs, ys), "fill", BAND, "stroke", BAND);
        run.clear();
      }
    }
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
