package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import loomlab.core.Figures;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.experiment.StructuredConcurrency;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.Ranking;
import loomlab.core.verdict.Verdict;

/**
 * The one sentence a reader takes away from an experiment, with its key figure: the key fact of its
 * verdict (as its experiment ranked its findings, which the overview reads too) in words; for an
 * assessment, one per JDK.
 */
public final class HeadlineWords {
    /** A headline is read at a glance: at most this many characters. */
    public static final int MAX_LENGTH = 200;

    private HeadlineWords() {
    }

    /** The headline of these findings, summed up by the facts their experiment ({@code ranking}) chose. */
    public static String headline(Ranking ranking, List<Finding> findings) {
        return headline(Verdict.of(ranking, findings));
    }

    public static String headline(Verdict verdict) {
        if (verdict.byJdk() && !verdict.facts().isEmpty()) {
            return capitalised(String.join(" ", verdict.keys().stream().filter(k -> k.fact() != null)
                    .map(k -> clip(prefix(k.jdk()) + onJdk(k.fact()))).toList()));
        }
        return verdict.facts().stream().findFirst().map(HeadlineWords::sentence)
                .or(() -> verdict.opening().map(VerdictWriter::sentence)).map(HeadlineWords::clip).orElse("");
    }

    /**
     * Whether the headline says the finding the verdict opens with whole, as the verdict says it: then
     * the verdict's detail beneath the headline leaves it out.
     */
    static boolean restatesOpening(Verdict verdict) {
        Optional<Finding> opening = verdict.opening();
        return !verdict.byJdk() && opening.isPresent() && verdict.facts().stream().findFirst()
                .flatMap(KeyFact::restates).equals(opening)
                && VerdictWriter.sentence(opening.get()).length() <= MAX_LENGTH;
    }

    /** The key fact of an experiment that is not an assessment. */
    static String sentence(KeyFact fact) {
        return switch (fact) {
            case KeyFact.Collapse c -> collapse(c.collapse());
            case KeyFact.Held h -> connections(h.virtual(), h.platform());
            case KeyFact.CloseWaited w -> closeWaited(w.cases());
            case KeyFact.Comparison c -> c.flagged() ? flagged(c) : LeadWords.sentence(c.lead());
            case KeyFact.Hung h -> hung(h.hang().arm().name(), h.hang());
            case KeyFact.Reactive r -> ReactiveWords.headline(r.comparisons());
            case KeyFact.Opening o -> VerdictWriter.sentence(o.finding());
            case KeyFact.Diagnosis d -> DiagnoseWords.headline(d.diagnosed().jvm());
            case KeyFact.Capacity c -> onJdk(c);
            case KeyFact.NotCompared n -> onJdk(n);
        };
    }

    /** An assessment's key fact on one JDK: an arm's hang, else the capacity lead with the sites that pinned. */
    static String onJdk(KeyFact fact) {
        return switch (fact) {
            case KeyFact.Hung h -> hung("the " + h.hang().arm().mode() + " arm", h.hang());
            case KeyFact.Capacity c -> capacity(c.lead()) + pins(c.pins()) + ".";
            case KeyFact.NotCompared n -> VerdictWriter.sentence(n.why());
            default -> sentence(fact);
        };
    }

    private static String prefix(Integer jdk) {
        return jdk == null ? "" : "JDK " + jdk + ": ";
    }

    /**
     * The capacity comparison in a clause: a lead only beyond the spread of repeated runs; one run says
     * whose figure was higher and that it measured no spread.
     */
    static String capacity(CapacityLead lead) {
        String figures = lead.runs() >= 2 ? " (" + AssessWords.median(lead.virtualRuns(), lead.virtualCapacity())
                + " against " + AssessWords.median(lead.platformRuns(), lead.platformCapacity()) + " req/s at the p99"
                + " target, " + lead.runs() + " runs)" : " (" + lead.virtualCapacity().figure() + " against "
                + lead.platformCapacity().figure() + " req/s at the p99 target)";
        // A lead the deciding windows made says so, with the figure a reader can check.
        String sideBySide = lead.leader() != Leader.NEITHER && lead.decidingRateRps() != null
                ? figures.substring(0, figures.length() - 1) + "; side by side at " + Figures.num(lead.decidingRateRps())
                + " req/s, 1 fluke in " + AssessWords.oneIn(lead.chance()) + ")" : figures;
        return switch (lead.leader()) {
            case FIRST -> "virtual threads carried " + virtualAhead(lead) + sideBySide;
            case SECOND -> "the platform pool carried " + poolAhead(lead) + sideBySide;
            case NEITHER -> lead.why() != CapacityLead.Tie.OVERLAP ? switch (lead.ahead()) {
                case FIRST -> "virtual threads at " + virtualAhead(lead);
                case SECOND -> "the platform pool at " + poolAhead(lead);
                case NEITHER -> "neither thread model ahead";
            } + figures.substring(0, figures.length() - 1) + switch (lead.why()) {
                case NOT_STEADY -> "; an arm not steady after its warm-up, so no lead)";
                case TOO_FEW -> "; too few " + (lead.decidingRateRps() != null ? "windows" : "runs") + " to call it a"
                        + " lead, 1 fluke in " + AssessWords.oneIn(lead.chance()) + ")";
                case WINDOWS_DISAGREE -> "; side by side at " + Figures.num(lead.decidingRateRps()) + " req/s the"
                        + " windows were not apart, so no lead)";
                case ONE_RUN, OVERLAP -> "; one run: spread not measured, so no lead)";
            }
                    : "neither thread model led" + (lead.runs() >= 2 ? figures : figures.substring(0,
                    figures.length() - 1) + "; one run: spread not measured)");
        };
    }

    /** {@code 5.0x the pool's capacity}, for a virtual range above the pool's. */
    private static String virtualAhead(CapacityLead lead) {
        return (lead.ratio() != null ? times(lead.ratio()) : "at least " + times(lead.ratioLow()))
                + " the pool's capacity";
    }

    /** {@code 2.0x virtual threads' capacity}, for a pool's range above the virtual arm's (whose top is then known). */
    private static String poolAhead(CapacityLead lead) {
        return times(lead.ratio() != null ? 1 / lead.ratio() : 1 / lead.ratioHigh()) + " virtual threads' capacity";
    }

    /** {@code ; 3519 pins at PinApp.handle:17} when JFR recorded pins at a site of the virtual arm. */
    private static String pins(PinningSitesFound found) {
        return found == null ? "" : "; " + found.pinning().events() + " pins at "
                + found.pinning().sites().getFirst().frame();
    }

    /** Both arms of the connections experiment: what each held, the memory each connection took, the limit. */
    static String connections(ConnectionsHeld v, ConnectionsHeld p) {
        boolean memory = v.rssPerConnectionKb() != null && p.rssPerConnectionKb() != null;
        StringBuilder out = new StringBuilder();
        if (v.held() == p.held()) {
            out.append("Both thread models held ").append(Figures.count(v.held())).append(" connections");
            if (memory) {
                out.append(": ").append(num(v.rssPerConnectionKb())).append(" KB of server RSS each on virtual, ")
                        .append(num(p.rssPerConnectionKb())).append(" KB on platform threads");
            }
        } else {
            out.append("Virtual threads held ").append(Figures.count(v.held())).append(" connections")
                    .append(memory ? " at " + num(v.rssPerConnectionKb()) + " KB of server RSS each" : "")
                    .append(", platform threads ").append(Figures.count(p.held()))
                    .append(memory ? " at " + num(p.rssPerConnectionKb()) + " KB" : "");
        }
        // A cap is the lab's prediction, not a limit met: "stopped" is kept for a ramp that failed by itself.
        if (v.limit() != null && p.limit() != null && v.limit().name().equals(p.limit().name())) {
            out.append("; both stopped at ").append(v.limit().name());
        } else if (v.limit() == null && p.limit() == null && v.cappedAt() != null && v.cappedAt().equals(p.cappedAt())) {
            out.append("; both capped by the lab at ").append(Figures.count(v.cappedAt().count())).append(" (")
                    .append(v.cappedAt().limitName()).append(" less its reserve)");
        } else {
            for (ConnectionsHeld arm : List.of(p, v)) {
                if (arm.limit() != null) {
                    out.append("; ").append(arm.arm().mode()).append(" stopped at ").append(arm.limit().name());
                } else if (arm.cappedAt() != null) {
                    out.append("; ").append(arm.arm().mode()).append(" capped by the lab at ")
                            .append(Figures.count(arm.cappedAt().count()));
                }
            }
        }
        return out.append('.').toString();
    }

    /**
     * The structured-concurrency cases where the executor closed by try-with-resources kept its caller
     * waiting for a sibling it did not cancel, against the scope's answer in the same cases.
     */
    static String closeWaited(List<CloseWaitedForSibling> waits) {
        String cases = waits.size() == 1 ? "In " + waits.getFirst().executor().param(StructuredConcurrency.CASE)
                .map(c -> c.shown(StructuredConcurrency.CASE)).orElse("one case")
                : "In " + waits.size() + " cases with a failure or an interruption";
        return cases + ", the scope answered in " + range(waits, CloseWaitedForSibling::scopeAnswerMs)
                + "; the executor closed by try-with-resources took " + range(waits,
                CloseWaitedForSibling::executorAnswerMs) + ", waiting for the sibling it did not cancel.";
    }

    /** {@code 80.5 ms}, or {@code 58.5 to 80.5 ms}: the lowest and highest of several. */
    private static String range(List<CloseWaitedForSibling> waits,
                                ToDoubleFunction<CloseWaitedForSibling> figure) {
        double low = waits.stream().mapToDouble(figure).min().orElseThrow();
        double high = waits.stream().mapToDouble(figure).max().orElseThrow();
        return num(low).equals(num(high)) ? num(low) + " ms" : num(low) + " to " + num(high) + " ms";
    }

    /**
     * A comparison that rests on a flagged arm, the flags' kinds first so that they are read before the
     * lead, in few words so that the lead's figures survive the clip; the verdict gives each flag whole.
     */
    private static String flagged(KeyFact.Comparison comparison) {
        String kinds = comparison.taints().stream().map(FlagText::tag).distinct().collect(Collectors.joining(", "));
        return "Flagged (" + kinds + "): " + LeadWords.headline(comparison.lead());
    }

    static String collapse(PinningCollapse c) {
        return "Inside synchronized on " + c.carriers() + " carriers: " + num(c.pinningRps()) + " req/s on JDK "
                + c.pinning().jdk() + " against " + num(c.freeRps()) + " on JDK " + c.free().jdk() + " ("
                + times(c.freeRps() / c.pinningRps()) + "), " + c.pinningEvents() + " pinned events against "
                + c.freeEvents() + ".";
    }

    private static String hung(String who, ArmHung h) {
        Diagnosis how = h.hang().classification();
        return who + " hung: " + BreakageWords.kinds(how) + (how.frames().isEmpty() ? "" : " at " + how.frames().getFirst())
                + ", caught " + num(h.hang().silentS()) + " s after the last answer.";
    }

    private static String capitalised(String sentence) {
        return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    /** At most {@link #MAX_LENGTH} characters, cut at a word. */
    static String clip(String sentence) {
        if (sentence.length() <= MAX_LENGTH) {
            return sentence;
        }
        int cut = sentence.lastIndexOf(' ', MAX_LENGTH - 1);
        return sentence.substring(0, cut > 0 ? cut : MAX_LENGTH - 1) + "…";
    }
}
