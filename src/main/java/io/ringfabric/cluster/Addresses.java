package io.ringfabric.cluster;

import org.apache.pekko.actor.Address;
import java.util.List;
import java.util.function.Function;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;

/** Members' addresses as ringfabric names them ({@code host:port}), and what cluster events say of them. */
final class Addresses {
  private Addresses() {}

  static String of(Address address) {
    return address.getHost().orElse("local") + ":" + address.getPort().map(String::valueOf).orElse("0");
  }

  static String hostOf(String address) {
    return address.substring(0, address.lastIndexOf(':'));
  }

  static int portOf(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
  }

  /** Subscribes the actor to members leaving and becoming unreachable, wrapped by {@code wrap}. */
  static <T> void watch(ActorContext<T> ctx, Function<ClusterEvent.ClusterDomainEvent, T> wrap) {
    var subscriptions = Cluster.get(ctx.getSystem()).subscriptions();
    subscriptions.tell(Subscribe.create(
        ctx.messageAdapter(ClusterEvent.MemberEvent.class, wrap::apply), ClusterEvent.MemberEvent.class));
    subscriptions.tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, wrap::apply),
        ClusterEvent.ReachabilityEvent.class));
  }

  /** The member a cluster event says is gone or cannot be reached, or null for any other event. */
  static String gone(ClusterEvent.ClusterDomainEvent event) {
    if (event instanceof ClusterEvent.UnreachableMember u) {
      return of(u.member().address());
    }
    if (event instanceof ClusterEvent.MemberLeft
        || event instanceof ClusterEvent.MemberExited
        || event instanceof ClusterEvent.MemberRemoved
        || event instanceof ClusterEvent.MemberDowned) {
      return of(((ClusterEvent.MemberEvent) event).member().address());
    }
    return null;
  }

  /** What happened to it, in words. */
  static String how(ClusterEvent.ClusterDomainEvent event) {
    if (event instanceof ClusterEvent.UnreachableMember) {
      return HOW.get(0);
    }
    if (event instanceof ClusterEvent.MemberDowned) {
      return HOW.get(1);
    }
    if (event instanceof ClusterEvent.MemberRemoved) {
      return HOW.get(2);
    }
    return HOW.get(3);
  }

  /** The words {@link #how} says a member went in. */
  static final List<String> HOW = List.of("became unreachable", "was marked down", "was removed from the cluster",
      "left the cluster");
}
