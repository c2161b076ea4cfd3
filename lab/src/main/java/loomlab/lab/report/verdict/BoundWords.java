package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.duration;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.percent;
import static loomlab.core.Figures.plain;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.bound.Bound;
import loomlab.core.bound.CpuTerm;
import loomlab.core.bound.Pause;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.bound.WaitTerm;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.BoundFinding;
import loomlab.core.finding.Floor;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.ThreadModelMoot;
import loomlab.core.finding.ToolGap;
import loomlab.core.finding.WaitsOverlapped;
import loomlab.core.finding.WavesExplainGap;

/** An arm against its bound, with the bound's inputs in words; and the handleOrder cases side by side. */
final class BoundWords {
    private BoundWords() {
    }

    static String againstBound(AgainstBound finding) {
        Bound bound = finding.bound();
        boolean time = finding.measure() == Measure.ELAPSED;
        String figure = time ? num(finding.measured()) + " s against a bound of " + num(bound.elapsedS()) + " s"
                : num(finding.measured()) + " successful req/s against a bound of " + num(bound.rps()) + " req/s";
        return finding.arm() + ": " + figure + " (" + percent(finding.efficiency()) + "); " + inputs(bound, time) + ".";
    }

    /** What the bound rests on: the tighter term in full, the other named. */
    static String inputs(Bound bound, boolean time) {
        return switch (bound.basis()) {
            case WAIT -> waiting(bound.waiting(), time) + (bound.cpu() == null ? ""
                    : ", tighter than the CPU's " + num(time ? bound.cpu().elapsedS() : bound.cpu().rps())
                    + (time ? " s" : " req/s"));
            case CPU -> cpu(bound.cpu()) + (bound.waiting() == null ? ""
                    : ", tighter than waiting's " + num(time ? bound.waiting().elapsedS() : bound.waiting().rps())
                    + (time ? " s" : " req/s"));
            case NONE -> "no sound bound";
        };
    }

    private static String waiting(WaitTerm wait, boolean time) {
        int concurrency = wait.concurrency();
        String limit = wait.serverLimit() != null && wait.serverLimit() <= wait.users()
                ? " (the server's limit of " + wait.serverLimit() + ")" : "";
        String source = wait.source() == WaitTerm.Source.ENDPOINT_WAIT ? "the " + duration(wait.waitS())
                + " each request waits" : "the " + duration(wait.waitS()) + " one request took on the unloaded,"
                + " warmed-up server";
        String pause = pause(wait.pause());
        String shape = time ? "waves of " + count(concurrency) + (concurrency == 1 ? " request" : " requests")
                : count(concurrency) + (concurrency == 1 ? " request" : " requests") + " in progress at once";
        return "Little's law with " + shape + limit + " and " + source + pause;
    }

    private static String pause(Pause pause) {
        if (pause.isNone()) {
            return "";
        }
        return pause.model() == Pause.Model.UNIFORM_BEFORE_REQUEST
                ? ", each user pausing a random 0 to " + duration(pause.seconds()) + " before each request (siege -d)"
                : ", each user pausing " + duration(pause.seconds()) + " after each answer";
    }

    private static String cpu(CpuTerm cpu) {
        String shares = cpu.processes().stream().map(p -> role(p.role()) + " " + (p.known()
                ? duration(p.cpuS() / cpu.requests()) : "unknown")).collect(Collectors.joining(", "));
        return "the CPU at this arm's own cost (so the share is its CPU utilisation): " + duration(cpu.cpuPerRequestS())
                + " per request (" + shares + ") over " + cpu.cores() + " cores" + (cpu.incomplete()
                ? ", a floor since a process's CPU is unknown" : "");
    }

    /** The handleOrder cases, one sentence per case with every style's figures. */
    static List<String> handleOrderCases(List<HandleOrderCase> cases) {
        Map<String, List<HandleOrderCase>> byCase = new LinkedHashMap<>();
        cases.forEach(c -> byCase.computeIfAbsent(c.caseName(), k -> new ArrayList<>()).add(c));
        List<String> sentences = new ArrayList<>();
        byCase.forEach((name, styles) -> sentences.add("In " + name + ", " + styles.stream()
                .map(c -> c.style() + " answered after " + num(c.answerMs()) + " ms (" + c.outcome() + "; sibling "
                        + (c.siblingCancelled() ? "cancelled" : "not cancelled") + ", " + c.leaked()
                        + " subtask" + (c.leaked() == 1 ? "" : "s") + " left running)")
                .collect(Collectors.joining(", ")) + "."));
        return sentences;
    }

    static String role(String role) {
        return role.equals(ProcessCpu.GENERATOR) ? "load generator" : role;
    }

    /** The sentence of a finding of this family. */
    static String of(BoundFinding finding) {
        return switch (finding) {
            case AgainstBound bound -> againstBound(bound);
            case PublishedOverBound over -> "The seed published " + over.published().display() + " for "
                    + over.arm().mode() + " (" + over.published().note() + "), " + num(over.serviceTimesOver())
                    + " service times of " + plain(over.seedServiceS()) + " s above the " + plain(over.seedBoundS())
                    + " s its own setting allows.";
            case WaitsOverlapped overlap -> overlap.virtual() + " held " + num(overlap.meanInFlight())
                    + " requests in flight on average (throughput x mean latency), where " + overlap.pool()
                    + " holds at most " + overlap.poolLimit() + ": its requests waited at the same time, not in turn.";
            case SameConcurrency same -> VerdictWriter.join(same.arms()) + ": the load allows only " + same.concurrency()
                    + (same.concurrency() == 1 ? " request" : " requests") + " in progress at once whatever the"
                    + " thread model, so there was nothing for it to change.";
            case WavesExplainGap waves -> waves.pool() + " passed its requests in " + waves.poolWaves()
                    + " waves against " + waves.virtualWaves() + " for " + waves.virtual() + " (" + times(waves.wavesRatio())
                    + "), which matches the " + times(waves.measuredRatio()) + " between their times.";
            case ThreadModelMoot moot -> "With " + moot.users() + " users on a pool of " + moot.poolSize()
                    + " threads (" + moot.pool() + ") every request had a thread of its own, and neither model"
                    + " clearly led.";
            case ToolGap gap -> "Measured by " + gap.engine() + ", " + gap.arm() + " took " + num(gap.elapsedS())
                    + " s against a bound of " + num(gap.boundS()) + " s: " + num(gap.serviceTimesOver())
                    + " service times of " + num(gap.serviceS()) + " s over, as the seed's figures were; where "
                    + gap.engine() + " spent that time is not measured here.";
            case JdbcLimit limit -> LimitWords.sentence(limit);
            case Floor floor -> floor.arm() + " cannot take less than " + num(floor.floorS()) + " s: "
                    + (floor.waves() <= 1 ? "one sleep." : floor.waves() + " waves of sleeps.");
        };
    }
}
