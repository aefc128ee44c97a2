package io.ringfabric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HeapAdviceTest {
  @Test
  void sizesRoundUpToWholeGigabytesFromOneUp() {
    assertEquals("96m", HeapAdvice.size(96L << 20));
    assertEquals("1m", HeapAdvice.size(1));
    assertEquals("1023m", HeapAdvice.size((1023L << 20) - 5));
    assertEquals("1g", HeapAdvice.size(1L << 30));
    assertEquals("2g", HeapAdvice.size((1L << 30) + 1));
    assertEquals("4g", HeapAdvice.size(4L << 30));
  }
}
