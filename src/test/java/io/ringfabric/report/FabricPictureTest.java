package io.ringfabric.report;

import static io.ringfabric.report.Pages.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.Series;
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

  private static String picture(Topology t, Series s) {
    return FabricPicture.html(t, HtmlReport.linkUse(t, Pages.sample("", 0).links(), s));
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
    String page = picture(t, Pages.series(t, 4, 0));
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
    String port = Html.escape(last.name().substring(0, last.name().indexOf(" -> ")));
    assertTrue(labels.contains("class=\"label\" text-anchor=\"middle\">" + port + " 100.0%</text>"), labels);
    int written = count(labels, "class=\"label\"");
    assertTrue(written >= 1 && written <= FabricPicture.LABELLED, labels);
    assertTrue(page.contains("<tr><td>" + Html.escape(last.name()) + "</td><td>100.0%</td></tr>"), page);
  }

  @Test
  void aTorusWrapsAtItsEdgesAndItsPartsHaveTheirPlaces() {
    Topology t = Pages.topology("torus", 4, 4);
    assertEquals(16, wraps(t));
    String data = Pages.data(Pages.svg(picture(t, Pages.series(t, 4, 0)), "fabric"));
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
  void withoutSamplesOnlyTheBusiestLinkResultsNameIsColoured() {
    Topology t = Pages.topology("torus", 4, 4);
    String page = FabricPicture.html(t, HtmlReport.linkUse(t, Pages.sample("node 15 -y -> node 11", 0.06).links(), null));
    String data = Pages.data(Pages.svg(page, "fabric"));
    assertEquals(64 + 16 - 1, count(data, "stroke=\"" + UNKNOWN + "\""), data);
    // The scale runs to 6% rounded up, 10%: 6% is 60% of the way, between the third and fourth stop.
    assertTrue(page.contains("10.0% busy"), page);
    assertTrue(data.contains("stroke=\"#f1a047\" stroke-width=\"2\"><title>node 15 -y -&gt; node 11: 6.0%"), data);
  }

  @Test
  void samplesMayNameLinksWhole() {
    Topology t = Pages.topology("ring", 6);
    Series byPort = Pages.series(t, 3, 0);
    List<Series.LinkSeries> whole = new ArrayList<>();
    for (int i = 0; i < t.links().size(); i++) {
      whole.add(new Series.LinkSeries(t.links().get(i).name(), byPort.links().get(i).utilisation()));
    }
    Series byName = new Series(byPort.intervalNs(), byPort.atNs(), byPort.puts(), byPort.gets(), byPort.bytes(),
        byPort.packetsInFabric(), byPort.rings(), 0, whole, 0);
    assertEquals(picture(t, byPort), picture(t, byName));
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
    String page = picture(t, Pages.series(t, 2, 0));
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
    String unknown = Pages.data(Pages.svg(picture(huge, null), "fabric"));
    int squares = count(unknown, SQUARE);
    assertTrue(squares >= 50 * 50 && squares <= 64 * 64, squares + " squares for 16,384 switches");
    assertTrue(unknown.contains("fill=\"" + UNKNOWN + "\"><title>" + squares + " square(s), busiest link leaving them not known"), unknown);
  }
}
