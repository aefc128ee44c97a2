package io.ringfabric;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layers of ringfabric, as docs/layout.md draws them, top to bottom: {@code cli};
 * {@code cluster}, {@code report}; {@code run}; {@code checkpoint}; {@code engine}, {@code stats}, {@code trace}; {@code config};
 * {@code workload}, {@code hocon}, {@code examples}; {@code model}; {@code topology}. A package
 * uses only packages below it. A change that breaks this fails the build.
 */
@AnalyzeClasses(packages = "io.ringfabric", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

  @ArchTest
  static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("cli").definedBy("io.ringfabric.cli..")
      .layer("cluster").definedBy("io.ringfabric.cluster..")
      .layer("report").definedBy("io.ringfabric.report..")
      .layer("run").definedBy("io.ringfabric.run..")
      .layer("checkpoint").definedBy("io.ringfabric.checkpoint..")
      .layer("engine").definedBy("io.ringfabric.engine..")
      .layer("stats").definedBy("io.ringfabric.stats..")
      .layer("trace").definedBy("io.ringfabric.trace..")
      .layer("config").definedBy("io.ringfabric.config..")
      .layer("workload").definedBy("io.ringfabric.workload..")
      .layer("hocon").definedBy("io.ringfabric.hocon..")
      .layer("examples").definedBy("io.ringfabric.examples..")
      .layer("model").definedBy("io.ringfabric.model..")
      .layer("topology").definedBy("io.ringfabric.topology..")
      .whereLayer("cli").mayNotBeAccessedByAnyLayer()
      .whereLayer("cluster").mayOnlyBeAccessedByLayers("cli")
      .whereLayer("report").mayOnlyBeAccessedByLayers("cli")
      .whereLayer("run").mayOnlyBeAccessedByLayers("cluster", "cli")
      .whereLayer("checkpoint").mayOnlyBeAccessedByLayers("run", "cluster", "cli")
      .whereLayer("engine").mayOnlyBeAccessedByLayers("checkpoint", "run", "cluster", "cli")
      .whereLayer("stats").mayOnlyBeAccessedByLayers("report", "run", "cluster", "cli")
      .whereLayer("trace").mayOnlyBeAccessedByLayers("engine", "run", "cluster", "cli")
      .whereLayer("config").mayOnlyBeAccessedByLayers("engine", "stats", "checkpoint", "run", "cluster", "cli")
      .whereLayer("workload").mayOnlyBeAccessedByLayers("config", "stats", "trace", "examples", "checkpoint", "run", "cluster", "cli")
      .whereLayer("hocon").mayOnlyBeAccessedByLayers("workload", "config", "run", "cluster", "cli")
      .whereLayer("examples").mayNotBeAccessedByAnyLayer();

  /** The model stands alone: plain Java, nothing of the project but the topology, no actors. */
  @ArchTest
  static final ArchRule modelStandsAlone = classes().that().resideInAPackage("io.ringfabric.model..")
      .should().onlyDependOnClassesThat().resideInAnyPackage(
          "io.ringfabric.model..", "io.ringfabric.topology..", "java..");

  @ArchTest
  static final ArchRule topologyStandsAlone = classes().that().resideInAPackage("io.ringfabric.topology..")
      .should().onlyDependOnClassesThat().resideInAnyPackage("io.ringfabric.topology..", "java..");

  @ArchTest
  static final ArchRule noCycles = slices().matching("io.ringfabric.(*)..").should().beFreeOfCycles();
}
