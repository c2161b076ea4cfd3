package loomlab.cli;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.dependencies.SliceRule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No package of the lab depends on itself through others: each package is a slice, and the slices are
 * free of cycles, checked by ArchUnit on the compiled classes. The cycles not yet broken are frozen as
 * a baseline of package dependencies ({@code package-cycles.txt}, beside this class) that the rule
 * ignores. The baseline may only shrink: an entry that no longer closes a cycle fails the build until it
 * is removed, and the baseline holds at most {@link #BASELINE_AT_MOST} entries. Each check is also
 * shown failing on classes that break it on purpose ({@code loomlab.cli.architecture.broken.cycle}).
 */
class PackageCyclesTest {
    /** Lowered, never raised, as entries leave the baseline. */
    static final int BASELINE_AT_MOST = 4;

    /** Each package of the lab, its subpackages apart, is a slice. */
    static SliceRule packagesAreFreeOfCycles(List<Edge> baseline) {
        SliceRule rule = slices().matching("loomlab.(**)").should().beFreeOfCycles()
                .as("the lab's packages are free of cycles (but for the frozen baseline)");
        for (Edge edge : baseline) {
            rule = rule.ignoreDependency(resideInAPackage(edge.origin()), resideInAPackage(edge.target()));
        }
        return rule.because("a package that depends on itself through others can be neither read nor changed alone");
    }

    /** One package's dependency on another, as the baseline spells it: {@code origin -> target}. */
    record Edge(String origin, String target) {
        static Edge parse(String line) {
            String[] sides = line.split("->");
            if (sides.length != 2) {
                throw new IllegalArgumentException("not 'origin -> target': " + line);
            }
            return new Edge(sides[0].strip(), sides[1].strip());
        }

        @Override
        public String toString() {
            return origin + " -> " + target;
        }
    }

    // ---- the lab holds it ------------------------------------------------------------------------

    /** Read once, when a test first needs them. */
    private static final class TheLab {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("loomlab.core", "loomlab.lab", "loomlab.load", "loomlab.threads", "loomlab.cli");
    }

    @Test
    void theLabsPackagesHaveNoCycleButTheFrozenOnes() throws IOException {
        assertEquals(List.of(), violations(packagesAreFreeOfCycles(baseline()), TheLab.CLASSES));
    }

    @Test
    void theBaselineOnlyShrinks() throws IOException {
        List<Edge> baseline = baseline();
        assertTrue(baseline.size() <= BASELINE_AT_MOST, "the baseline grew to " + baseline.size()
                + " entries: break the new cycle instead of freezing it");
        assertEquals(List.of(), stale(baseline, TheLab.CLASSES), "no longer on a cycle: remove from package-cycles.txt");
        assertEquals(baseline.size(), new HashSet<>(baseline).size(), "an entry twice in " + baseline);
    }

    /** The rule reads the lab's packages: without its baseline it sees the frozen cycles. */
    @Test
    void withoutTheBaselineTheFrozenCyclesFailTheRule() {
        String report = String.join("\n", violations(packagesAreFreeOfCycles(List.of()), TheLab.CLASSES));
        assertTrue(report.contains("AssessArmResult") && report.contains("AssessRepeats"), report);
    }

    // ---- and fails when broken on purpose --------------------------------------------------------

    private static final String BROKEN = "loomlab.cli.architecture.broken.cycle";
    private static final JavaClasses BROKEN_CLASSES = new ClassFileImporter()
            .importPath(Path.of("target/test-classes/loomlab/cli/architecture/broken/cycle"));

    @Test
    void aCycleBetweenTwoPackagesFailsTheRule() {
        List<String> violations = violations(packagesAreFreeOfCycles(List.of()), BROKEN_CLASSES);
        assertFalse(violations.isEmpty(), "the cycle between ask and answer went unseen");
        String report = String.join("\n", violations);
        assertTrue(report.contains("Question") && report.contains("Answer"), report);
    }

    @Test
    void aFrozenDependencyLetsItsCycleBeWhileTheShrinkCheckStillSeesIt() {
        List<Edge> frozen = List.of(new Edge(BROKEN + ".answer", BROKEN + ".ask"));
        assertEquals(List.of(), violations(packagesAreFreeOfCycles(frozen), BROKEN_CLASSES));
        assertEquals(List.of(), stale(frozen, BROKEN_CLASSES));
    }

    @Test
    void aFrozenDependencyThatClosesNoCycleIsStale() {
        Edge gone = new Edge(BROKEN + ".ask", BROKEN + ".elsewhere");
        Edge oneWay = new Edge(BROKEN + ".answer", BROKEN + ".ask");
        JavaClasses answerOnly = new ClassFileImporter()
                .importPath(Path.of("target/test-classes/loomlab/cli/architecture/broken/cycle/answer"));
        assertEquals(List.of(gone), stale(List.of(gone), BROKEN_CLASSES));
        assertEquals(List.of(oneWay), stale(List.of(oneWay), answerOnly));
    }

    // ---- helpers ---------------------------------------------------------------------------------

    /** The baseline's entries, without its comments ({@code #}) and blank lines. */
    static List<Edge> baseline() throws IOException {
        try (InputStream in = PackageCyclesTest.class.getResourceAsStream("package-cycles.txt")) {
            if (in == null) {
                throw new IOException("package-cycles.txt is not beside " + PackageCyclesTest.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(line -> line.replaceFirst("#.*", "").strip()).filter(line -> !line.isEmpty())
                    .map(Edge::parse).toList();
        }
    }

    /**
     * Entries that are no dependency of these classes any more, or whose dependency closes no cycle:
     * its target does not reach its origin back.
     */
    static List<Edge> stale(List<Edge> baseline, JavaClasses classes) {
        Map<String, Set<String>> graph = packageGraph(classes);
        List<Edge> stale = new ArrayList<>();
        for (Edge edge : baseline) {
            boolean depends = graph.getOrDefault(edge.origin(), Set.of()).contains(edge.target());
            if (!depends || !reaches(graph, edge.target(), edge.origin())) {
                stale.add(edge);
            }
        }
        return stale;
    }

    /** Which package depends on which, among the packages of these classes. */
    private static Map<String, Set<String>> packageGraph(JavaClasses classes) {
        Set<String> packages = new HashSet<>();
        classes.forEach(type -> packages.add(type.getPackageName()));
        Map<String, Set<String>> graph = new TreeMap<>();
        for (JavaClass type : classes) {
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                String target = dependency.getTargetClass().getBaseComponentType().getPackageName();
                if (!target.equals(type.getPackageName()) && packages.contains(target)) {
                    graph.computeIfAbsent(type.getPackageName(), any -> new TreeSet<>()).add(target);
                }
            }
        }
        return graph;
    }

    private static boolean reaches(Map<String, Set<String>> graph, String from, String to) {
        Set<String> seen = new LinkedHashSet<>(List.of(from));
        Deque<String> next = new ArrayDeque<>(seen);
        while (!next.isEmpty()) {
            for (String reached : graph.getOrDefault(next.pop(), Set.of())) {
                if (reached.equals(to)) {
                    return true;
                }
                if (seen.add(reached)) {
                    next.add(reached);
                }
            }
        }
        return false;
    }

    private static List<String> violations(SliceRule rule, JavaClasses classes) {
        EvaluationResult result = rule.evaluate(classes);
        return result.hasViolation() ? result.getFailureReport().getDetails() : List.of();
    }
}
