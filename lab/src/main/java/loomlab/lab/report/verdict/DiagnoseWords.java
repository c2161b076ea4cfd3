package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.plain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.diagnose.Found;
import loomlab.core.diagnose.PinsRecorded;
import loomlab.core.diagnose.Stillness;
import loomlab.core.diagnose.Target;
import loomlab.core.finding.DiagnoseFinding;
import loomlab.core.finding.Diagnosed;
import loomlab.core.fixes.FixMatch;
import loomlab.core.fixes.KnownFix;
import loomlab.core.fixes.Versions;
import loomlab.core.pinning.PinningSite;

/**
 * A diagnosis in words: what broke (each kind as {@link BreakageWords} words it), the evidence the
 * dumps gave for a hang or a stall, the known fixes its stacks show with the version that ran, and what
 * the flight recording held, saying what each instrument cannot see.
 */
public final class DiagnoseWords {
    private DiagnoseWords() {
    }

    static String of(DiagnoseFinding finding) {
        return switch (finding) {
            case Diagnosed d -> String.join(VerdictWriter.PARAGRAPH_BREAK, paragraphs(d.jvm()));
        };
    }

    /**
     * The verdict's paragraphs beneath its headline ({@link #headline}): each kind that broke with its
     * wait-for chain, the known fixes, and why the lab says so from the dumps and the recording.
     */
    static List<String> paragraphs(DiagnosedJvm jvm) {
        List<String> kinds = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        for (Found found : jvm.found()) {
            Breakage kind = found.classification();
            kinds.add(capital(BreakageWords.of(kind, BreakageWords.Setting.DUMPS))
                    + (kind.chain() == null ? "" : "; " + BreakageWords.chain(kind.chain())) + ".");
            found.knownFixes().forEach(fix -> fixes.add(capital(fix(fix)) + "."));
        }
        List<String> paragraphs = new ArrayList<>();
        if (!kinds.isEmpty()) {
            paragraphs.add(String.join(" ", kinds));
        }
        if (!fixes.isEmpty()) {
            paragraphs.add(String.join(" ", fixes));
        }
        paragraphs.add("Evidence: " + evidence(jvm.stillness()) + ". " + background(jvm.stillness())
                .map(b -> capital(b) + ". ").orElse("") + unseen(jvm).map(u -> capital(u) + ". ")
                .orElse("") + capital(pins(jvm.pins())) + ".");
        return paragraphs;
    }

    /**
     * The block the terminal shows at the end: what broke (or that nothing did) with each kind's words and
     * known fixes, the evidence, what the recording held, and what the lab ran against the JVM.
     */
    public static List<String> block(DiagnosedJvm jvm) {
        List<String> lines = new ArrayList<>();
        lines.add(jvm.broke() ? "What broke:" : jvm.undecided() ? "Undecided:" : "Nothing broke:");
        lines.add("  " + clause(jvm));
        for (Found found : jvm.found()) {
            Breakage kind = found.classification();
            lines.add("  - " + found.kind() + ": " + BreakageWords.of(kind, BreakageWords.Setting.DUMPS));
            if (kind.chain() != null) {
                lines.add("    " + BreakageWords.chain(kind.chain()));
            }
            found.knownFixes().forEach(fix -> lines.add("    known fix: " + fix(fix)));
        }
        lines.add("  evidence: " + evidence(jvm.stillness()));
        background(jvm.stillness()).ifPresent(b -> lines.add("  background: " + b));
        unseen(jvm).ifPresent(u -> lines.add("  not seen: " + u));
        if (jvm.stoppedEarly() != null) {
            lines.add("  window: " + jvm.stoppedEarly() + " of the " + plain(jvm.windowS()) + " s asked for; a carrier"
                    + " deadlock cannot end by itself");
        }
        lines.add("  " + pins(jvm.pins()));
        if (!jvm.targetCalls().isEmpty()) {
            lines.add("  run against pid " + jvm.target().pid() + ", and nothing else: " + jvm.targetCalls().stream()
                    .map(DiagnoseWords::shortCall).distinct().collect(Collectors.joining(", ")));
        }
        return lines;
    }

    /**
     * What the dumps could not show when nothing broke that they show: before JDK 24 a dump gives a thread's
     * name and stack only, no state and no lock, so threads queued on a monitor or a lock show only as
     * threads that stand still, and a queue whose members change between dumps does not show at all.
     * Empty when something broke, on a later JDK, or when the JDK is not known.
     */
    static Optional<String> unseen(DiagnosedJvm jvm) {
        Integer feature = Versions.feature(jvm.target().runtimeVersion());
        if (jvm.broke() || feature == null || feature >= DETAILED_DUMPS_FROM) {
            return Optional.empty();
        }
        return Optional.of("JDK " + feature + "'s thread dumps give no thread's state and no lock, so threads"
                + " queued on a monitor or a lock show only by standing still, and a queue whose threads change"
                + " between dumps does not show; a dump of JDK " + DETAILED_DUMPS_FROM + " or later names the monitor"
                + " or lock each thread waits for");
    }

    /** The first JDK whose JSON thread dumps give each thread's state ({@code ThreadDump#detailed}). */
    static final int DETAILED_DUMPS_FROM = 24;

    /** {@code jcmd 42 Thread.dump_to_file -format=json /x/dump-3.json} as {@code Thread.dump_to_file}. */
    private static String shortCall(String call) {
        String[] words = call.split(" ");
        return words.length > 2 ? words[2] : call;
    }

    /** One sentence: which JVM, and what broke or that nothing did. */
    public static String headline(DiagnosedJvm jvm) {
        return clause(jvm) + ".";
    }

    private static String clause(DiagnosedJvm jvm) {
        String who = who(jvm.target());
        List<Found> named = jvm.found().stream().filter(Found::named).toList();
        String kinds = named.stream().map(f -> f.kind() + (f.frames().isEmpty() ? "" : " at " + f.frames().getFirst()))
                .collect(Collectors.joining("; "));
        if (jvm.undecided()) {
            return who + ": undecided, " + (jvm.stillness().verdict() == Stillness.Verdict.ONE_DUMP
                    ? "one dump shows no thread staying where it was" : "the dumps cannot tell stuck threads from idle"
                    + " or busy ones") + "; " + ANOTHER_DUMP;
        }
        return switch (jvm.stillness().verdict()) {
            case HUNG -> who + " hung: " + (named.isEmpty() ? "no kind the lab knows fits what the dumps show" : kinds);
            case STALLED, UNDECIDED, QUIET, ONE_DUMP -> named.isEmpty() ? who + ": nothing broke that the dumps show"
                    : who + ": " + kinds;
            case MOVING -> named.isEmpty() ? who + ": nothing broke; its threads moved between the dumps"
                    : who + ": " + kinds;
        };
    }

    private static String who(Target target) {
        String jvm = target.pid() == null ? "the dumped JVM" : "pid " + target.pid();
        return jvm + (target.runtimeVersion() == null ? "" : " (JDK " + target.runtimeVersion() + ")");
    }

    /**
     * The threads that serve no request and stood still, which make no verdict and no exit code: named so
     * that a user who knows them (an evictor, an exporter) can tell; empty when there are none.
     */
    static Optional<String> background(Stillness s) {
        if (s.background().isEmpty()) {
            return Optional.empty();
        }
        int threads = s.background().stream().mapToInt(Stillness.Place::threads).sum();
        return Optional.of(count(threads) + (threads == 1 ? " thread that serves" : " threads that serve")
                + " no request stood at one frame in every dump, waiting for no lock, monitor or carrier ("
                + s.background().stream().limit(3).map(p -> p.frame() + (p.threads() > 1 ? " x" + p.threads() : ""))
                .collect(Collectors.joining(", ")) + (s.background().size() > 3 ? ", ..." : "")
                + "): background work, no finding");
    }

    /** What the dumps show of progress, and so why the lab calls it a hang, a stall, or neither. */
    public static String evidence(Stillness s) {
        if (s.verdict() == Stillness.Verdict.ONE_DUMP) {
            return "one dump" + (s.lastDump() == null ? "" : " shows " + shows(s.lastDump())) + "; one instant cannot"
                    + " show a thread staying where it was, so the kinds that need that were not tried: " + ANOTHER_DUMP
                    + ", and the two decide whether these threads stay (a hang, a stall) or move";
        }
        String over = s.dumps() + " dumps" + (s.spanS() == null ? "" : " over " + num(s.spanS()) + " s");
        String still = stillThreads(s);
        String motion = count(s.moved()) + " moved to another frame, " + (s.worked() == 0 ? "" : count(s.worked())
                + " worked at the same frame (their CPU time rose), ") + count(s.ended()) + " ended and "
                + count(s.started()) + " started";
        return switch (s.verdict()) {
            case HUNG -> over + ": " + still + ", and no other thread of the service moved, ended or started: hung"
                    + places(s);
            case STALLED -> over + ": " + still + " while others went on (" + motion + "); threads come and go"
                    + " here, so each still one stood for one request: stalled" + places(s);
            case QUIET -> over + ": " + still + " and nothing moved, ended or started, but none of them waits for"
                    + " the service itself (a lock, a monitor, a carrier): an idle service, or one waiting on the world"
                    + " outside it; the dumps cannot tell which" + places(s);
            case MOVING -> over + ": no thread of the service stood at one frame in every dump (" + motion
                    + "): neither hung nor stalled";
            case UNDECIDED -> over + ": " + still + " (" + motion + "); no thread here is made per request"
                    + " (none ended or started) or those that stood are platform threads, and a thread that serves"
                    + " request after request may stand at the same wait each time it is looked at, so the dumps"
                    + " cannot tell stuck threads from busy ones" + places(s);
            case ONE_DUMP -> throw new IllegalStateException("handled above");
        };
    }

    /** What an undecided diagnosis asks for. */
    static final String ANOTHER_DUMP = "take another dump in a few seconds";

    /** What one dump shows whatever else holds: its threads, carriers pinned, threads waiting for a carrier or a lock. */
    static String shows(DumpCounts counts) {
        List<String> parts = new ArrayList<>();
        parts.add(count(counts.virtualThreads()) + " virtual and " + count(counts.platformThreads()) + " platform threads");
        if (counts.carriers() > 0) {
            parts.add(count(counts.pinnedCarriers()) + " of " + count(counts.carriers()) + " carriers pinned");
            parts.add(count(counts.queuedVirtual()) + " virtual " + (counts.queuedVirtual() == 1 ? "thread" : "threads")
                    + " waiting for a carrier");
        }
        if (counts.lockWaiters() > 0) {
            parts.add(count(counts.lockWaiters()) + " waiting for a lock or a monitor");
        }
        return String.join(", ", parts);
    }

    private static String stillThreads(Stillness s) {
        List<String> kinds = new ArrayList<>();
        if (s.stillVirtual() > 0) {
            kinds.add(count(s.stillVirtual()) + " virtual " + (s.stillVirtual() == 1 ? "thread" : "threads")
                    + (s.carriersHeld() > 0 ? " (" + count(s.carriersHeld()) + " of them on a carrier throughout)" : ""));
        }
        if (s.stillPlatform() > 0) {
            kinds.add(count(s.stillPlatform()) + " platform " + (s.stillPlatform() == 1 ? "thread" : "threads"));
        }
        return String.join(" and ", kinds) + " stood at the same frame in every dump"
                + (s.stillOnService() > 0 ? ", " + count(s.stillOnService()) + " of them waiting for a lock, a monitor or"
                + " a carrier" : "");
    }

    private static String places(Stillness s) {
        if (s.stillAt().isEmpty()) {
            return "";
        }
        return " (" + s.stillAt().stream().limit(3).map(p -> p.frame() + (p.threads() > 1 ? " x" + p.threads() : ""))
                .collect(Collectors.joining(", ")) + (s.stillAt().size() > 3 ? ", ..." : "") + ")";
    }

    /**
     * A known defect its stacks show: the version that ran, where, what the defect is, the release that fixes
     * it (and where that release has no long-term support, the one that does), what else helps, its source.
     */
    public static String fix(FixMatch match) {
        KnownFix fix = match.fix();
        String source = " (" + fix.source() + ")";
        String remedy = fix.remedy() == null ? "" : "; " + fix.remedy();
        String at = match.frame() == null ? "" : " at " + match.frame();
        if (fix.scope() == KnownFix.Scope.JDK) {
            String jdk = "JDK " + (match.seen().known() ? match.seen().version() : "of unknown version");
            String release = fix.fixedIn() == null ? "no JDK release fixes it"
                    : jdk(fix.fixedIn()) + fix.alsoFixedIn().stream().map(r -> " and " + r).collect(Collectors.joining())
                    + " fix" + (fix.alsoFixedIn().isEmpty() ? "es" : "") + " it";
            return jdk + at + ": " + fix.defect() + "; " + release + remedy + source;
        }
        String seen = match.seen().known() ? fix.name() + " " + match.seen().version() + " (" + match.seen().from() + ")"
                : fix.name();
        String release = fix.fixedIn() == null ? "no " + fix.name() + " release fixes it"
                + (fix.jdkFixedIn() == null ? "" : "; " + jdk(String.valueOf(fix.jdkFixedIn())) + " does")
                : fix.name() + " " + fix.fixedIn() + " fixes it"
                + (fix.jdkFixedIn() == null ? "" : ", as does " + jdk(String.valueOf(fix.jdkFixedIn())));
        String before = fix.affectedFrom() == null ? ""
                : "; " + fix.name() + " before " + fix.affectedFrom() + " does not have it";
        return switch (match.status()) {
            case AFFECTED -> seen + at + ": " + fix.defect() + "; " + release + before + remedy + source;
            case HAS_FIX -> seen + at + " already has the fix for " + fix.defect() + " ("
                    + fix.name() + " " + fix.fixedIn() + ", " + fix.source() + "), so the cause lies elsewhere";
            case VERSION_UNKNOWN -> seen + at + ": " + fix.defect() + "; " + release + before + remedy + source
                    + "; the version that ran could not be read: " + match.seen().from();
        };
    }

    /**
     * A JDK release, with the long-term-support release that carries its fix where it is a feature release
     * without that support: {@code JDK 24 (so JDK 25, the LTS)}.
     */
    static String jdk(String release) {
        Integer feature = Versions.feature(release);
        if (feature == null || !release.equals(String.valueOf(feature)) || Versions.longTermSupport(feature) == feature) {
            return "JDK " + release;
        }
        return "JDK " + release + " (so JDK " + Versions.longTermSupport(feature) + ", the LTS)";
    }

    /** What the flight recording held, and what it cannot hold. */
    public static String pins(PinsRecorded pins) {
        if (!pins.recorded()) {
            return "no flight recording of pinned virtual threads: " + pins.why();
        }
        String threshold = pins.thresholdMs() == null ? "" : " of " + plain(pins.thresholdMs()) + " ms or longer";
        if (pins.events() == 0) {
            return "JFR recorded no pin" + threshold + " that ended in the window; a pin that never ends, as in a"
                    + " carrier deadlock, is never recorded";
        }
        PinningSite top = pins.sites().isEmpty() ? null : pins.sites().getFirst();
        return "JFR recorded " + count(pins.events()) + (pins.events() == 1 ? " pin" : " pins") + threshold
                + " that ended in the window, " + num(pins.pinnedMs()) + " ms in all"
                + (top == null ? "" : ", the most at " + top.frame() + " (" + count(top.events()) + ")");
    }

    private static String capital(String clause) {
        return clause.isEmpty() ? clause : Character.toUpperCase(clause.charAt(0)) + clause.substring(1);
    }
}
