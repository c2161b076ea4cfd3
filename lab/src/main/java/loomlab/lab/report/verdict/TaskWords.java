package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.experiment.NoisyNeighbour;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.FairnessEffect;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.HelloBesideCpu;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Mitigations;
import loomlab.core.finding.PlatformStoppedFirst;
import loomlab.core.finding.TaskFinding;
import loomlab.core.finding.ThreadsHeld;
import loomlab.core.finding.TunedRun;

/** The task experiments' findings in words: fairness, its mitigations and server arms, thread limits. */
final class TaskWords {
    private TaskWords() {
    }

    static String fairnessEffect(FairnessEffect effect) {
        String size = effect.virtual().param(NoisyNeighbour.HEAVY).map(a -> "With heavy tasks of "
                + a.shown(NoisyNeighbour.HEAVY)).orElse("With the seed's heavy tasks");
        String heavy = effect.heavyTaskMs() == null ? "" : ", one of which took " + num(effect.heavyTaskMs()) + " ms";
        return switch (effect.effect()) {
            case QUEUEING_BEHIND_STARTS -> size + heavy + ", less than the " + num(effect.platformStartUs() / 1000)
                    + " ms starting a platform thread took, and at most " + effect.peakHeavyRunning() + " ran at once on "
                    + effect.cores() + " cores: on platform threads each was mostly done before the next"
                    + " thread was running, so light tasks hardly queued there; what the virtual arm's wait shows is"
                    + " first-in-first-out queueing behind cheap virtual-thread starts, not the scheduler's missing"
                    + " time-slicing.";
            case MISSING_TIME_SLICING -> size + heavy + ", up to " + effect.peakHeavyRunning() + " ran at once on"
                    + " platform threads on " + effect.cores() + " cores: the OS time-sliced them and light tasks still"
                    + " started promptly, while on virtual threads the light tasks waited for carriers that heavy tasks"
                    + " held to the end: the virtual scheduler's missing time-slicing.";
            case NO_VIRTUAL_PENALTY -> size + heavy + ", light tasks did not wait longer on virtual threads,"
                    + " so there is no effect to explain.";
            case WITHIN_CORES -> size + heavy + ", at most " + effect.peakHeavyRunning() + " ran at once on platform"
                    + " threads on " + effect.cores() + " cores: the OS had nothing to time-slice, so its time-slicing"
                    + " does not explain why light tasks waited longer on virtual threads, and these figures give no"
                    + " other cause.";
            case UNDECIDED -> size + heavy + ", less than a platform thread's start (" + num(effect.platformStartUs()
                    / 1000) + " ms), yet up to " + effect.peakHeavyRunning() + " ran at once on " + effect.cores()
                    + " cores: the figures decide neither queueing behind starts nor the missing time-slicing.";
            case NOT_MEASURED -> size + heavy + ", the program did not report " + missing(effect)
                    + ", so which effect this shows cannot be told.";
        };
    }

    /** The figures a fairness arm did not report, as a clause. */
    private static String missing(FairnessEffect effect) {
        List<String> missing = new ArrayList<>();
        if (effect.heavyTaskMs() == null) {
            missing.add("how long a heavy task took");
        }
        if (effect.platformStartUs() == null) {
            missing.add("how long a platform thread took to start");
        }
        if (effect.peakHeavyRunning() == null) {
            missing.add("how many heavy tasks ran at once");
        }
        return String.join(" or ", missing);
    }

    static String mitigations(Mitigations m) {
        List<Mitigations.Mitigation> within = m.withinLimit();
        String threshold = "within " + times(m.within()) + " of platform threads' light-task p99 ("
                + num(m.platformP99Ms()) + " ms)";
        if (within.isEmpty()) {
            Mitigations.Mitigation closest = m.arms().getFirst();
            return "No mitigation brought the virtual light-task p99 " + threshold + "; the closest, " + cost(closest, m)
                    + ", stayed at " + times(closest.lightP99Ms() / m.platformP99Ms()) + ".";
        }
        int others = m.arms().size() - within.size();
        return (within.size() == 1 ? "One mitigation brought" : within.size() + " mitigations brought")
                + " the virtual light-task p99 " + threshold + ": " + within.stream().map(x -> cost(x, m))
                .collect(Collectors.joining("; ")) + "." + (others == 0 ? "" : " The other " + others
                + " stayed above " + num(m.within() * m.platformP99Ms()) + " ms.");
    }

    private static String cost(Mitigations.Mitigation x, Mitigations m) {
        return x.arm().mode() + " (p99 " + num(x.lightP99Ms()) + " ms; heavy tasks done after " + num(x.heavyDoneMs())
                + " ms, " + times(x.heavyDoneMs() / m.virtualHeavyDoneMs()) + " plain virtual's and "
                + times(x.heavyDoneMs() / m.platformHeavyDoneMs()) + " platform's)";
    }

    static String helloBesideCpu(HelloBesideCpu h) {
        HelloBesideCpu.Arm virtual = h.arms().stream().filter(a -> a.key().equals(h.virtual())).findFirst().orElseThrow();
        HelloBesideCpu.Arm best = h.arms().stream().filter(a -> a.key().equals(h.best())).findFirst().orElseThrow();
        StringBuilder out = new StringBuilder("Through " + (virtual.key().server() == null ? "the server"
                : virtual.key().server().id()) + ", with " + virtual.cpuUsers() + " users keeping /cpu/"
                + virtual.cpuIterations() + " busy (" + num(virtual.cpuP50Ms()) + " ms each at the median on virtual"
                + " threads), /hello at " + num(virtual.helloRateRps()) + " requests/s had a p50/p99 from its intended"
                + " send time of " + h.arms().stream().map(a -> num(a.helloP50Ms()) + "/" + num(a.helloP99Ms())
                + " ms on " + a.key().mode()).collect(Collectors.joining(", ")) + ".");
        // A lead only beyond a measured spread; one run says whose p99 was the lower and that it names no lead.
        boolean named = h.lead().leader() != Leader.NEITHER;
        String oneRun = h.lead().byRanges() ? "" : " " + AssessWords.ONE_RUN + ", so no lead is named:";
        switch (named ? h.lead().leader() : h.lead().ahead()) {
            case SECOND -> {
                out.append(oneRun).append(named ? " The " + best.key().mode() + " pool kept /hello fastest (p99 "
                                : " /hello's p99 was lowest on the " + best.key().mode() + " pool (")
                        .append(num(best.helloP99Ms())).append(" against ").append(num(virtual.helloP99Ms()))
                        .append(" ms on virtual threads)");
                out.append(h.spareThreads() ? ": it had more threads than /cpu users, so /hello got one at once." : ".");
                if (h.waitedBehindCpu()) {
                    out.append(" On virtual threads /hello's p99 reached about a /cpu request's median, which is"
                            + " consistent with waiting for a carrier that a /cpu request held until it ended (these"
                            + " figures give the wait's length, not its cause; a stall's thread dumps give that).");
                }
            }
            case FIRST -> out.append(oneRun).append(named ? " Virtual threads kept /hello faster than any pool (p99 "
                            : " /hello's p99 was lower on virtual threads than on any pool (")
                    .append(num(virtual.helloP99Ms())).append(" against ").append(num(best.helloP99Ms()))
                    .append(" ms on ").append(best.key().mode()).append(").");
            case NEITHER -> out.append(named || h.lead().byRanges() ? " Neither kept /hello clearly faster: their"
                    + " measured ranges overlap." : oneRun + " /hello's p99 was " + num(virtual.helloP99Ms())
                    + " ms on virtual threads and on the " + best.key().mode() + " pool alike.");
        }
        for (var pool : h.queuedPools()) {
            HelloBesideCpu.Arm queued = h.arms().stream().filter(a -> a.key().equals(pool)).findFirst().orElseThrow();
            out.append(" ").append(pool.mode()).append(", no larger than the ").append(queued.cpuUsers())
                    .append(" /cpu users, left /hello queueing for a free thread (p99 ").append(num(queued.helloP99Ms()))
                    .append(" ms).");
        }
        for (var tail : h.farTails()) {
            HelloBesideCpu.Arm far = h.arms().stream().filter(a -> a.key().equals(tail)).findFirst().orElseThrow();
            out.append(" On ").append(tail.mode()).append(" the slowest /hello took ").append(num(far.helloMaxMs()))
                    .append(" ms, ").append(times(far.helloMaxMs() / far.helloP99Ms())).append(" its p99")
                    .append(far.cpuP50Ms() == null ? "" : " and as long as " + Math.round(far.helloMaxMs()
                            / far.cpuP50Ms()) + " /cpu requests at their median")
                    .append(": a rare wait the percentiles do not show, whose cause these figures do not give (the"
                            + " watchdog's stalls, where it caught one, give what the thread dumps showed).");
        }
        out.append(" Meanwhile the server completed ").append(h.arms().stream().map(a -> count(a.cpuRequests())
                + " /cpu requests on " + a.key().mode()).collect(Collectors.joining(", "))).append('.');
        return out.toString();
    }

    static String threadsHeld(ThreadsHeld held) {
        String parked = held.parked() == null ? "" : ", read after " + count(held.parked()) + " had parked";
        return capitalised(held.arm().name()) + " threads: " + count(held.started()) + " started in "
                + num(held.elapsedS()) + " s before " + stop(held.stoppedBy(), held.error(), held.cap())
                + (held.rssPerThreadKb() == null ? "." : ", " + num(held.rssPerThreadKb()) + " KB of RSS each" + parked
                + ".");
    }

    static String stop(String stoppedBy, String error, int cap) {
        return switch (stoppedBy) {
            case ThreadLimitArmResult.STOPPED_BY_CAP -> "reaching the cap of " + count(cap);
            case ThreadLimitArmResult.STOPPED_BY_TIME -> "the time limit";
            default -> "an error: " + error;
        };
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The sentence of a finding of this family. */
    static String of(TaskFinding finding) {
        return switch (finding) {
            case FairnessEffect effect -> fairnessEffect(effect);
            case Mitigations mitigations -> mitigations(mitigations);
            case HelloBesideCpu hello -> helloBesideCpu(hello);
            case TunedRun tuned -> tuned.arm() + " (timed in the process, after " + tuned.warmupRounds()
                    + " warm-up rounds): " + count(tuned.tasks()) + " tasks took " + num(tuned.inProcessS()) + " s, "
                    + num(tuned.inProcessS() - tuned.floorS()) + " s above the " + num(tuned.floorS()) + " s floor ("
                    + num(tuned.wallS()) + " s from process start to exit); no published figure sits beside a tuned"
                    + " run.";
            case ThreadsHeld held -> threadsHeld(held);
            case PlatformStoppedFirst first -> "Platform threads stopped at " + count(first.platformStarted()) + " ("
                    + stop(first.stoppedBy(), first.error(), 0) + ") while virtual threads reached "
                    + count(first.virtualStarted()) + ".";
            case HandleOrderCase ignored -> "";
            case CloseWaitedForSibling waited -> "The executor closed by try-with-resources (" + waited.executor()
                    + ") answered after " + num(waited.executorAnswerMs()) + " ms against the scope's "
                    + num(waited.scopeAnswerMs()) + " ms: its close() waited for the sibling it did not cancel.";
        };
    }
}
