package loomlab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.result.RunResult;
import loomlab.lab.diagnose.DiagnoseResults;
import loomlab.lab.diagnose.DiagnoseRun;
import loomlab.lab.diagnose.TargetJvm;
import loomlab.lab.report.verdict.DiagnoseWords;
import loomlab.lab.run.OutputFolder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "diagnose", mixinStandardHelpOptions = true, description = {"Says what is broken in a running JVM"
        + " (--pid), or in JSON thread dumps taken elsewhere (DUMP.json ...): a carrier deadlock and its wait-for"
        + " chain, a stall, carriers held, a pool exhausted, with the known fixes of the libraries and JDK on its"
        + " stacks.", "With --pid it only observes, with the JVM's own jcmd: thread dumps, the virtual-thread"
        + " scheduler's counts (JDK 24 and later), and a flight recording of pinned virtual threads that it stops and"
        + " removes at the end (on Ctrl-C too). The jcmd attaches as any jcmd does, by a signal the JVM answers"
        + " with its attach listener (so --pid must be a HotSpot JVM, which is checked first); nothing else is sent,"
        + " and it never stops or reconfigures the JVM or takes a heap dump.", "Exit code 0: nothing broke; 1: a"
        + " breakage was found; 2: bad input; 3: undecided (one dump, or dumps that cannot tell stuck threads from"
        + " idle or busy ones: take another dump in a few seconds)."})
final class DiagnoseCommand implements Callable<Integer> {
    static final int DEFAULT_SECONDS = 10;

    private final Lab lab;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--pid", paramLabel = "PID", converter = Converters.ProcessId.class, description = "A running JVM"
            + " (JDK 21 or later) of this user to watch.")
    Long pid;

    @Option(names = "--seconds", paramLabel = "N", converter = Seconds.class, description = "How long to watch --pid:"
            + " 1 to " + DiagnoseRun.MAX_SECONDS + " (default " + DEFAULT_SECONDS + "), and three dumps at least; a"
            + " carrier deadlock ends the window once three dumps spanning two seconds or more show it.")
    Integer seconds;

    @Parameters(paramLabel = "DUMP.json", arity = "0..*", description = "JSON thread dumps of one JVM, in the order"
            + " taken (jcmd PID Thread.dump_to_file -format=json FILE), classified offline.")
    List<Path> dumps = new ArrayList<>();

    @Option(names = "--jfr", paramLabel = "FILE", description = "With dumps: a flight recording of the same JVM, read"
            + " for jdk.VirtualThreadPinned.")
    Path jfr;

    @Option(names = "--class-path", paramLabel = "PATHS", description = "With dumps: the class path the JVM ran with"
            + " (jars and folders, ':' between them), to read the versions of the libraries on its stacks.")
    String classPath;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write results.json, summary.md, report.html,"
            + " and with --pid the dumps and recording (default results/<timestamp>-diagnose[-<pid>]).")
    Path out;

    DiagnoseCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        long started = System.nanoTime();
        String startedAt = Instant.now().toString();
        PrintWriter console = spec.commandLine().getOut();
        DiagnoseRun run = new DiagnoseRun(console);
        DiagnosedJvm jvm;
        Path outDir;
        if (pid != null) {
            if (!dumps.isEmpty()) {
                throw new BadInput("give --pid or dump files, not both");
            }
            if (jfr != null || classPath != null) {
                throw new BadInput((jfr != null ? "--jfr" : "--class-path") + " goes with dump files; with --pid the"
                        + " lab records the JVM itself and reads its class path from its command line");
            }
            TargetJvm target = DiagnoseRun.check(pid);
            outDir = OutputFolder.prepare(out != null ? out : defaultOut(lab.home(), "diagnose-" + pid));
            jvm = run.live(target, seconds == null ? DEFAULT_SECONDS : seconds, outDir);
        } else {
            if (dumps.isEmpty()) {
                throw new BadInput("give --pid PID to watch a running JVM, or DUMP.json files to read");
            }
            if (seconds != null) {
                throw new BadInput("--seconds goes with --pid; dump files were taken already");
            }
            DiagnoseRun.Offline given = DiagnoseRun.checkOffline(dumps, jfr);
            outDir = OutputFolder.prepare(out != null ? out : defaultOut(lab.home(), "diagnose"));
            console.println("loomlab diagnose: " + dumps.size() + (dumps.size() == 1 ? " thread dump" : " thread dumps")
                    + (jfr == null ? "" : " and " + jfr) + ", offline");
            jvm = run.offline(given, classPath == null ? null : Arrays.asList(classPath.split(":")));
        }
        double elapsedS = (System.nanoTime() - started) / 1e9;
        RunResult result = DiagnoseResults.of(jvm, TypedCommand.of(spec, null), startedAt, elapsedS, lab.home());
        lab.resultFiles().write(result, outDir);
        console.println();
        DiagnoseWords.block(jvm).forEach(console::println);
        console.println();
        console.println("results: " + outDir.resolve("results.json"));
        console.println("summary: " + outDir.resolve("summary.md"));
        console.println("report:  " + outDir.resolve("report.html"));
        console.flush();
        return jvm.exitCode();
    }

    private static Path defaultOut(Path home, String name) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return home.resolve("results").resolve(stamp + "-" + name);
    }

    /** {@code --seconds}: a whole number from 1 to {@value DiagnoseRun#MAX_SECONDS}. */
    static final class Seconds implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) Converters.PositiveLong.parse(text, DiagnoseRun.MAX_SECONDS);
        }
    }
}
