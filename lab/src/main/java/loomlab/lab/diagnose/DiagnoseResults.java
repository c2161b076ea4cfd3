package loomlab.lab.diagnose;

import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.finding.Diagnosed;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Ranking;
import loomlab.core.result.Environment;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.env.EnvironmentProbe;

/**
 * A diagnosis as a run's results: one experiment, {@code diagnose}, whose one arm is the JVM and whose
 * one finding is what was found, for the lab's own formats to write (results.json, summary.md and
 * report.html).
 */
public final class DiagnoseResults {
    public static final String NAME = "diagnose";
    static final String QUESTION = "What is broken in this JVM, from its own thread dumps?";
    /** What results.json calls the load engine of a run that sent no load. */
    static final String NO_LOAD = "none: diagnose sends no load, it only observes";
    /** A diagnosis is summed up by what it found in the JVM. */
    static final Ranking DIAGNOSIS = findings -> KeyFacts.of(KeyFacts.first(findings, Diagnosed.class)
            .map(KeyFact.Diagnosis::new));

    private DiagnoseResults() {
    }

    public static RunResult of(DiagnosedJvm jvm, String command, String startedAt, double elapsedS, Path labHome) {
        return of(jvm, command, startedAt, elapsedS, EnvironmentProbe.probe(labHome, targetFlags(jvm), NO_LOAD));
    }

    /** The same in an environment already read (the lab's machine and build, the target's flags). */
    static RunResult of(DiagnosedJvm jvm, String command, String startedAt, double elapsedS, Environment probed) {
        List<Finding> findings = List.of(new Diagnosed(jvm));
        ExperimentResult experiment = new ExperimentResult(NAME, summary(jvm), QUESTION, NAME, List.of(jvm), findings,
                DIAGNOSIS, elapsedS);
        Environment environment = probed;
        if (jvm.target().runtimeVersion() != null) {
            environment = environment.withServerJdks(List.of(jvm.target().runtimeVersion()
                    + (jvm.target().jcmd() == null ? "" : " (" + Path.of(jvm.target().jcmd()).resolveSibling("java") + ")")));
        }
        return new RunResult(RunResult.SCHEMA, startedAt, elapsedS, command, NAME, environment, List.of(experiment));
    }

    private static String summary(DiagnosedJvm jvm) {
        String files = jvm.dumpFiles().size() + (jvm.dumpFiles().size() == 1 ? " thread dump" : " thread dumps");
        if (!jvm.target().live()) {
            return files + " taken elsewhere, read offline" + (jvm.jfrFile() == null ? "" : ", with a flight recording");
        }
        return "pid " + jvm.target().pid() + (jvm.target().command() == null ? "" : " (" + jvm.target().command() + ")")
                + " watched for up to " + Math.round(jvm.windowS()) + " s with its own jcmd: " + files
                + (jvm.jfrFile() == null ? "" : " and a flight recording of pinned virtual threads");
    }

    /** The target's JVM options as its command line gave them: what results.json records as the server's flags. */
    private static List<String> targetFlags(DiagnosedJvm jvm) {
        if (jvm.target().command() == null) {
            return List.of();
        }
        List<String> words = List.of(jvm.target().command().split(" "));
        return words.stream().skip(1).takeWhile(w -> w.startsWith("-") && !w.equals("-jar") && !w.equals("-cp")
                && !w.equals("-classpath")).toList();
    }
}
