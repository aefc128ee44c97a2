package io.ringfabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every relative link of the README and the guide in docs/ leads somewhere: a newcomer never meets a dead end. */
class DocsLinkTest {
  @TempDir Path dir;

  @Test
  void everyLinkOfTheReadmeAndTheGuideResolves() throws Exception {
    assertTrue(DocsLinks.guide(Path.of(".")).size() > 5, "README.md and docs/*.md not found");
    assertEquals(List.of(), DocsLinks.broken(Path.of(".")));
  }

  @Test
  void aMissingFileAnUnknownHeadingAndAPathOutsideAreEachFound() throws Exception {
    Files.createDirectories(dir.resolve("docs"));
    Files.writeString(dir.resolve("README.md"), String.join("\n",
        "# Top",
        "See [the guide](docs/guide.md#a-subject-heres-one), ![a picture](docs/gone.png) and <docs/guide.md>.",
        "Not a link: `[x](nowhere.md)`, nor <br>, nor [web](https://example.com/x.md).",
        "```",
        "[in code](nowhere.md)",
        "```",
        "[outside](../elsewhere.md) and [here](#top) and [no such](#bottom)"));
    Files.writeString(dir.resolve("docs/guide.md"), String.join("\n",
        "# The guide",
        "## A subject: here's one",
        "## Again",
        "## Again",
        "[back](../README.md#top), [the second](#again-1), [a third](#again-2), [a file](missing.conf#L3)"));
    assertEquals(List.of(
        "README.md:2: docs/gone.png: no such file docs/gone.png",
        "README.md:7: ../elsewhere.md: points outside the project",
        "README.md:7: #bottom: no heading #bottom in README.md",
        "docs/guide.md:5: #again-2: no heading #again-2 in docs/guide.md",
        "docs/guide.md:5: missing.conf#L3: no such file docs/missing.conf"), DocsLinks.broken(dir));
  }

  @Test
  void headingsTakeGitHubsAnchors() {
    assertEquals("what-mvn--b-verify-runs", DocsLinks.slug("What `mvn -B verify` runs"));
    assertEquals("the-two-engines-agree-engineequivalencetest", DocsLinks.slug("The two engines agree: EngineEquivalenceTest"));
    assertEquals("latency-files-hgrm", DocsLinks.slug("Latency files (.hgrm)"));
    assertEquals("see-the-guide", DocsLinks.slug("See [the guide](x.md)"));
  }
}
