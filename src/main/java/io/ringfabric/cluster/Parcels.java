package io.ringfabric.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;

/**
 * A member's results for a remote lead, written here with the serializer Pekko would use and cut
 * into pieces that fit the transport's frame ({@link PartPieces}), then read again by the lead.
 * The transport drops a message larger than its frame: at 4,096 nodes one member's time series
 * alone were several frames. Only for messages without actor references (the form has no
 * transport information to write them with).
 */
final class Parcels {
  private Parcels() {}

  /** {@code message} in pieces of at most {@code most} bytes: its serializer, manifest, then its bytes. */
  static List<byte[]> cut(ActorSystem<?> system, Object message, int most) {
    Serialization serialization = SerializationExtension.get(Adapter.toClassic(system));
    Serializer serializer = serialization.findSerializerFor(message);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(serializer.identifier());
      out.writeUTF(Serializers.manifestFor(serializer, message));
      out.write(serializer.toBinary(message));
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory cannot fail", e);
    }
    return PartPieces.cut(bytes.toByteArray(), most);
  }

  /** The message whose pieces, put together, are {@code whole}. */
  static Object open(ActorSystem<?> system, byte[] whole) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(whole))) {
      int serializer = in.readInt();
      String manifest = in.readUTF();
      byte[] body = in.readAllBytes();
      return SerializationExtension.get(Adapter.toClassic(system)).deserialize(body, serializer, manifest).get();
    } catch (IOException e) {
      throw new IllegalStateException("a parcel of " + whole.length + " bytes is cut short");
    }
  }
}
