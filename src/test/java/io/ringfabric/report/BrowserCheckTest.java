package io.ringfabric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.Main;
import io.ringfabric.stats.Series;
import io.ringfabric.stats.SweepTable;
import io.ringfabric.topology.Topology;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages as a browser draws them: headless Chromium opens each one from a file, runs its
 * check script, and gives back the page as it then stands ({@code --dump-dom}). Every picture must
 * have marks of some extent, no script may have failed, and nothing may reach the console.
 * Each page's texts must not overlap as drawn (tick labels, labels and node numbers), and each
 * page is left as a screenshot 1,400 px wide in {@code target/browser-check/}, to look at.
 * Without Chromium (Debian's {@code chromium}; {@code RINGFABRIC_CHROMIUM} names another binary)
 * the tests are skipped, saying so.
 */
@Tag("browser")
class BrowserCheckTest {
  private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");
  private static final Optional<Path> CHROMIUM = find(System.getenv("RINGFABRIC_CHROMIUM"), System.getenv("PATH"));

  /** Screenshots are this wide, and tall enough for the pages' pictures. */
  static final int WIDTH = 1400;
  private static final int HEIGHT = 4200;
  private static final Path SHOTS = Path.of("target", "browser-check");

  @TempDir Path dir;

  /** Each test is skipped on its own, so that the report lists every one as skipped, and why. */
  @BeforeEach
  void needsChromium() {
    Assumptions.assumeTrue(CHROMIUM.isPresent(), "chromium not found (looked for " + String.join(", ", NAMES)
        + " on the PATH, and RINGFABRIC_CHROMIUM): the HTML pages were NOT checked in a browser;"
        + " apt-get install chromium");
  }

  private static Optional<Path> find(String given, String path) {
    if (given != null && !given.isEmpty()) {
      return Optional.of(Path.of(given)).filter(Files::isExecutable);
    }
    for (String d : (path == null ? "" : path).split(File.pathSeparator)) {
      for (String name : NAMES) {
        Path p = Path.of(d.isEmpty() ? "." : d, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  @Test
  void theReportOfARealRunDrawsEveryPlot() throws Exception {
    Path out = dir.resolve("run");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int code = Main.execute(new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of(),
        "run", "conf/ringfabric.conf", "--set", "duration=300us", "--engine", "reference", "--out", out.toString());
    assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
    assertEquals(List.of("latency-percentiles", "ops-over-time", "payload-over-time", "queued-over-time",
        "rings-over-time", "links-over-time", "fabric"), check(out.resolve("report.html"), "run"));
  }

  @Test
  void aSampledReportDrawsEveryPlotAndABigFabricItsHeatMap() throws Exception {
    Topology torus = Pages.topology("torus", 8, 8);
    Path small = write("sampled.html", HtmlReport.render(Pages.sample(torus), Pages.series(torus, 600, 20), torus));
    assertEquals(List.of("latency-percentiles", "ops-over-time", "payload-over-time", "queued-over-time",
        "rings-over-time", "links-over-time", "fabric"), check(small, "sampled-8x8"));
    Topology big = Pages.topology("torus", 32, 32);
    Path heat = write("heat.html", HtmlReport.render(Pages.sample(big), Pages.series(big, 20, 1024), big));
    assertEquals(7, check(heat, "heat-32x32").size());
  }

  /** A 16x16 torus keeps the time series of 256 of its 1,024 links; its picture colours them all. */
  @Test
  void aTorusOfWhichOnlySomeLinksKeepATimeSeriesIsColouredWhole() throws Exception {
    Topology t = Pages.topology("torus", 16, 16);
    Series all = Pages.series(t, 200, 300);
    Series s = new Series(all.intervalNs(), all.atNs(), all.puts(), all.gets(), all.bytes(), all.packetsInFabric(),
        all.rings().subList(44, 300), 44, all.links().subList(768, 1024), 768);
    String page = HtmlReport.render(Pages.sample(t), s, t);
    assertEquals(7, check(write("torus16.html", page), "torus-16x16").size());
    assertFalse(page.contains("not known"), "every link coloured");
  }

  @Test
  void aSweepPageDrawsEveryPlot() throws Exception {
    SweepTable t = new SweepTable(List.of("defaults.put-stream.arrival.interval", "fabric.flow-control"));
    List<String> intervals = List.of("480us", "120us", "80us", "64us", "56us", "50us", "44us", "36us", "24us");
    for (int i = 0; i < intervals.size(); i++) {
      double offered = 240.0 / Double.parseDouble(intervals.get(i).replace("us", "")) * 64;
      t.add(List.of(intervals.get(i), "credit"), Pages.loaded(offered, Math.min(offered, 160), 2500 * (1 + i * i)));
      t.add(List.of(intervals.get(i), "none"), i == 4 ? Pages.without(Pages.loaded(offered, offered, 0), "put")
          : Pages.loaded(offered, Math.min(offered, 230), 2400 * (1 + i * i / 2.0)));
    }
    List<String> drawn = check(write("sweep.html", SweepPage.render(t)), "sweep");
    assertTrue(drawn.containsAll(List.of("latency-load", "accepted-load", "sweep-opsPerUs", "sweep-put_p99_ns")),
        drawn.toString());
  }

  @Test
  void theCheckSeesAnEmptyPictureAScriptErrorAndTheConsole() throws Exception {
    String body = "<svg class=\"plot\" id=\"empty\" width=\"10\" height=\"10\"><g class=\"data\"></g></svg>\n"
        + "<svg class=\"plot\" id=\"drawn\" width=\"10\" height=\"10\"><g class=\"data\"><rect width=\"4\" height=\"4\"/></g></svg>\n"
        + "<svg class=\"plot\" id=\"crowded\" width=\"90\" height=\"30\"><g class=\"data\"><rect width=\"4\" height=\"4\"/></g>"
        + "<text x=\"5\" y=\"20\">480us</text><text x=\"30\" y=\"20\">120us</text><text x=\"70\" y=\"20\">8</text></svg>\n"
        + "<script>console.log('hello'); noSuchFunction();</script>\n";
    Drawn d = open(write("broken.html", Html.page("broken", body)));
    assertEquals("3", d.plots());
    assertEquals("empty", d.empty());
    assertEquals("crowded: 480us / 120us", d.overlapping(), "labels that run together; 8 is clear of them");
    assertTrue(d.errors().contains("noSuchFunction"), d.errors());
    assertTrue(d.console().stream().anyMatch(l -> l.contains("hello")), d.console().toString());
  }

  private Path write(String name, String page) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, page);
    return file;
  }

  /**
   * What the page's check script found once Chromium drew the page: how many pictures (null if
   * the script did not run), the ids of those drawn empty, the script errors, and every line the
   * page wrote to the console.
   */
  private record Drawn(String plots, String empty, String overlapping, String errors, List<String> console) {}

  private Drawn open(Path page) throws Exception {
    Path err = dir.resolve(page.getFileName() + ".stderr");
    Process p = new ProcessBuilder(CHROMIUM.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0", "--dump-dom",
        page.toUri().toString())
        .redirectError(err.toFile())
        .start();
    p.getOutputStream().close();
    String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
    String log = Files.readString(err);
    assertEquals(0, p.exitValue(), log);
    Matcher body = Pattern.compile("<body data-plots=\"(\\d+)\" data-empty-plots=\"([^\"]*)\""
        + " data-overlapping-text=\"([^\"]*)\">").matcher(dom);
    Matcher html = Pattern.compile("<html[^>]*>").matcher(dom);
    Matcher errors = Pattern.compile("data-errors=\"([^\"]*)\"").matcher(html.find() ? html.group() : "");
    List<String> console = new ArrayList<>();
    for (String line : log.split("\n")) {
      if (line.contains(":CONSOLE")) {
        console.add(line);
      }
    }
    boolean checked = body.find();
    return new Drawn(checked ? body.group(1) : null, checked ? body.group(2) : null, checked ? body.group(3) : null,
        errors.find() ? errors.group(1) : "", console);
  }

  /**
   * Opens {@code page} in headless Chromium and checks it as drawn; returns the ids of its
   * pictures, every one of which the page's check script found drawn, with no two texts of a
   * picture on top of each other. Leaves a screenshot of the page at {@value #WIDTH} px wide as
   * {@code target/browser-check/<name>.png}, for a person to look at.
   */
  private List<String> check(Path page, String name) throws Exception {
    List<String> ids = Pages.plotIds(Files.readString(page));
    assertFalse(ids.isEmpty(), "a page without pictures checks nothing");
    Drawn d = open(page);
    assertEquals(Integer.toString(ids.size()), d.plots(), "pictures the browser found (null: the check did not run)");
    assertEquals("", d.empty(), "pictures drawn empty");
    assertEquals("", d.overlapping(), "texts drawn over each other");
    assertEquals("", d.errors(), "script errors");
    assertEquals(List.of(), d.console(), "the page said something on the console");
    screenshot(page, SHOTS.resolve(name + ".png"));
    return ids;
  }

  private void screenshot(Path page, Path png) throws Exception {
    Files.createDirectories(png.getParent());
    Files.deleteIfExists(png);
    Process p = new ProcessBuilder(CHROMIUM.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--hide-scrollbars", "--user-data-dir=" + dir.resolve("profile"), "--window-size=" + WIDTH + "," + HEIGHT,
        "--screenshot=" + png.toAbsolutePath(), page.toUri().toString())
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(png.getFileName() + ".log").toFile())
        .start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish the screenshot");
    assertTrue(Files.size(png) > 10_000, "a screenshot of " + page + ": " + Files.size(png) + " bytes");
  }
}
