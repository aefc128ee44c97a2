package io.ringfabric.report;

import java.util.List;

/**
 * What report.html and sweep.html share: the page around their sections, tables, legends and
 * escaping. A page is one file that loads nothing: its style and its one script are inline.
 *
 * <p>The script checks the page as a browser drew it, for the browser test: it counts the
 * pictures ({@code svg.plot}) and names those whose marks ({@code g.data}) have no extent, and
 * writes both onto {@code <body>} as {@code data-plots} and {@code data-empty-plots}, with the
 * texts of a picture that overlap as drawn (tick labels run together, a label over a node's
 * number) as {@code data-overlapping-text}; a script error or a console error lands in {@code
 * data-errors} on {@code <html>}.
 */
final class Html {
  /** The colours of lines and legends, in the order they are given out. */
  static final List<String> PALETTE = List.of(
      "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
      "#9c755f", "#7f7f7f");

  private static final String STYLE = """
      body { font: 14px/1.45 system-ui, sans-serif; color: #222; margin: 24px auto; max-width: 1180px; padding: 0 16px; }
      h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; }
      .alarm { background: #fde2e1; border: 1px solid #e15759; padding: 8px 12px; font-weight: 600; }
      .note { color: #555; } .muted { color: #888; }
      table { border-collapse: collapse; margin: 4px 0 8px; } td, th { padding: 2px 10px; text-align: right; }
      th { border-bottom: 1px solid #bbb; font-weight: 600; } td:first-child, th:first-child { text-align: left; }
      td.text, th.text { text-align: left; } tr:nth-child(even) td { background: #f6f7f9; }
      .wide { overflow-x: auto; }
      .plots { display: flex; flex-wrap: wrap; gap: 8px 24px; }
      figure { margin: 0 0 8px; } figcaption { font-weight: 600; margin-bottom: 2px; }
      svg.plot { background: #fff; font: 11px system-ui, sans-serif; }
      svg.plot .axis line, svg.plot .axis path { stroke: #999; } svg.plot .grid line { stroke: #eee; }
      svg.plot .data polyline { fill: none; stroke-width: 1.6; stroke-linejoin: round; }
      svg.plot .label { paint-order: stroke; stroke: #fff; stroke-width: 3px; font-weight: 600; }
      ul.legend { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 12px; }
      ul.legend span { display: inline-block; width: 14px; height: 4px; margin: 0 5px 3px 0; }
      ul.legend span.band { height: 10px; margin-bottom: 0; }
      pre { background: #f6f7f9; padding: 8px 12px; overflow-x: auto; font-size: 12px; }
      """;

  private static final String ERRORS = """
      (function () {
        var errors = [];
        function note(what) {
          errors.push(String(what));
          document.documentElement.setAttribute('data-errors', errors.join(' | '));
        }
        window.addEventListener('error', function (e) { note(e.message || e); });
        var consoleError = console.error;
        console.error = function () { note(Array.prototype.join.call(arguments, ' ')); consoleError.apply(console, arguments); };
      })();
      """;

  private static final String CHECK = """
      (function () {
        var plots = document.querySelectorAll('svg.plot');
        var empty = [];
        plots.forEach(function (svg) {
          var data = svg.querySelector('g.data');
          var box = data && data.childElementCount > 0 ? data.getBBox() : null;
          if (!box || (box.width <= 0 && box.height <= 0)) { empty.push(svg.id); }
        });
        var overlaps = [];
        plots.forEach(function (svg) {
          var texts = [];
          svg.querySelectorAll('text').forEach(function (t) {
            var r = t.getBoundingClientRect();
            if (r.width > 0 && r.height > 0) { texts.push({ r: r, words: t.textContent }); }
          });
          for (var i = 0; i < texts.length; i++) {
            for (var j = i + 1; j < texts.length; j++) {
              var a = texts[i].r, b = texts[j].r;
              if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
                overlaps.push(svg.id + ': ' + texts[i].words + ' / ' + texts[j].words);
              }
            }
          }
        });
        document.body.setAttribute('data-plots', String(plots.length));
        document.body.setAttribute('data-empty-plots', empty.join(' '));
        document.body.setAttribute('data-overlapping-text', overlaps.join(' | '));
      })();
      """;

  private Html() {}

  /** The whole page around {@code body}: a doctype, the style, the scripts; ends with a newline. */
  static String page(String title, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>" + escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n<script>\n" + ERRORS
        + "</script>\n</head>\n<body>\n" + body + "<script>\n" + CHECK + "</script>\n</body>\n</html>\n";
  }

  /** Text as HTML (and as SVG): {@code & < > "} escaped. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * A table whose first row is the header: the first column and those from {@code textFrom} on
   * (if >= 0) read left to right, the numbers between line up on the right.
   */
  static String table(List<String[]> rows, int textFrom) {
    StringBuilder b = new StringBuilder("<div class=\"wide\"><table>\n");
    for (int r = 0; r < rows.size(); r++) {
      String cell = r == 0 ? "th" : "td";
      b.append("<tr>");
      String[] row = rows.get(r);
      for (int c = 0; c < row.length; c++) {
        boolean text = c > 0 && textFrom >= 0 && c >= textFrom;
        b.append('<').append(cell).append(text ? " class=\"text\">" : ">").append(escape(row[c]))
            .append("</").append(cell).append('>');
      }
      b.append("</tr>\n");
    }
    return b.append("</table></div>\n").toString();
  }

  /** A legend of entries {name, colour, class of the swatch or null}: a band's swatch is taller than a line's. */
  static String legend(List<String[]> entries) {
    StringBuilder b = new StringBuilder("<ul class=\"legend\">");
    for (String[] e : entries) {
      b.append("<li><span ").append(e[2] == null ? "" : "class=\"" + e[2] + "\" ").append("style=\"background:")
          .append(e[1]).append("\"></span>").append(escape(e[0])).append("</li>");
    }
    return b.append("</ul>\n").toString();
  }

  static String colour(int index) {
    return PALETTE.get(index % PALETTE.size());
  }

  /** A section's heading; its id lets a link point at it. */
  static String section(String id, String title) {
    return "<h2 id=\"" + escape(id) + "\">" + escape(title) + "</h2>\n";
  }

  static String paragraph(String text, String cssClass) {
    return "<p" + (cssClass == null ? "" : " class=\"" + cssClass + "\"") + ">" + escape(text) + "</p>\n";
  }
}
