package io.ringfabric.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options every JVM that ringfabric starts gets before the user's own: {@code bin/ringfabric}
 * (the same words, checked by a test), {@code bench}'s measuring JVMs and {@code cluster local}'s
 * members. None changes a result; the user's options come after them, and the JVM takes the last.
 *
 * <p>{@link #COLLECTOR}, the parallel collector, unless the user's options choose a collector
 * (the JVM refuses two): G1's write barrier runs at every store of a young object into an old one,
 * and the model does that at every event, so the same runs take 0.78-0.94 of G1's time with it (the
 * 8x8 BookSim set-up, the 1,024-node bench scenario, 64x64; docs/performance-log.md,
 * 2026-12-05). Its young generation is a ninth of the heap ({@code -XX:NewRatio=8}), so that the
 * old one holds about what G1 holds in the same heap (the 4,096-node bench scenario needs 460 MB
 * of heap with it, 440 with G1; with the default third, a 16,384-node machine that G1 held in two
 * members of {@code -Xmx2g} ran out of heap). And the heap is at its maximum from the start
 * ({@code -XX:InitialRAMPercentage=100}: the JVM caps it at {@code -Xmx}): grown as the machine is
 * built, the old generation grew by full collections, seconds of them at 4,096 nodes.
 *
 * <p>{@code -XX:G1ConcRefinementThreads=0}, for a user who chooses G1: G1's refinement threads
 * rescan the cards that a store of a young object into an old one dirties, and the model does that
 * at every event (an event into a part's queue, a packet into a switch's buffer). On 2 cores that
 * took the actor engine's second lane its core ({@code top -H} at 1,024 nodes: the refinement
 * thread at half a core for the whole run, and two lanes no faster than one). Left dirty, the
 * cards are scanned once at the next collection, and a card already dirty costs the next store
 * nothing. Measured paired (docs/performance-log.md, the README's former Performance section).
 *
 * <p>{@code -XX:CompileCommand=dontinline} for the two methods a core runs a process's program
 * through ({@link #NOT_INLINED}): otherwise the JIT's server compiler copies the whole program
 * path (the program's callbacks, the doorbell, the poll) into each of the several compiled units
 * that reach it, 40-45 kB of machine code each, compiled one after the other on this host's one
 * compiler thread while the run goes on in slower code. Kept apart, each is compiled once. A run
 * of 400 us, as long as a short study, was half warm-up (docs/performance-log.md).
 *
 * <p>{@code -XX:+UseTransparentHugePages}, where the kernel offers them ({@code always} or
 * {@code madvise}): a big machine's state is hundreds of MB read at random, and on this project's
 * host a read that misses the cache costs a fifth less when the heap is on 2 MB pages (the TLB
 * misses go). Without the kernel's support the JVM would print a warning on stdout, so it is not
 * asked for then. Measured paired (docs/performance-log.md, At scale).
 */
final class JvmTuning {
  /** The methods the JIT is told not to inline, as {@code Class::method} of package {@code io.ringfabric.model}. */
  static final List<String> NOT_INLINED = List.of("CoreSharing::catchUp", "Core::execute");

  /** Before the user's options, always. */
  static final List<String> OPTIONS = options(NOT_INLINED);

  /** Before the user's options, unless they choose a collector themselves. */
  static final List<String> COLLECTOR = List.of("-XX:+UseParallelGC", "-XX:NewRatio=8", "-XX:InitialRAMPercentage=100");

  /** Before the user's options, where {@link #offersHugePages} says the kernel has them. */
  static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

  /** The kernel's setting that says whether, and for whom, it backs memory with huge pages. */
  static final Path HUGE_PAGES_SETTING = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

  private JvmTuning() {}

  /** Whether the kernel's setting (its text, e.g. {@code always [madvise] never}) lets a JVM ask for huge pages. */
  static boolean offersHugePages(String setting) {
    return setting.contains("[always]") || setting.contains("[madvise]");
  }

  private static List<String> options(List<String> notInlined) {
    List<String> options = new ArrayList<>(List.of("-XX:G1ConcRefinementThreads=0", "-XX:CompileCommand=quiet"));
    for (String method : notInlined) {
      options.add("-XX:CompileCommand=dontinline,io.ringfabric.model." + method);
    }
    return List.copyOf(options);
  }

  /** Whether {@code option} chooses a collector ({@code -XX:+UseG1GC}, {@code -XX:+UseSerialGC}, ...). */
  static boolean choosesCollector(String option) {
    return option.startsWith("-XX:+Use") && option.endsWith("GC");
  }

  /** {@link #COLLECTOR}, {@link #OPTIONS}, and {@link #HUGE_PAGES} where this host's kernel offers them. */
  static List<String> options() {
    List<String> options = new ArrayList<>(COLLECTOR);
    options.addAll(OPTIONS);
    try {
      if (offersHugePages(Files.readString(HUGE_PAGES_SETTING))) {
        options.add(HUGE_PAGES);
      }
    } catch (IOException | RuntimeException notLinux) {
      // no such setting: no huge pages to ask for
    }
    return options;
  }

  /**
   * {@link #options()} not already in {@code own}, then {@code own}: ours first, so that the user's
   * win; without {@link #COLLECTOR} when own chooses a collector.
   */
  static List<String> before(List<String> own) {
    boolean ownCollector = own.stream().anyMatch(JvmTuning::choosesCollector);
    List<String> all = new ArrayList<>();
    for (String option : options()) {
      if (!own.contains(option) && !(ownCollector && COLLECTOR.contains(option))) {
        all.add(option);
      }
    }
    all.addAll(own);
    return all;
  }
}
