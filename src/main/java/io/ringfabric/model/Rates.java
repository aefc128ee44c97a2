package io.ringfabric.model;

import java.math.BigInteger;

/** Time to move bytes at a rate, in whole picoseconds (rounded up), without overflow. */
public final class Rates {
  private static final long PS_PER_SECOND = 1_000_000_000_000L;

  private Rates() {}

  /** Picoseconds to move {@code bytes} at {@code bitsPerSecond}. */
  public static long transferPs(long bytes, long bitsPerSecond) {
    if (bytes == 0) {
      return 0;
    }
    long bits = bytes * 8;
    long hi = Math.multiplyHigh(bits, PS_PER_SECOND);
    if (hi == 0 && bits * PS_PER_SECOND >= 0) {
      long n = bits * PS_PER_SECOND;
      return n / bitsPerSecond + (n % bitsPerSecond == 0 ? 0 : 1);
    }
    BigInteger[] qr = BigInteger.valueOf(bits).multiply(BigInteger.valueOf(PS_PER_SECOND))
        .divideAndRemainder(BigInteger.valueOf(bitsPerSecond));
    return qr[0].longValueExact() + (qr[1].signum() == 0 ? 0 : 1);
  }
}
