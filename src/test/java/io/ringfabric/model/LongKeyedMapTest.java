package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LongKeyedMapTest {
  @Test
  void holdsWhatWasPutThroughGrowingAsAHashMapDoes() {
    LongKeyedMap<String> map = new LongKeyedMap<>();
    Map<Long, String> expected = new HashMap<>();
    SplitMix64 random = new SplitMix64(7);
    for (int i = 0; i < 5000; i++) {
      long key = i % 3 == 0 ? (long) (i % 97) << 32 | (i % 64) : random.nextLong();
      map.put(key, "v" + i);
      expected.put(key, "v" + i);
    }
    assertEquals(expected.size(), map.size());
    expected.forEach((k, v) -> assertEquals(v, map.get(k)));
    assertNull(map.get(123_456_789_000L));
  }

  @Test
  void aKeyPutAgainKeepsItsSlotAndTakesTheNewValue() {
    LongKeyedMap<Integer> map = new LongKeyedMap<>();
    map.put(-1L, 1);
    map.put(0L, 2);
    map.put(-1L, 3);
    assertEquals(2, map.size());
    assertEquals(3, map.get(-1L));
    assertEquals(2, map.get(0L));
    assertThrows(IllegalArgumentException.class, () -> map.put(Long.MIN_VALUE, 4));
  }
}
