package io.ringfabric.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A tiny SVG writer for the pages' pictures. Coordinates are written with one decimal and no
 * trailing zero, so the same picture is the same bytes on every machine, and a page of a few
 * thousand marks stays small.
 */
final class Svg {
  private final StringBuilder b = new StringBuilder();

  /**
   * Opens an {@code <svg class="plot">}: the pages' check counts these, and finds each one's
   * marks in its {@code <g class="data">}.
   */
  Svg(String id, double width, double height, String label) {
    b.append("<svg class=\"plot\" id=\"").append(Html.escape(id)).append("\" viewBox=\"0 0 ")
        .append(num(width)).append(' ').append(num(height)).append("\" width=\"").append(num(width))
        .append("\" height=\"").append(num(height)).append("\" role=\"img\" aria-label=\"")
        .append(Html.escape(label)).append("\">\n");
  }

  /** {@code <tag a="v" ...>}; {@code attributes} are name, value pairs. */
  Svg open(String tag, Object... attributes) {
    start(tag, attributes);
    b.append(">");
    return this;
  }

  Svg close(String tag) {
    b.append("</").append(tag).append(">\n");
    return this;
  }

  /** {@code <tag a="v" .../>}. */
  Svg mark(String tag, Object... attributes) {
    start(tag, attributes);
    b.append("/>\n");
    return this;
  }

  /** A mark with a tooltip: {@code <tag ...><title>tip</title></tag>}. */
  Svg tipped(String tag, String tip, Object... attributes) {
    open(tag, attributes);
    b.append("<title>").append(Html.escape(tip)).append("</title>");
    return close(tag);
  }

  /** {@code <text x y ...>words</text>}. */
  Svg text(double x, double y, String words, Object... attributes) {
    Object[] all = new Object[attributes.length + 4];
    all[0] = "x";
    all[1] = x;
    all[2] = "y";
    all[3] = y;
    System.arraycopy(attributes, 0, all, 4, attributes.length);
    open("text", all);
    b.append(Html.escape(words));
    return close("text");
  }

  /** The points of a polyline or polygon: {@code "x,y x,y ..."}. */
  static String points(double[] xs, double[] ys) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < xs.length; i++) {
      if (i > 0) {
        p.append(' ');
      }
      p.append(num(xs[i])).append(',').append(num(ys[i]));
    }
    return p.toString();
  }

  /** The picture, closed. */
  String end() {
    return b.append("</svg>\n").toString();
  }

  private void start(String tag, Object[] attributes) {
    if (attributes.length % 2 != 0) {
      throw new IllegalArgumentException("attributes come in name, value pairs: " + attributes.length);
    }
    b.append('<').append(tag);
    for (int i = 0; i < attributes.length; i += 2) {
      Object v = attributes[i + 1];
      b.append(' ').append(attributes[i]).append("=\"")
          .append(v instanceof Double d ? num(d) : Html.escape(String.valueOf(v))).append('"');
    }
  }

  /** One decimal, none when it is zero: {@code 12}, {@code 12.5}, {@code -0.3}. */
  static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("not a coordinate: " + v);
    }
    BigDecimal d = BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_EVEN);
    String s = d.stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }
}
