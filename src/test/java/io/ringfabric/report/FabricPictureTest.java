package io.ringfabric.report;

import static io.ringfabric.report.Pages.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.topology.TopologyFile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FabricPictureTest {
  private static final String UNKNOWN = "#d0d0d0";
  private static final String TOP = "#b2182b";
  /** One square of a heat map, in a path's d. */
  private static final String SQUARE = "M[0-9.]+ [0-9.]+h[0-9.]+v[0-9.]+h-[0-9.]+z";

  static List<Topology> shapes() {
    return List.of(
        Pages.topology("torus", 4, 4), Pages.topology("torus", 2, 3), Pages.topology("mesh", 4, 4),
        Pages.topology("mesh", 5, 1), Pages.topology("ring", 8), Pages.topology("star", 8),
        Pages.topology("fat-tree", 2, 3),
        Topologies.build(TopologyFile.parse("nodes 3\nswitches 4\nlink 0 3\nlink 1 3\nlink 2 3\nlink 0 1\n", "t.topo")));
  }

  /** The picture of {@code t} with link i busy (i + 1) / links of the time. */
  private static String picture(Topology t) {
    return FabricPicture.html(t, HtmlReport.linkUse(t, Pages.links(t)));
  }

  /** Links that wrap round a torus: between switches that are not grid neighbours that way. */
  private static int wraps(Topology t) {
    if (!t.spec().kind().equals("torus")) {
      return 0;
    }
    int sizeX = t.spec().dims().get(0);
    int n = 0;
    for (Topology.Link l : t.links()) {
      int step = switch (t.portName(l.fromSwitch(), l.fromPort())) {
        case "+x" -> 1;
        case "-x" -> -1;
        case "+y" -> sizeX;
        default -> -sizeX;
      };
      n += l.toSwitch() == l.fromSwitch() + step ? 0 : 1;
    }
    return n;
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void everyLinkIsDrawnWithItsUseAndEverySwitchMarked(Topology t) {
    String page = picture(t);
    String data = Pages.data(Pages.svg(page, "fabric"));
    assertEquals(t.links().size() + wraps(t), count(data, "<line "), t + ": a line per link, two stubs per wrap");
    assertEquals(t.switches(), count(data, "<rect "), t.toString());
    for (int i = 0; i < t.links().size(); i++) {
      Topology.Link l = t.links().get(i);
      assertTrue(data.contains("<title>" + Html.escape(l.name()) + ": " + FabricPicture.percent((i + 1.0) / t.links().size())
          + "</title>"), l.name());
    }
    // The busiest link, the last (busy all the time), has the colour of the scale's top.
    Topology.Link last = t.links().get(t.links().size() - 1);
    assertTrue(data.contains("stroke=\"" + TOP + "\" stroke-width=\"2\"><title>" + Html.escape(last.name()) + ": 100.0%"), data);
    // The busiest is labelled, by its switch and port; a label that would cover another is left out.
    String labels = page.substring(page.indexOf("<g class=\"labels\">"), page.indexOf("</svg>"));
    assertTrue(labels.contains("class=\"label\" text-anchor=\"middle\">" + Html.escape(labelOf(t, last)) + " 100.0%</text>"),
        labels);
    int written = count(labels, "class=\"label\"");
    assertTrue(written >= 1 && written <= FabricPicture.LABELLED, labels);
    assertTrue(page.contains("<tr><td>" + Html.escape(last.name()) + "</td><td>100.0%</td></tr>"), page);
  }

  static List<Topology> labelled() {
    return List.of(Pages.topology("torus", 8, 8), Pages.topology("torus", 16, 16), Pages.topology("mesh", 4, 4),
        Pages.topology("mesh", 12, 5), Pages.topology("ring", 8), Pages.topology("star", 8),
        Pages.topology("fat-tree", 2, 3), Pages.topology("torus", 32, 32));
  }

  /**
   * Each label sits beside the middle of its link's line (its box within {@link Labels#NEAR} px of
   * it) and covers no node number, no switch and no other label; the busiest link is labelled.
   * The busiest links are spread over the fabric, some wrapping round it.
   */
  @ParameterizedTest
  @MethodSource("labelled")
  void labelsSitBesideTheMiddleOfTheirLinksClearOfNodeNumbers(Topology t) {
    int n = t.links().size();
    double[] use = new double[n];
    for (int i = 0; i < n; i++) {
      use[i] = ((i * 37L) % n + 1.0) / n;
    }
    String svg = Pages.svg(FabricPicture.html(t, use), "fabric");
    String data = Pages.data(svg);
    String labels = svg.substring(svg.indexOf("<g class=\"labels\">"));
    Matcher label = Pattern.compile("<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" class=\"label\" text-anchor=\"middle\">"
        + "([^<]*) ([0-9.]+%)</text>").matcher(labels);
    List<double[]> boxes = new ArrayList<>();
    while (label.find()) {
      String text = label.group(3).replace("&gt;", ">");
      double[] box = Labels.box(text + " " + label.group(4), Double.parseDouble(label.group(1)),
          Double.parseDouble(label.group(2)));
      String link = linkOf(t, text);
      double[] line = lines(data, link).get(0);
      double mx = (line[0] + line[2]) / 2;
      double my = (line[1] + line[3]) / 2;
      double dx = Math.max(0, Math.max(box[0] - mx, mx - box[2]));
      double dy = Math.max(0, Math.max(box[1] - my, my - box[3]));
      assertTrue(Math.hypot(dx, dy) <= Labels.NEAR + 0.2, link + ": " + Math.hypot(dx, dy) + " px from its middle");
      for (double[] other : boxes) {
        assertFalse(Labels.overlap(box, other), link + " covers another label");
      }
      boxes.add(box);
    }
    assertFalse(boxes.isEmpty(), svg);
    Matcher number = Pattern.compile("<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" text-anchor=\"middle\" fill=\"#555\">(\\d+)</text>")
        .matcher(data);
    int numbers = 0;
    while (number.find()) {
      double[] box = Labels.box(number.group(3), Double.parseDouble(number.group(1)), Double.parseDouble(number.group(2)));
      numbers++;
      for (double[] l : boxes) {
        assertFalse(Labels.overlap(box, l), "a label covers node " + number.group(3));
      }
    }
    Matcher square = Pattern.compile("<rect x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"")
        .matcher(data);
    while (square.find()) {
      double x = Double.parseDouble(square.group(1));
      double y = Double.parseDouble(square.group(2));
      double[] box = {x, y, x + Double.parseDouble(square.group(3)), y + Double.parseDouble(square.group(4))};
      for (double[] l : boxes) {
        assertFalse(Labels.overlap(box, l), "a label covers a switch");
      }
    }
    // Where the numbers leave room, a label hides none of them, or a few (an 8x8 torus).
    if (t.spec().dims().equals(List.of(8, 8))) {
      assertTrue(numbers >= 60, numbers + " of 64 numbers: " + data);
      assertEquals(FabricPicture.LABELLED, boxes.size(), labels);
    }
  }

  /** The link a label names: by where it leaves ({@code node 3 +x}), or whole. */
  private static String linkOf(Topology t, String label) {
    for (Topology.Link l : t.links()) {
      if (labelOf(t, l).equals(label)) {
        return l.name();
      }
    }
    throw new AssertionError("no link " + label);
  }

  /** How a link is labelled: by where it leaves when no other link leaves there, else whole. */
  private static String labelOf(Topology t, Topology.Link link) {
    String from = link.name().substring(0, link.name().indexOf(" -> "));
    return t.links().stream().filter(l -> l.name().startsWith(from + " -> ")).count() == 1 ? from : link.name();
  }

  @Test
  void aTorusWrapsAtItsEdgesAndItsPartsHaveTheirPlaces() {
    Topology t = Pages.topology("torus", 4, 4);
    assertEquals(16, wraps(t));
    String data = Pages.data(Pages.svg(picture(t), "fabric"));
    // node 3 +x -> node 0 leaves node 3 to the right and enters node 0 from the left.
    List<double[]> stubs = lines(data, "node 3 +x -> node 0");
    assertEquals(2, stubs.size());
    FabricLayout at = FabricLayout.of(t);
    assertTrue(stubs.get(0)[2] > at.x()[3] && stubs.get(1)[0] < at.x()[0], "out to the right, in from the left");
    assertEquals(at.x()[1] - at.x()[0], at.spacing(), 1e-9);
    assertEquals(at.y()[4] - at.y()[0], at.spacing(), 1e-9);
  }

  /** The lines named {@code name}: x1, y1, x2, y2 of each. */
  private static List<double[]> lines(String data, String name) {
    Matcher m = Pattern.compile("<line x1=\"([-0-9.]+)\" y1=\"([-0-9.]+)\" x2=\"([-0-9.]+)\" y2=\"([-0-9.]+)\"[^>]*><title>"
        + Pattern.quote(Html.escape(name)) + ":").matcher(data);
    List<double[]> out = new ArrayList<>();
    while (m.find()) {
      out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
          Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))});
    }
    return out;
  }

  @Test
  void resultsWithoutEachLinksUseColourOnlyTheBusiestLink() {
    Topology t = Pages.topology("torus", 4, 4);
    String page = FabricPicture.html(t, HtmlReport.linkUse(t, Pages.sample("node 15 -y -> node 11", 0.06).links()));
    String data = Pages.data(Pages.svg(page, "fabric"));
    assertEquals(64 + 16 - 1, count(data, "stroke=\"" + UNKNOWN + "\""), data);
    // The scale runs to 6% rounded up, 10%: 6% is 60% of the way, between the third and fourth stop.
    assertTrue(page.contains("10.0% busy"), page);
    assertTrue(data.contains("stroke=\"#f1a047\" stroke-width=\"2\"><title>node 15 -y -&gt; node 11: 6.0%"), data);
  }

  /** Where switch {@code sw}'s square of a heat map starts. */
  private static String square(Topology t, int sw) {
    FabricLayout at = FabricLayout.of(t);
    return "M" + Svg.num(Math.floor(at.x()[sw] / at.spacing()) * at.spacing()) + " "
        + Svg.num(Math.floor(at.y()[sw] / at.spacing()) * at.spacing()) + "h";
  }

  @Test
  void aBigFabricIsAHeatMapOfAtMostAboutSixtyFourSquaresASide() {
    Topology t = Pages.topology("torus", 32, 32);
    String page = picture(t);
    String data = Pages.data(Pages.svg(page, "fabric"));
    assertEquals(1024, count(data, SQUARE), "a square per switch");
    assertEquals(0, count(data, "<rect "), "squares are paths, one per colour");
    int lines = count(data, "<line ");
    assertTrue(lines >= FabricPicture.LABELLED && lines <= 2 * FabricPicture.LABELLED, "only the busiest: " + lines);
    assertTrue(page.contains("4096 links, as a heat map"), page);
    // Node 1023's links are the busiest, 100%: its square has the top colour; node 0's, the least busy, the lowest.
    Matcher top = Pattern.compile("<path d=\"((?:" + SQUARE + ")+)\" fill=\"" + TOP
        + "\"><title>\\d+ square\\(s\\), busiest link leaving them about 100.0%</title>").matcher(data);
    assertTrue(top.find(), data);
    assertTrue(top.group(1).contains(square(t, 1023)) && !top.group(1).contains(square(t, 0)), top.group(1));
    assertTrue(data.startsWith("<g class=\"data\"><path d=\"" + square(t, 0)), data);

    Topology huge = Pages.topology("torus", 128, 128);
    String unknown = Pages.data(Pages.svg(FabricPicture.html(huge, HtmlReport.linkUse(huge, Pages.sample("", 0).links())),
        "fabric"));
    int squares = count(unknown, SQUARE);
    assertTrue(squares >= 50 * 50 && squares <= 64 * 64, squares + " squares for 16,384 switches");
    assertTrue(unknown.contains("fill=\"" + UNKNOWN + "\"><title>" + squares + " square(s), busiest link leaving them not known"), unknown);
  }
}
