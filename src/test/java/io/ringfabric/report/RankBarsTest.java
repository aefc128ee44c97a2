package io.ringfabric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RankBarsTest {
  private static final Pattern RECT = Pattern.compile("<rect x=\"([0-9.]+)\" y=\"[0-9.]+\" width=\"([0-9.]+)\"");

  @Test
  void eachRanksBarIsItsTimeCutByWhatItDid() {
    RunResult.Schedule s = new RunResult.Schedule("test", 2, 2, 4000.0, 0, List.of(), null, List.of(
        new RunResult.Rank(0, 0, 0, 4000.0, 1000, 2000, 1000, null),
        new RunResult.Rank(1, 1, 0, 2000.0, 2000, 0, 0, null)));
    String html = RankBars.html(s);
    var m = RECT.matcher(html);
    List<double[]> rects = new java.util.ArrayList<>();
    while (m.find()) {
      rects.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
    }
    assertEquals(4, rects.size(), html); // rank 1 did nothing but send: one segment
    double unit = rects.get(0)[1]; // rank 0 calculated 1 us, sent 1 us, received and waited 2 us
    assertEquals(unit, rects.get(1)[1], 0.11);
    assertEquals(2 * unit, rects.get(2)[1], 0.11);
    assertEquals(rects.get(0)[0] + unit, rects.get(1)[0], 0.11); // the segments follow each other
    assertEquals(2 * unit, rects.get(3)[1], 0.11);
    assertTrue(html.contains("<title>rank 1 (node 1): sending 2.000 us</title>"), html);
  }
}
