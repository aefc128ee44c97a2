package io.ringfabric.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the labels of the busiest links go in the fabric's picture: each beside the middle of its
 * link, its box a few pixels off the line, on the link's own side or else on the other, inside
 * the picture, clear of the switches and of the labels placed before it, and where it can be, clear
 * of the node numbers. Where no place near the middle keeps clear of the numbers, the label keeps
 * its place and the numbers under it are left out ({@link #free}); where none keeps clear of the
 * switches and other labels, the link is not labelled (the table under the picture has it).
 *
 * <p>Boxes are estimated from the text: 11 px text takes about {@value #CHAR} px a character (DejaVu
 * Sans, what a Linux browser draws system-ui with, is one of the wider faces) and {@value #ASCENT}
 * px above its baseline, {@value #DESCENT} below. The browser test measures the boxes as drawn.
 */
final class Labels {
  static final double CHAR = 7.2;
  static final double ASCENT = 10;
  static final double DESCENT = 3;
  /** How far a label's box may be from its link's middle: the farthest gap across and shift along. */
  static final double NEAR = Math.hypot(9, 15);
  /** Gaps tried between the line and the label's box, nearest first. */
  private static final double[] OFF = {3, 5, 7, 9};
  /** Shifts along the link tried, nearest first. */
  private static final double[] ALONG = {0, 3, -3, 6, -6, 9, -9, 12, -12, 15, -15};

  /** A label as written: its text centred on x, its baseline, and its box x0, y0, x1, y1. */
  record Placed(String text, double x, double baseline, double[] box) {}

  private final double width;
  private final double height;
  private final List<double[]> switches = new ArrayList<>();
  private final List<double[]> numbers = new ArrayList<>();
  private final List<Placed> placed = new ArrayList<>();

  Labels(double width, double height) {
    this.width = width;
    this.height = height;
  }

  /** The box of {@code text} written centred on {@code x} at {@code baseline}. */
  static double[] box(String text, double x, double baseline) {
    double half = text.length() * CHAR / 2;
    return new double[] {x - half, baseline - ASCENT, x + half, baseline + DESCENT};
  }

  /** A switch's square, which no label covers. */
  void avoidSwitch(double x0, double y0, double x1, double y1) {
    switches.add(new double[] {x0, y0, x1, y1});
  }

  /** A node number's box, which labels keep clear of where they can. */
  void avoidNumber(double[] box) {
    numbers.add(box);
  }

  /**
   * Places {@code text} beside the middle ({@code x}, {@code y}) of a line running ({@code dx},
   * {@code dy}) (a unit step); false where nothing near the middle is free.
   */
  boolean place(String text, double x, double y, double dx, double dy) {
    double w = text.length() * CHAR;
    double h = ASCENT + DESCENT;
    double nx = -dy; // the line's own side, as FabricPicture draws it: its right-hand side, y pointing down
    double ny = dx;
    for (boolean clearOfNumbers : new boolean[] {true, false}) {
      for (double off : OFF) {
        for (double along : ALONG) {
          for (int side : new int[] {1, -1}) {
            // The box's corner (or edge, beside a level or upright line) nearest the line, off px from its middle.
            double cx = x + side * nx * off + along * dx + Math.signum(Math.rint(side * nx * 1e9)) * w / 2;
            double cy = y + side * ny * off + along * dy + Math.signum(Math.rint(side * ny * 1e9)) * h / 2;
            double[] box = {cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2};
            if (fits(box, clearOfNumbers)) {
              placed.add(new Placed(text, cx, cy + h / 2 - DESCENT, box));
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  private boolean fits(double[] box, boolean clearOfNumbers) {
    if (box[0] < 0 || box[1] < 0 || box[2] > width || box[3] > height) {
      return false;
    }
    for (double[] o : switches) {
      if (overlap(box, o)) {
        return false;
      }
    }
    if (clearOfNumbers) {
      for (double[] o : numbers) {
        if (overlap(box, o)) {
          return false;
        }
      }
    }
    return free(box);
  }

  /** Whether {@code box} is clear of every label placed. */
  boolean free(double[] box) {
    for (Placed p : placed) {
      if (overlap(box, p.box())) {
        return false;
      }
    }
    return true;
  }

  List<Placed> placed() {
    return placed;
  }

  static boolean overlap(double[] a, double[] b) {
    return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  }
}
