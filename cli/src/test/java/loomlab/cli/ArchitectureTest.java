package loomlab.cli;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The rules the modules keep, checked on their compiled classes with ArchUnit: the core does no I/O,
 * the report layer reads the core and nothing else of the lab, no server under test depends on the
 * lab, only the command line reads the environment, the lab's infrastructure is built in the
 * composition root alone, the root only wires, and every command's use case is a class of the lab that
 * knows no command line. Each rule is also shown failing on classes
 * that break it on purpose ({@code loomlab.cli.architecture.broken}), laid out as the lab is, so a
 * rule that can no longer fail is caught too.
 */
class ArchitectureTest {
    /** From this module's folder, where its tests run. */
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private static final List<String> SERVER_MODULES = List.of("http-kit", "blogposts", "loomcat", "downstream",
            "spring", "webflux", "quarkus");

    /** Where each part of the lab lives: the lab's own packages, or the broken ones of this test. */
    record Layout(String core, String report, String cli, List<String> belowTheCli, List<String> allowedInReport,
                  List<String> labItself, String compositionRoot, String environment, String processSupervisor) {
        static final Layout LAB = new Layout("loomlab.core..", "loomlab.lab.report..", "loomlab.cli..",
                List.of("loomlab.core..", "loomlab.lab..", "loomlab.load..", "loomlab.threads.."),
                // What "the core only" means for the report layer: the core's records, the report's own
                // classes, the JDK, and Jackson, the one JSON mapping of results.json. Nothing else of the
                // lab: no runner, process, server, load engine, thread model or command.
                List.of("loomlab.core..", "loomlab.lab.report..", "java..",
                        "com.fasterxml.jackson.."),
                List.of("loomlab.lab..", "loomlab.cli.."), "loomlab.cli.Lab", "loomlab.cli.CliEnvironment",
                "loomlab.lab.process.ProcessSupervisor");
        static final String BROKEN = "loomlab.cli.architecture.broken";
        static final Layout BROKEN_ON_PURPOSE = new Layout(BROKEN + ".core..", BROKEN + ".report..", BROKEN + ".cli..",
                List.of(BROKEN + ".core..", BROKEN + ".lab..", BROKEN + ".report.."),
                List.of(BROKEN + ".core..", BROKEN + ".report..", "java.."),
                List.of(BROKEN + ".lab..", BROKEN + ".cli.."), BROKEN + ".cli.Root", BROKEN + ".cli.Settings",
                BROKEN + ".lab.Supervisor");

        /** This layout with another class as its composition root. */
        Layout rootedAt(String root) {
            return new Layout(core, report, cli, belowTheCli, allowedInReport, labItself, root, environment,
                    processSupervisor);
        }
    }

    // ---- the rules -------------------------------------------------------------------------------

    /** The core is pure: no files, sockets, processes, clock, environment or machine. */
    static ArchRule coreDoesNoIo(Layout layout) {
        return noClasses().that().resideInAPackage(layout.core())
                .should().dependOnClassesThat(resideInAnyPackage("java.io..", "java.nio.file..", "java.nio.channels..",
                        "java.net..", "java.sql..", "java.lang.management..", "java.util.logging..", "javax..",
                        "jdk..", "sun..", "com.sun..", "com.fasterxml..")
                        .or(JavaClass.Predicates.belongToAnyOf(Process.class, ProcessBuilder.class, ProcessHandle.class,
                                Runtime.class, java.time.Clock.class)))
                .orShould().callMethodWhere(readsTheMachineOrTheClock())
                .as("core does no I/O (no files, sockets, processes, clock, environment or machine)")
                .because("the core decides from the figures it is given, so every decision is testable exactly");
    }

    /** The report layer renders the core's records: it reaches no runner, process, server or command. */
    static ArchRule reportDependsOnTheCoreOnly(Layout layout) {
        return classes().that().resideInAPackage(layout.report())
                .should().onlyDependOnClassesThat(resideInAnyPackage(layout.allowedInReport().toArray(String[]::new)))
                .as("the report layer depends on the core only")
                .because("a report format reads results, as GoldenFilesTest renders them from fixed records");
    }

    /** A server under test is a program of its own: it knows nothing of the lab that measures it. */
    static ArchRule serversDoNotDependOnTheLab(Layout layout) {
        return noClasses().should().dependOnClassesThat(resideInAnyPackage(layout.labItself().toArray(String[]::new)))
                .as("no module under servers/ depends on the lab")
                .because("the servers run on JDK 21 beside the lab's JDK 25 and are what is measured");
    }

    /** The environment enters through the command line, which hands what it read down as values. */
    static ArchRule onlyTheCliReadsTheEnvironment(Layout layout) {
        return noClasses().that().resideInAnyPackage(layout.belowTheCli().toArray(String[]::new))
                .should().callMethodWhere(readsTheEnvironment())
                .as("no class outside the command line reads the environment (its variables and system properties)")
                .because("what a class is given can be tested and swapped; what it reads for itself cannot");
    }

    /**
     * The lab's shared infrastructure is built in one place, the composition root, and handed to the
     * commands: the supervisor of every child process, the lab's java, the JDK search, the servers'
     * registry, the engines, the report formats, the runners of arms and experiments; the use cases
     * build the runners of each run too ({@link #BUILT_PER_RUN}), from what the root handed them.
     */
    static ArchRule infrastructureIsBuiltInTheCompositionRootOnly(Layout layout) {
        return noClasses().that().doNotHaveFullyQualifiedName(layout.compositionRoot())
                .should().callCodeUnitWhere(buildsInfrastructure())
                .as("the lab's infrastructure is built in the composition root only")
                .because("one lab object, assembled once in main, is what every command is handed, so no command"
                        + " starts processes, finds JDKs or registers servers of its own");
    }

    /**
     * Classes that still start a process of their own, frozen: the list may only shrink, and is empty.
     * A class that cannot start its process through the supervisor is named here, with why.
     */
    static final Set<String> STARTS_PROCESSES_OF_ITS_OWN = Set.of();

    /**
     * Every process starts through the supervisor, which stops it when the lab stops: no other class
     * builds or starts a {@link ProcessBuilder} or calls {@link Runtime#exec}, but those frozen in
     * {@code exempt}.
     */
    static ArchRule processesStartThroughTheSupervisor(Layout layout, Set<String> exempt) {
        return noClasses().that().doNotHaveFullyQualifiedName(layout.processSupervisor())
                .and(DescribedPredicate.describe("are not frozen as starting processes of their own",
                        (JavaClass type) -> !exempt.contains(type.getName())))
                .should().callCodeUnitWhere(startsAProcess())
                .as("every process starts through the process supervisor")
                .because("the supervisor stops every child when the lab stops, so none outlives it");
    }

    /**
     * The composition root builds the lab's services and use cases once and hands them out: it calls
     * constructors, factories and configuring methods (those that return an object of their own class, as
     * {@code Servers.standard} and {@code keepingClassData} do; none named start), its own methods and its
     * environment's, and nothing else. So it prints nothing, touches no file, starts nothing, and runs no
     * use case: each command's work is a use case of the lab.
     */
    static ArchRule compositionRootOnlyWires(Layout layout) {
        return noClasses().that().haveFullyQualifiedName(layout.compositionRoot())
                .should().callCodeUnitWhere(doesWork(layout))
                .as("the composition root only wires: it builds the services and use cases, and runs none")
                .because("a command's work in the root can be tested only through the whole command line, and the"
                        + " root would grow with every command");
    }

    private static DescribedPredicate<JavaCall<?>> doesWork(Layout layout) {
        return DescribedPredicate.describe("does work (calls other than constructors, factories, configuring"
                + " methods, its own and its environment's)", call -> {
            String owner = call.getTargetOwner().getFullName();
            boolean wiring = call.getTarget().getName().equals("<init>")
                    || owner.equals(call.getOriginOwner().getFullName())
                    || owner.equals(layout.environment())
                    || !call.getTarget().getName().startsWith("start")
                    && (call.getTarget().getRawReturnType().getFullName().equals(owner)
                    || owner.equals(ALSO_BUILT_BY.get(call.getTarget().getRawReturnType().getFullName())));
            return !wiring;
        });
    }

    /**
     * A command's use case ({@code ...UseCase}) is a class of the lab, below the command line: it takes a
     * request of plain values and knows neither picocli nor the commands, so it runs as well from a test.
     */
    static ArchRule useCasesKnowNoCommandLine(Layout layout) {
        return classes().that().haveSimpleNameEndingWith(USE_CASE)
                .should().resideInAnyPackage(layout.labItself().stream().filter(pkg -> !pkg.equals(layout.cli()))
                        .toArray(String[]::new))
                .andShould().onlyDependOnClassesThat(DescribedPredicate.not(resideInAnyPackage("picocli..",
                        layout.cli())))
                .as("every use case is a class of the lab that knows no command line (picocli, the commands)")
                .because("a command turns its options into a request; what the request asks is the lab's work");
    }

    private static DescribedPredicate<JavaCall<?>> startsAProcess() {
        return DescribedPredicate.describe("builds or starts a process (new ProcessBuilder, start, Runtime.exec)",
                call -> call.getTargetOwner().isEquivalentTo(ProcessBuilder.class)
                        && Set.of("<init>", "start", "startPipeline").contains(call.getTarget().getName())
                        || call.getTargetOwner().isEquivalentTo(Runtime.class)
                        && call.getTarget().getName().equals("exec"));
    }

    /** What a command's use case is called: {@code RunUseCase}, {@code AssessUseCase}, ... */
    static final String USE_CASE = "UseCase";

    /**
     * The pieces made afresh for every run of a command, from the infrastructure the root built: a use case
     * builds them too, as the request asks (the runners of its arms, the runner of its experiments).
     */
    private static final Set<String> BUILT_PER_RUN = Set.of("loomlab.lab.run.ArmRunners",
            "loomlab.lab.run.ExperimentRunner");

    /** The one factory besides its own class that builds a piece of infrastructure: the list of every engine. */
    private static final Map<String, String> ALSO_BUILT_BY = Map.of(
            "loomlab.lab.load.Engines", "loomlab.lab.load.engines.StandardEngines");

    /**
     * Constructors and static factories of the infrastructure, called from any class but their own (and
     * {@link #ALSO_BUILT_BY}).
     */
    private static DescribedPredicate<JavaCall<?>> buildsInfrastructure() {
        Map<String, Set<String>> builders = Map.of(
                "loomlab.lab.process.ProcessSupervisor", Set.of("<init>"),
                "loomlab.lab.process.JavaLauncher", Set.of("<init>"),
                "loomlab.lab.servers.Servers", Set.of("standard"),
                "loomlab.lab.load.Engines", Set.of("<init>"),
                "loomlab.lab.load.engines.StandardEngines", Set.of("of"),
                "loomlab.lab.jdk.JdkSearch", Set.of("standard"),
                "loomlab.lab.jdk.Jdks", Set.of("standard"),
                "loomlab.lab.report.files.ResultFiles", Set.of("standard"),
                "loomlab.lab.run.ArmRunners", Set.of("<init>"),
                "loomlab.lab.run.ExperimentRunner", Set.of("<init>"));
        return DescribedPredicate.describe("builds the lab's infrastructure (" + String.join(", ",
                        builders.keySet().stream().map(name -> name.substring(name.lastIndexOf('.') + 1)).sorted()
                                .toList()) + ")",
                call -> !call.getOriginOwner().getFullName().equals(call.getTargetOwner().getFullName())
                        && !call.getOriginOwner().getFullName().equals(
                                ALSO_BUILT_BY.get(call.getTargetOwner().getFullName()))
                        && !(BUILT_PER_RUN.contains(call.getTargetOwner().getFullName())
                                && call.getOriginOwner().getSimpleName().endsWith(USE_CASE))
                        && builders.getOrDefault(call.getTargetOwner().getFullName(), Set.of())
                        .contains(call.getTarget().getName()));
    }

    private static DescribedPredicate<JavaMethodCall> readsTheEnvironment() {
        return calls("reads an environment variable or a system property", Map.of(
                System.class, Set.of("getenv", "getProperty", "getProperties"),
                Boolean.class, Set.of("getBoolean"), Integer.class, Set.of("getInteger"), Long.class, Set.of("getLong")));
    }

    private static DescribedPredicate<JavaMethodCall> readsTheMachineOrTheClock() {
        DescribedPredicate<JavaMethodCall> systemOrThread = calls("calls System or Thread", Map.of(
                System.class, Set.of("getenv", "getProperty", "getProperties", "currentTimeMillis", "nanoTime", "exit",
                        "console", "load", "loadLibrary", "setProperty", "setOut", "setErr", "setIn"),
                Thread.class, Set.of("sleep", "start", "startVirtualThread", "ofVirtual", "ofPlatform", "currentThread",
                        "onSpinWait", "yield")));
        DescribedPredicate<JavaMethodCall> now = DescribedPredicate.describe("reads the clock",
                call -> call.getTarget().getName().equals("now")
                        && call.getTargetOwner().getPackageName().startsWith("java.time"));
        return systemOrThread.or(now);
    }

    private static DescribedPredicate<JavaMethodCall> calls(String description, Map<Class<?>, Set<String>> methods) {
        return DescribedPredicate.describe(description, call -> methods.entrySet().stream()
                .anyMatch(owner -> call.getTargetOwner().isEquivalentTo(owner.getKey())
                        && owner.getValue().contains(call.getTarget().getName())));
    }

    // ---- the lab holds them ----------------------------------------------------------------------


    /** Read once, when a test first needs them. */
    private static final class TheLab {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("loomlab.core", "loomlab.lab", "loomlab.load", "loomlab.threads", "loomlab.cli");
    }

    /** The rules above read the lab's own classes, not an empty set (a moved folder, a changed import). */
    @Test
    void theLabsClassesAreRead() {
        for (String module : List.of("loomlab.core.", "loomlab.lab.", "loomlab.lab.report.", "loomlab.load.",
                "loomlab.threads.", "loomlab.cli.")) {
            long count = TheLab.CLASSES.stream().filter(type -> type.getName().startsWith(module)).count();
            assertTrue(count >= 5, count + " classes in " + module);
        }
        assertFalse(TheLab.CLASSES.stream().anyMatch(type -> type.getName().startsWith(Layout.BROKEN)), "tests are not the lab");
    }

    @Test
    void theCoreDoesNoIo() {
        assertHolds(coreDoesNoIo(Layout.LAB), TheLab.CLASSES);
    }

    @Test
    void theReportLayerDependsOnTheCoreOnly() {
        assertHolds(reportDependsOnTheCoreOnly(Layout.LAB), TheLab.CLASSES);
    }

    /** With no exception: what a class below the command line needs of the environment, it is handed. */
    @Test
    void onlyTheCommandLineReadsTheEnvironment() {
        assertHolds(onlyTheCliReadsTheEnvironment(Layout.LAB), TheLab.CLASSES);
    }

    @Test
    void theInfrastructureIsBuiltInTheCompositionRootOnly() {
        assertHolds(infrastructureIsBuiltInTheCompositionRootOnly(Layout.LAB), TheLab.CLASSES);
    }

    @Test
    void theCompositionRootOnlyWires() {
        assertHolds(compositionRootOnlyWires(Layout.LAB), TheLab.CLASSES);
    }

    /** The commands' use cases are the lab's, and they are there: the rule reads them, not an empty set. */
    @Test
    void theUseCasesKnowNoCommandLine() {
        List<String> useCases = TheLab.CLASSES.stream().map(JavaClass::getSimpleName)
                .filter(name -> name.endsWith(USE_CASE)).sorted().toList();
        assertTrue(useCases.containsAll(List.of("AssessUseCase", "RunUseCase", "ServeUseCase")), useCases.toString());
        assertHolds(useCasesKnowNoCommandLine(Layout.LAB), TheLab.CLASSES);
    }

    @Test
    void everyProcessStartsThroughTheSupervisor() {
        assertHolds(processesStartThroughTheSupervisor(Layout.LAB, STARTS_PROCESSES_OF_ITS_OWN), TheLab.CLASSES);
    }

    /** The frozen list only shrinks: a class that no longer starts a process of its own leaves it. */
    @Test
    void everyClassFrozenAsStartingProcessesStillDoes() {
        List<String> violations = violations(processesStartThroughTheSupervisor(Layout.LAB, Set.of()), TheLab.CLASSES);
        for (String frozen : STARTS_PROCESSES_OF_ITS_OWN) {
            assertTrue(violations.stream().anyMatch(line -> line.startsWith("Method <" + frozen + ".")
                            || line.startsWith("Constructor <" + frozen + ".")),
                    frozen + " starts no process of its own any more: remove it from STARTS_PROCESSES_OF_ITS_OWN");
        }
    }

    /** Every class of every server module, its tests' included, from the module's build folders. */
    @Test
    void noServerModuleDependsOnTheLab() {
        List<Path> folders = new ArrayList<>();
        for (String module : SERVER_MODULES) {
            Path classes = HOME.resolve("servers").resolve(module).resolve("target/classes");
            assertTrue(Files.isDirectory(classes), classes + " is not built: build the servers before this test");
            folders.add(classes);
            Path tests = classes.resolveSibling("test-classes");
            if (Files.isDirectory(tests)) {
                folders.add(tests);
            }
        }
        JavaClasses servers = new ClassFileImporter().importPaths(folders);
        assertTrue(servers.size() > 50, "only " + servers.size() + " classes read from " + folders);
        assertHolds(serversDoNotDependOnTheLab(Layout.LAB), servers);
    }

    /** The same rule for the build: no server's pom names the lab's modules, in a profile or not. */
    @Test
    void noServerPomNamesTheLab() throws Exception {
        for (String module : SERVER_MODULES) {
            Path pom = HOME.resolve("servers").resolve(module).resolve("pom.xml");
            assertEquals(List.of(), labDependencies(Files.readString(pom)), pom.toString());
        }
    }

    // ---- and each rule fails when broken on purpose ----------------------------------------------

    /** This module's compiled test classes of the broken layout, read from where the build put them. */
    private static final Path BROKEN_CLASSES = Path.of("target/test-classes/loomlab/cli/architecture/broken");
    private static final JavaClasses BROKEN = new ClassFileImporter().importPath(BROKEN_CLASSES);

    @Test
    void coreDoingIoFailsTheRule() {
        List<String> violations = violations(coreDoesNoIo(Layout.BROKEN_ON_PURPOSE), BROKEN);
        assertNamed(violations, "ReadsAFile", "java.nio.file.Files");
        assertNamed(violations, "ReadsTheClock", "Instant.now()");
        assertNamed(violations, "CountsTheCores", "Runtime");
        assertFalse(violations.stream().anyMatch(line -> line.contains("Pure")), violations.toString());
    }

    @Test
    void aReportReachingPastTheCoreFailsTheRule() {
        List<String> violations = violations(reportDependsOnTheCoreOnly(Layout.BROKEN_ON_PURPOSE), BROKEN);
        assertNamed(violations, "UsesARunner", "ReadsThePath");
        assertFalse(violations.stream().anyMatch(line -> line.contains("RendersCore")), violations.toString());
    }

    @Test
    void aServerUsingTheLabFailsTheRule() {
        JavaClasses server = new ClassFileImporter().importPath(BROKEN_CLASSES.resolve("servers"));
        List<String> violations = violations(serversDoNotDependOnTheLab(Layout.BROKEN_ON_PURPOSE), server);
        assertNamed(violations, "StartsALabDatabase", "ReadsThePath");
    }

    @Test
    void aServerPomWithTheLabInAProfileFailsTheRule() throws Exception {
        String pom = """
                <project><dependencies>
                  <dependency><groupId>dev.loomlab</groupId><artifactId>http-kit</artifactId></dependency>
                </dependencies><profiles><profile><dependencies>
                  <dependency><groupId>dev.loomlab</groupId><artifactId>lab</artifactId><scope>test</scope></dependency>
                </dependencies></profile></profiles></project>""";
        assertEquals(List.of("dev.loomlab:lab"), labDependencies(pom));
    }

    @Test
    void anAdapterReadingTheEnvironmentFailsTheRuleWhileTheCommandLineMay() {
        List<String> violations = violations(onlyTheCliReadsTheEnvironment(Layout.BROKEN_ON_PURPOSE), BROKEN);
        assertNamed(violations, "ReadsThePath", "System.getenv");
        assertNamed(violations, "ReadsASetting", "Boolean.getBoolean");
        assertFalse(violations.stream().anyMatch(line -> line.contains("ReadsTheEnvironment")), violations.toString());
    }

    @Test
    void aCommandBuildingItsOwnInfrastructureFailsTheRuleWhileTheRootMay() {
        List<String> violations = violations(infrastructureIsBuiltInTheCompositionRootOnly(Layout.BROKEN_ON_PURPOSE),
                BROKEN);
        assertNamed(violations, "StartsItsOwnChildren", "ProcessSupervisor.<init>");
        assertNamed(violations, "StartsItsOwnChildren", "JavaLauncher.<init>");
        assertNamed(violations, "RegistersItsOwnServers", "Servers.standard");
        assertFalse(violations.stream().anyMatch(line -> line.contains(".Root.")), violations.toString());
    }

    @Test
    void aUseCaseMayBuildTheRunnersOfItsRunButNoInfrastructure() {
        List<String> violations = violations(infrastructureIsBuiltInTheCompositionRootOnly(Layout.BROKEN_ON_PURPOSE),
                BROKEN);
        assertNamed(violations, "StartsItsOwnChildren", "ArmRunners.<init>");
        assertNamed(violations, "AssessUseCase", "ResultFiles.standard");
        assertFalse(violations.stream().anyMatch(line -> line.contains("RunUseCase")), violations.toString());
    }

    @Test
    void aRootRunningAUseCaseFailsTheRuleWhileARootThatWiresHolds() {
        List<String> violations = violations(compositionRootOnlyWires(Layout.BROKEN_ON_PURPOSE
                .rootedAt(Layout.BROKEN + ".cli.RootThatRuns")), BROKEN);
        assertNamed(violations, "RootThatRuns", "RunUseCase.run()");
        assertNamed(violations, "RootThatRuns", "Files.createDirectories");
        assertNamed(violations, "RootThatRuns", "PrintStream.println");
        assertFalse(violations.stream().anyMatch(line -> line.contains("Settings.") || line.contains("<init>")
                || line.contains("Path.resolve")), violations.toString());
        assertEquals(List.of(), violations(compositionRootOnlyWires(Layout.BROKEN_ON_PURPOSE), BROKEN));
    }

    @Test
    void aUseCaseKnowingTheCommandLineFailsTheRule() {
        List<String> violations = violations(useCasesKnowNoCommandLine(Layout.BROKEN_ON_PURPOSE), BROKEN);
        assertNamed(violations, "AssessUseCase", "picocli.CommandLine");
        assertNamed(violations, "ServeUseCase", "reside in any package");
        assertFalse(violations.stream().anyMatch(line -> line.contains("RunUseCase")), violations.toString());
    }

    @Test
    void startingAProcessPastTheSupervisorFailsTheRuleWhileTheSupervisorAndTheFrozenMay() {
        List<String> violations = violations(processesStartThroughTheSupervisor(Layout.BROKEN_ON_PURPOSE,
                Set.of(Layout.BROKEN + ".cli.RunsAShell")), BROKEN);
        assertNamed(violations, "StartsAProcess", "ProcessBuilder.<init>");
        assertNamed(violations, "StartsAProcess", "ProcessBuilder.start()");
        assertFalse(violations.stream().anyMatch(line -> line.contains("Supervisor.start")), violations.toString());
        assertFalse(violations.stream().anyMatch(line -> line.contains("RunsAShell")), violations.toString());
        List<String> unfrozen = violations(processesStartThroughTheSupervisor(Layout.BROKEN_ON_PURPOSE, Set.of()),
                BROKEN);
        assertNamed(unfrozen, "RunsAShell", "Runtime.exec");
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static void assertHolds(ArchRule rule, JavaClasses classes) {
        List<String> violations = violations(rule, classes);
        assertEquals(List.of(), violations, rule.getDescription());
    }

    private static List<String> violations(ArchRule rule, JavaClasses classes) {
        EvaluationResult result = rule.evaluate(classes);
        return result.hasViolation() ? result.getFailureReport().getDetails() : List.of();
    }

    private static void assertNamed(List<String> violations, String offender, String what) {
        assertTrue(violations.stream().anyMatch(line -> line.contains(offender) && line.contains(what)),
                offender + " with " + what + " not among " + violations);
    }

    /** The lab's own modules a pom depends on, wherever it names them. */
    private static List<String> labDependencies(String pom) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        var document = factory.newDocumentBuilder().parse(new InputSource(new StringReader(pom)));
        NodeList dependencies = document.getElementsByTagName("dependency");
        List<String> found = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            String group = text(dependency, "groupId");
            String artifact = text(dependency, "artifactId");
            if ("dev.loomlab".equals(group) && Stream.of("lab", "cli", "core", "load").anyMatch(artifact::equals)) {
                found.add(group + ":" + artifact);
            }
        }
        return found;
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().strip();
    }
}
