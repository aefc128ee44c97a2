package io.ringfabric.workload.schedule;

import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.Collectives.Settings;
import java.io.BufferedWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Measures by hand what a schedule costs in heap: writes the linear alltoall of RANKS ranks (default
 * 1,024, Schedgen's 2.1 M-line, 59 MB file) as GOAL, parses it back and prints the heap it holds
 * per op. Run: {@code java -cp target/classes:target/test-classes
 * io.ringfabric.workload.schedule.ScheduleMemoryMain [RANKS]}.
 */
public final class ScheduleMemoryMain {
  private ScheduleMemoryMain() {}

  public static void main(String[] args) throws Exception {
    int ranks = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
    Path file = Files.createTempFile("alltoall", ".goal");
    try {
      long base = used();
      long t0 = System.nanoTime();
      Schedule generated = Collectives.generate(Pattern.ALLTOALL_LINEAR, new Settings(ranks, 65536, 1, 0, List.of()));
      long t1 = System.nanoTime();
      long generatedHeap = used() - base;
      try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.US_ASCII), 1 << 16)) {
        GoalWriter.write(generated, out);
      }
      long t2 = System.nanoTime();
      long ops = generated.size();
      generated = null;
      long lines;
      try (var s = Files.lines(file)) {
        lines = s.count();
      }
      System.out.printf("%d ranks: %,d ops, GOAL file %,d lines, %,d bytes; generated in %.2f s, written in %.2f s%n",
          ranks, ops, lines, Files.size(file), (t1 - t0) / 1e9, (t2 - t1) / 1e9);
      System.out.printf("generated: %,d bytes held, %.1f B/op%n", generatedHeap, (double) generatedHeap / ops);
      long before = used();
      long t3 = System.nanoTime();
      Schedule parsed = GoalParser.parse(file);
      long t4 = System.nanoTime();
      long held = used() - before;
      System.out.printf("parsed in %.2f s: %,d bytes held, %.1f B/op; max heap %,d MB%n", (t4 - t3) / 1e9,
          held, (double) held / parsed.size(), Runtime.getRuntime().maxMemory() >> 20);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  static long used() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }
}
