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
 * <p>{@code -XX:G1ConcRefinementThreads=0}: G1's refinement threads rescan the cards that a store
 * of a young object into an old one dirties, and the model does that at every event (an event into
 * a part's queue, a packet into a switch's buffer). On 2 cores that took the actor engine's second
 * lane its core ({@code top -H} at 1,024 nodes: the refinement thread at half a core for the whole
 * run, and two lanes no faster than one). Left dirty, the cards are scanned once at the next
 * collection, and a card already dirty costs the next store nothing. Measured paired (docs/performance-log.md,
 * the README's former Performance section).
 *
 * <p>The collector stays G1, the JVM's default: the parallel collector ran runs 10-20% faster, but
 * its old generation is a fixed part of the heap, and a 16,384-node machine that G1 holds in
 * {@code -Xmx2g} ran out of it (docs/performance-log.md). Users with heap to spare may choose it.
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

  /** {@link #OPTIONS}, and {@link #HUGE_PAGES} where this host's kernel offers them. */
  static List<String> options() {
    List<String> options = new ArrayList<>(OPTIONS);
    try {
      if (offersHugePages(Files.readString(HUGE_PAGES_SETTING))) {
        options.add(HUGE_PAGES);
      }
    } catch (IOException | RuntimeException notLinux) {
      // no such setting: no huge pages to ask for
    }
    return options;
  }

  /** {@link #options()} not already in {@code own}, then {@code own}: ours first, so that the user's win. */
  static List<String> before(List<String> own) {
    List<String> all = new ArrayList<>();
    for (String option : options()) {
      if (!own.contains(option)) {
        all.add(option);
      }
    }
    all.addAll(own);
    return all;
  }
}
