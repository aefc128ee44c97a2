package io.ringfabric.engine;

import io.ringfabric.model.EngineRun;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The coordinators of one member's lanes (see {@link Guardian#spawnLanes}), and the end of their
 * run: every lane's, merged, or the first lane's failure that was not only an echo of another's.
 */
public final class Lanes {
  private final List<ActorRef<Coordinator.Command>> coordinators;
  private final List<CompletableFuture<EngineRun>> runs; // by lane
  private final CompletableFuture<EngineRun> done;
  private final int[][] linkedParts; // by part, the parts it shares a link with
  private final byte[] colours; // by part, or null: see Coordinator.Peers

  Lanes(List<ActorRef<Coordinator.Command>> coordinators, List<CompletableFuture<EngineRun>> runs,
      int[][] linkedParts, byte[] colours) {
    this.linkedParts = linkedParts;
    this.colours = colours;
    this.coordinators = List.copyOf(coordinators);
    this.runs = List.copyOf(runs);
    this.done = all(runs);
  }

  /** The coordinators, by lane. */
  public List<ActorRef<Coordinator.Command>> coordinators() {
    return coordinators;
  }

  /** Completes when every lane has: with their runs merged, or with the first real failure. */
  public CompletableFuture<EngineRun> done() {
    return done;
  }

  /**
   * A coordinator of these lanes stopped (its parent watches them): if it had not finished, it
   * failed in a way it could not report, and its lane's run fails with that rather than hang.
   */
  public void stopped(ActorRef<?> coordinator) {
    int lane = coordinators.indexOf(coordinator);
    if (lane < 0 || runs.get(lane).isDone()) {
      return;
    }
    String why = "the coordinator of lane " + lane
        + " stopped before the run ended (a fault in the engine; the log above has its cause)";
    runs.get(lane).completeExceptionally(new EngineAborted(why));
    for (ActorRef<Coordinator.Command> other : coordinators) { // they would wait for its window
      other.tell(new Coordinator.Abort("lane " + lane, why));
    }
  }

  /** The lane of the {@code i}-th of a member's {@code count} parts (ascending): contiguous blocks. */
  static int laneOf(int i, int count, int lanes) {
    return (int) ((long) i * lanes / count);
  }

  /**
   * Tells this member's coordinators who all the coordinators of the run are, which starts them.
   *
   * @param memberOf the member that runs each part
   * @param member this member's index
   * @param byMember every member's coordinators, by member (this member's included)
   */
  public void connect(int[] memberOf, int member, List<List<ActorRef<Coordinator.Command>>> byMember) {
    int[] lanes = new int[byMember.size()];
    List<ActorRef<Coordinator.Command>> all = new ArrayList<>();
    int first = 0;
    for (int m = 0; m < lanes.length; m++) {
      lanes[m] = byMember.get(m).size();
      first += m < member ? lanes[m] : 0;
      all.addAll(byMember.get(m));
    }
    List<Share> shares = Share.ofLanes(memberOf, lanes);
    List<List<Integer>> neighbours = new ArrayList<>();
    boolean everyoneNeighbours = true; // then each hears every other's earliest time directly
    for (Share share : shares) {
      neighbours.add(share.neighbours(linkedParts));
      everyoneNeighbours &= neighbours.get(share.holder()).size() == share.holders() - 1;
    }
    for (int l = 0; l < coordinators.size(); l++) {
      int c = first + l;
      coordinators.get(l).tell(new Coordinator.Peers(all, shares.get(c), neighbours.get(c),
          !everyoneNeighbours, colours));
    }
  }

  private static CompletableFuture<EngineRun> all(List<CompletableFuture<EngineRun>> lanes) {
    CompletableFuture<EngineRun> done = new CompletableFuture<>();
    CompletableFuture.allOf(lanes.toArray(CompletableFuture[]::new)).whenComplete((ignored, failure) -> {
      Throwable first = null;
      List<EngineRun> runs = new ArrayList<>();
      for (CompletableFuture<EngineRun> lane : lanes) {
        try {
          runs.add(lane.join());
        } catch (CompletionException e) {
          Throwable cause = e.getCause();
          if (first == null || first instanceof EngineAborted.Echo && !(cause instanceof EngineAborted.Echo)) {
            first = cause;
          }
        }
      }
      if (first != null) {
        done.completeExceptionally(first);
      } else {
        done.complete(EngineRun.merge(ActorEngine.NAME, runs));
      }
    });
    return done;
  }
}
