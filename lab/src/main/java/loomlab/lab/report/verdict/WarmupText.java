package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.millis;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.percent;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;

/** The words of an arm's warm-up to a steady state, for the console, the tables and the findings. */
public final class WarmupText {
    private WarmupText() {
    }

    /**
     * {@code steady after T s (N requests, the JIT's CPU C s)}, or {@code not steady after T s (...): the JIT
     * still took P% of a core}.
     */
    public static String summary(WarmupEvidence evidence) {
        String figures = num(evidence.seconds()) + " s (" + count(evidence.requests()) + " requests"
                + (evidence.jitCpuSeconds() == null ? ", the JIT's CPU not read" : ", the JIT's CPU "
                + num(evidence.jitCpuSeconds()) + " s") + ")";
        String unread = unread(evidence.last());
        return evidence.steady() ? "steady after " + figures + unread
                : "not steady after " + figures + ": " + unsettled(evidence) + unread;
    }

    /** A table cell: {@code steady, T s} or {@code not steady, T s}. */
    public static String cell(WarmupEvidence evidence) {
        return (evidence.steady() ? "steady, " : "not steady, ") + num(evidence.seconds()) + " s";
    }

    /** What kept the last windows from agreeing: {@code the JIT still took P% of a core; CPU per request moved Q%}. */
    public static String unsettled(WarmupEvidence evidence) {
        SteadyRule.Judgement last = evidence.last();
        List<String> why = new ArrayList<>();
        for (SteadyRule.Unsettled reason : last.unsettled()) {
            why.add(switch (reason) {
                case TOO_FEW_WINDOWS -> "fewer than " + evidence.rule().windows() + " windows fitted in the cap";
                case JIT -> "the JIT still took up to " + percent(last.jitCoreShare()) + " of a core";
                case THROUGHPUT -> "throughput still moved " + percent(last.throughputSpread());
                case CPU_PER_REQUEST -> "CPU per request still moved " + percent(last.cpuSpread());
                case NO_ANSWERS -> "a window got no answer";
            });
        }
        return String.join("; ", why) + " over the last " + evidence.rule().windows() + " windows";
    }

    /** The rule in words: {@code JIT at most 5% of a core, throughput and CPU per request within 5%, ...}. */
    public static String rule(SteadyRule rule) {
        return "steady once, over " + rule.windows() + " consecutive windows of " + millis(rule.window().toMillis())
                + " at " + rule.users() + " users, the JIT took at most " + percent(rule.jitCoreShare())
                + " of a core, throughput stayed within " + percent(rule.agreement()) + " and CPU per request within "
                + percent(rule.agreement()) + " or " + percent(rule.jitCoreShare()) + " of a core at the load, within "
                + millis(rule.cap().toMillis());
    }

    private static String unread(SteadyRule.Judgement last) {
        List<String> names = last.unread().stream().map(u -> switch (u) {
            case JIT -> "the JIT's CPU";
            case CPU -> "the service's CPU";
        }).toList();
        return names.isEmpty() ? "" : " (" + String.join(" and ", names) + " not read: judged without)";
    }
}
