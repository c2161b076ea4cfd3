package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.Assessment;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/**
 * Every arm of every experiment answers what its work runs on as the arm really runs it: the threads
 * are read from what the arm hands its program or its server (a program's {@code --threads}, an
 * executor, a benchmark, a server's serving model), and the arm's mode must say the same, whether it
 * is an executor or a program's own word.
 */
class ArmThreadsTest {
    /**
     * The fairness program's modes and the threads its light tasks, whose waits are the arm's figures,
     * start on: {@code split} runs its heavy tasks on platform threads and its light ones on virtual.
     */
    private static final Map<String, Threads> FAIRNESS_LIGHT_TASKS = Map.of("platform", Threads.PLATFORM,
            "virtual", Threads.VIRTUAL, "virtual-parallelism", Threads.VIRTUAL, "virtual-offload", Threads.VIRTUAL,
            "virtual-yield", Threads.VIRTUAL, "split", Threads.VIRTUAL);
    private static final Pattern BENCHMARK = Pattern.compile("LoomBenchmark\\\\\\.(platform|virtual)\\w*\\$");

    @Test
    void everyArmOfEveryExperimentAnswersTheThreadsItRunsOn() {
        List<String> checked = new ArrayList<>();
        for (Experiment experiment : experiments()) {
            for (Profile profile : Profile.values()) {
                for (ArmPlan plan : experiment.plan(profile)) {
                    String arm = experiment.name() + " " + profile.id() + " " + plan.key().name();
                    Threads runsOn = runsOn(plan, arm);
                    ArmMode mode = plan.key().mode();
                    assertEquals(Optional.of(runsOn), mode.threads(), arm);
                    assertEquals(runsOn == Threads.VIRTUAL, mode.onVirtualThreads(), arm);
                    assertEquals(runsOn == Threads.EVENT_LOOP, mode.onEventLoop(), arm);
                    assertEquals(runsOn == Threads.PLATFORM, mode.onPlatformThreads(), arm);
                    checked.add(experiment.name() + ":" + runsOn);
                }
            }
        }
        // Each kind of threads is checked somewhere, and the arms of programs' own words among them.
        for (String expected : List.of("connections:virtual", "thread-limit:virtual", "fairness:virtual",
                "structured-concurrency:virtual", "structured-concurrency:platform", "reactive:event-loop",
                "assess:platform", "assess:virtual", "jmh:virtual", "task-throughput:virtual")) {
            assertTrue(checked.contains(expected), expected + " in " + checked.stream().distinct().toList());
        }
    }

    @Test
    void theArmsThatRunOnVirtualThreadsUnderAProgramsOwnWordSaySo() {
        List<ArmMode> words = experiments().stream().flatMap(e -> e.plan(Profile.QUICK).stream())
                .map(p -> p.key().mode()).filter(m -> m instanceof ArmMode.Named).toList();
        assertTrue(words.contains(Connections.VIRTUAL) && Connections.VIRTUAL.onVirtualThreads(),
                "the connections experiment's virtual arm");
        assertTrue(words.contains(ThreadLimit.VIRTUAL) && ThreadLimit.VIRTUAL.onVirtualThreads());
        assertTrue(words.contains(NoisyNeighbour.VIRTUAL_OFFLOAD) && NoisyNeighbour.VIRTUAL_OFFLOAD.onVirtualThreads());
        for (ArmMode word : words) {
            Threads.spelledBy(word.toString()).ifPresent(spelled -> assertEquals(Optional.of(spelled), word.threads(),
                    "a word that spells threads runs on them: " + word));
        }
        // Reversed: the platform arms of the same experiments do not.
        assertFalse(Connections.PLATFORM.onVirtualThreads());
        assertFalse(ThreadLimit.PLATFORM.onVirtualThreads());
    }

    private static List<Experiment> experiments() {
        List<Experiment> all = new ArrayList<>(Experiments.standard(2).all());
        all.add(new Assessment("app.jar", null, List.of(), List.of(new Carriers(4))));
        all.add(new Assessment("app.jar", 10, List.of(21, 25)));
        return all;
    }

    /** The threads the arm's work runs on, read from what it hands its program or its server. */
    private static Threads runsOn(ArmPlan plan, String arm) {
        return switch (plan) {
            case HttpArmPlan http -> http.executorMode().threads();
            case JdbcArmPlan jdbc -> jdbc.http().executorMode().threads();
            case PinningArmPlan pinning -> pinning.http().executorMode().threads();
            case NoisyServerArmPlan noisy -> noisy.executorMode().threads();
            case ConnectionsArmPlan connections -> Threads.parse(connections.threads()); // the server's --threads
            case ReactiveArmPlan reactive -> served(reactive.arm());
            case AssessArmPlan assessed -> served(assessed);
            case TaskArmPlan task -> ranBy(task, arm);
            default -> fail("no rule for the threads of " + plan.getClass().getSimpleName() + " (" + arm + ")");
        };
    }

    /**
     * A served arm: WebFlux serves on its event loop, a pool or virtual threads as its executor says, and
     * a framework's own pool (a word, no executor) on platform threads.
     */
    private static Threads served(AssessArmPlan arm) {
        if (ServerId.WEBFLUX.equals(arm.key().server())) {
            return Threads.EVENT_LOOP;
        }
        ArmMode mode = arm.key().mode();
        if (mode instanceof ServingModel.EventLoop) {
            return Threads.EVENT_LOOP;
        }
        return mode.executor().map(ExecutorMode::threads).orElse(Threads.PLATFORM);
    }

    /** A task program's arm: what its arguments tell the program to start. */
    private static Threads ranBy(TaskArmPlan task, String arm) {
        List<String> args = task.args();
        return switch (task.program()) {
            case FAIRNESS -> {
                Threads light = FAIRNESS_LIGHT_TASKS.get(after(args, "--mode", arm));
                yield light != null ? light : fail("a fairness mode this test does not know: " + arm);
            }
            case THREAD_LIMIT -> Threads.parse(after(args, "--threads", arm));
            case TASK_THROUGHPUT -> ExecutorMode.parse(after(args, "--executor", arm)).threads();
            case STRUCTURED_CONCURRENCY -> "scope".equals(after(args, "--styles", arm))
                    ? Threads.VIRTUAL // StructuredTaskScope.open() forks a virtual thread per subtask
                    : ExecutorMode.parse(after(args, "--executor", arm)).threads();
            case JMH -> {
                Matcher benchmark = BENCHMARK.matcher(args.getFirst());
                yield benchmark.matches() ? Threads.parse(benchmark.group(1))
                        : fail("a benchmark named for neither platform nor virtual threads: " + args.getFirst());
            }
        };
    }

    private static String after(List<String> args, String option, String arm) {
        int at = args.indexOf(option);
        return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : fail(arm + " passes no " + option + ": " + args);
    }
}
