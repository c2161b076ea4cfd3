package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import loomlab.core.Figures;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.experiment.Connections;
import loomlab.core.experiment.StructuredConcurrency;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.KeyLead;
import loomlab.core.finding.Lead;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.lab.report.FlagText;

/**
 * The one sentence a reader takes away from an experiment, with its key figure, built from the same
 * findings as the verdict it opens; for an assessment, one per JDK. What leads: the collapse the
 * pinning experiment exists to show, the connections held, the executor's close that waited for a
 * sibling (structured concurrency's point), a comparison that named a winner between unflagged arms, an arm
 * that hung, a comparison that did not ({@link KeyLead}: one resting on a flagged arm says so first);
 * failing all of them, the verdict's first sentence.
 */
public final class HeadlineWords {
    /** A headline is read at a glance: at most this many characters. */
    public static final int MAX_LENGTH = 200;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.;:])\\s+(?=[A-Z])");

    private HeadlineWords() {
    }

    public static String headline(List<Finding> findings) {
        if (findings.stream().anyMatch(f -> f instanceof CapacityLead)) {
            return capitalised(String.join(" ", perJdk(findings)));
        }
        List<VirtualVersusReactive> reactive = findings.stream().filter(VirtualVersusReactive.class::isInstance)
                .map(VirtualVersusReactive.class::cast).toList();
        if (!reactive.isEmpty()) {
            return clip(ReactiveWords.headline(reactive));
        }
        Optional<KeyLead.Choice> key = KeyLead.of(findings);
        Optional<String> chosen = first(findings, PinningCollapse.class).map(HeadlineWords::collapse)
                .or(() -> connections(findings))
                .or(() -> closeWaited(findings))
                .or(() -> KeyLead.decisiveClean(findings).map(LeadWords::sentence))
                .or(() -> first(findings, ArmHung.class).map(h -> hung(h.arm().name(), h)))
                .or(() -> key.map(c -> c.flagged() ? flagged(c.lead(), findings) : LeadWords.sentence(c.lead())));
        return clip(chosen.orElseGet(() -> firstSentence(VerdictWriter.write(findings))));
    }

    /** An assessment's: per JDK, an arm's hang, else the capacity lead, with the sites that pinned. */
    static List<String> perJdk(List<Finding> findings) {
        Map<Integer, String> byJdk = new LinkedHashMap<>();
        for (Finding finding : findings) {
            if (finding instanceof ArmHung h && !byJdk.containsKey(h.arm().jdk())) {
                byJdk.put(h.arm().jdk(), prefix(h.arm()) + hung("the " + h.arm().mode() + " arm", h));
            }
        }
        for (Finding finding : findings) {
            if (finding instanceof CapacityLead lead && !byJdk.containsKey(lead.virtual().jdk())) {
                byJdk.put(lead.virtual().jdk(), prefix(lead.virtual()) + capacity(lead) + pins(findings,
                        lead.virtual()) + ".");
            }
        }
        return byJdk.values().stream().map(HeadlineWords::clip).toList();
    }

    private static String prefix(ArmKey arm) {
        return arm.jdk() == null ? "" : "JDK " + arm.jdk() + ": ";
    }

    /**
     * The capacity comparison in a clause: a lead only beyond the spread of repeated runs; one run says
     * whose figure was higher and that it measured no spread.
     */
    static String capacity(CapacityLead lead) {
        String figures = lead.runs() >= 2 ? " (" + AssessWords.median(lead.virtualRuns(), lead.virtualCapacity())
                + " against " + AssessWords.median(lead.platformRuns(), lead.platformCapacity()) + " req/s at the p99"
                + " target, " + lead.runs() + " runs)" : " (" + Figures.capacity(lead.virtualCapacity()) + " against "
                + Figures.capacity(lead.platformCapacity()) + " req/s at the p99 target)";
        return switch (lead.leader()) {
            case FIRST -> "virtual threads carried " + virtualAhead(lead) + figures;
            case SECOND -> "the platform pool carried " + poolAhead(lead) + figures;
            case NEITHER -> lead.why() == CapacityLead.Tie.ONE_RUN ? switch (lead.ahead()) {
                case FIRST -> "virtual threads at " + virtualAhead(lead);
                case SECOND -> "the platform pool at " + poolAhead(lead);
                case NEITHER -> "neither thread model ahead";
            } + figures.substring(0, figures.length() - 1) + "; one run: spread not measured, so no lead)"
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
    private static String pins(List<Finding> findings, ArmKey virtual) {
        return findings.stream().filter(f -> f instanceof PinningSitesFound p && p.arm().equals(virtual))
                .map(f -> ((PinningSitesFound) f).pinning())
                .filter(p -> p.read() && p.events() > 0 && !p.sites().isEmpty())
                .map(p -> "; " + p.events() + " pins at " + p.sites().getFirst().frame()).findFirst().orElse("");
    }

    /** Both arms of the connections experiment: what each held, the memory each connection took, the limit. */
    static Optional<String> connections(List<Finding> findings) {
        Optional<ConnectionsHeld> virtual = findings.stream().filter(f -> f instanceof ConnectionsHeld h
                && h.arm().mode().equals(Connections.VIRTUAL)).map(ConnectionsHeld.class::cast).findFirst();
        Optional<ConnectionsHeld> platform = findings.stream().filter(f -> f instanceof ConnectionsHeld h
                && h.arm().mode().equals(Connections.PLATFORM)).map(ConnectionsHeld.class::cast).findFirst();
        if (virtual.isEmpty() || platform.isEmpty()) {
            return Optional.empty();
        }
        ConnectionsHeld v = virtual.get();
        ConnectionsHeld p = platform.get();
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
        return Optional.of(out.append('.').toString());
    }

    /**
     * The structured-concurrency cases where the executor closed by try-with-resources kept its caller
     * waiting for a sibling it did not cancel, against the scope's answer in the same cases.
     */
    static Optional<String> closeWaited(List<Finding> findings) {
        List<CloseWaitedForSibling> waits = findings.stream().filter(CloseWaitedForSibling.class::isInstance)
                .map(CloseWaitedForSibling.class::cast).toList();
        if (waits.isEmpty()) {
            return Optional.empty();
        }
        String cases = waits.size() == 1 ? "In " + waits.getFirst().executor().param(StructuredConcurrency.CASE)
                .orElse("one case") : "In " + waits.size() + " cases with a failure or an interruption";
        return Optional.of(cases + ", the scope answered in " + range(waits, CloseWaitedForSibling::scopeAnswerMs)
                + "; the executor closed by try-with-resources took " + range(waits,
                CloseWaitedForSibling::executorAnswerMs) + ", waiting for the sibling it did not cancel.");
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
    private static String flagged(Lead lead, List<Finding> findings) {
        String kinds = findings.stream().filter(f -> f instanceof Flagged g
                        && (g.arm().equals(lead.first()) || g.arm().equals(lead.second())))
                .flatMap(f -> ((Flagged) f).flags().stream()).filter(ArmFlag::taintsFigures).map(FlagText::tag)
                .distinct().collect(Collectors.joining(", "));
        return "Flagged (" + kinds + "): " + LeadWords.sentence(lead);
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

    /** The verdict's first sentence, where no finding of the kinds above speaks for the experiment. */
    static String firstSentence(String verdict) {
        return SENTENCE_END.split(Objects.requireNonNullElse(verdict, "").strip(), 2)[0];
    }

    /** At most {@link #MAX_LENGTH} characters, cut at a word. */
    static String clip(String sentence) {
        if (sentence.length() <= MAX_LENGTH) {
            return sentence;
        }
        int cut = sentence.lastIndexOf(' ', MAX_LENGTH - 1);
        return sentence.substring(0, cut > 0 ? cut : MAX_LENGTH - 1) + "…";
    }

    private static <T extends Finding> Optional<T> first(List<Finding> findings, Class<T> kind) {
        return findings.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }
}
