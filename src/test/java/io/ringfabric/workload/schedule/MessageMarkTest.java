package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The marks a rank writes read back as the trace query reads them. */
class MessageMarkTest {
  @Test
  void everyMarkReadsBackAsWritten() {
    String message = MessageMark.message(new Envelope(3, 7, 1000, 2), 0);
    assertEquals("3->0#2", message);
    assertEquals(new MessageMark("send", "3:l7", null, 0, 7, 1000, 0, 0),
        MessageMark.parse(MessageMark.send("3:l7", 0, 7, 1000)));
    assertEquals(new MessageMark("put", "3:l7", message, -1, 0, 0, 4, 5),
        MessageMark.parse(MessageMark.put("3:l7", message, 4, 5)));
    assertEquals(new MessageMark("sent", "3:l7", message, -1, 0, 0, 0, 0),
        MessageMark.parse(MessageMark.sent("3:l7", message)));
    assertEquals(new MessageMark("recv", "0:l2", null, -1, -1, 1000, 0, 0),
        MessageMark.parse(MessageMark.recv("0:l2", -1, -1, 1000)));
    assertEquals(new MessageMark("get", null, message, -1, 0, 0, 1, 5),
        MessageMark.parse(MessageMark.get(message, 1, 5)));
    assertEquals(new MessageMark("match", "0:l2", message, -1, 7, 1000, 0, 0),
        MessageMark.parse(MessageMark.match("0:l2", message, 7, 1000)));
  }

  @Test
  void anOperationIsRankAndLabelOrItsPlace() {
    assertEquals("3:l7", MessageMark.opName(3, "l7", 6));
    assertEquals("3:#12", MessageMark.opName(3, null, 11));
    assertEquals(3, MessageMark.rankOf("3:#12"));
    assertEquals(-1, MessageMark.rankOf("x:l7"));
    assertEquals(-1, MessageMark.rankOf("3:"));
  }

  @Test
  void anotherProgramsMarkIsNoneOfThese() {
    assertNull(MessageMark.parse("checkpoint reached"));
    assertNull(MessageMark.parse("send 3:l7 to x"));
    assertNull(MessageMark.parse("put x:l7 message 3->0#2 element 1/5"));
    assertNull(MessageMark.parse(null));
  }
}
