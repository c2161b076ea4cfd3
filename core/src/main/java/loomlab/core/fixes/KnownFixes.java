package loomlab.core.fixes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.frames.Frames;

/**
 * The defects of libraries and JDKs that the lab knows to pin, spin or deadlock virtual threads, each
 * with the release that fixes it and the public page that says so, and which of them a finding's stacks
 * show. Pure: the versions that ran come from a {@link VersionLookup} the lab reads from the target's
 * class path.
 */
public final class KnownFixes {
    /** A JDK 21 stack parked while pinned; JFR's stacks of a pinned event start below it. */
    private static final String PINNED_PARK = "java.lang.VirtualThread.parkOnCarrierThread";
    private static final String CLASS_INITIALISER = ".<clinit>";

    private final List<KnownFix> rows;

    public KnownFixes(List<KnownFix> rows) {
        this.rows = List.copyOf(rows);
    }

    /** The rows the lab ships, read from their sources on the dates docs/diagnose.md gives. */
    public static KnownFixes standard() {
        return new KnownFixes(List.of(
                new KnownFix("hikaricp-yield-spin", KnownFix.Scope.LIBRARY, "HikariCP", "com.zaxxer:HikariCP",
                        List.of("com.zaxxer.hikari.util.ConcurrentBag.requite",
                                "com.zaxxer.hikari.util.ConcurrentBag.unreserve"), false, null,
                        "a Thread.yield() spin in ConcurrentBag.requite() and unreserve(), which keeps a virtual"
                                + " thread on its carrier while it waits to hand a connection over",
                        "7.1.0", null, "https://github.com/brettwooldridge/HikariCP/pull/2402"),
                new KnownFix("pgjdbc-synchronized-io", KnownFix.Scope.LIBRARY, "PostgreSQL JDBC driver (pgjdbc)",
                        "org.postgresql:postgresql", List.of("org.postgresql."), true, null,
                        "socket I/O inside synchronized, which pins a virtual thread for the whole query",
                        "42.6.0", 24, "https://github.com/pgjdbc/pgjdbc/pull/2635"),
                new KnownFix("mysql-synchronized-io", KnownFix.Scope.LIBRARY, "MySQL Connector/J",
                        "com.mysql:mysql-connector-j", List.of("com.mysql.cj.", "com.mysql.jdbc."), true, null,
                        "socket I/O inside synchronized, which pins a virtual thread for the whole query",
                        "9.0.0", 24, "https://dev.mysql.com/doc/relnotes/connector-j/en/news-9-0-0.html"),
                new KnownFix("logback-lock-under-synchronized", KnownFix.Scope.LIBRARY, "logback",
                        "ch.qos.logback:logback-core", List.of("ch.qos.logback.core."), true, null,
                        "its appenders' ReentrantLock (and AsyncAppender's queue) taken by a caller inside"
                                + " synchronized: the caller waits pinned, and every carrier can end up so",
                        null, 24, "https://github.com/qos-ch/logback/issues/786"),
                new KnownFix("jep-491", KnownFix.Scope.JDK, "JDK", null, List.of(), false, KnownFix.JdkCause.MONITOR,
                        "a virtual thread that blocks inside synchronized keeps its carrier (pinned)",
                        "24", 24, "https://openjdk.org/jeps/491"),
                new KnownFix("jdk-8369238", KnownFix.Scope.JDK, "JDK", null, List.of(), false,
                        KnownFix.JdkCause.CLASS_INITIALISER,
                        "a virtual thread that blocks in or waits for a class initialiser keeps its carrier (pinned)",
                        "26", 26, "https://bugs.openjdk.org/browse/JDK-8369238")));
    }

    public List<KnownFix> rows() {
        return rows;
    }

    /** One thread's stack as a finding implicates it: its frames, top first, and whether it held its carrier pinned. */
    public record Stack(List<String> frames, boolean pinned) {
        public Stack {
            frames = List.copyOf(frames);
        }
    }

    /** The version of a library's artifact that ran: where the class of a frame was loaded from. */
    @FunctionalInterface
    public interface VersionLookup {
        Seen of(KnownFix fix, String className);
    }

    /**
     * The rows whose defect the stacks show, in the table's order, each once with the first frame that shows
     * it: a library's row where a stack runs its classes (pinned, for a defect that pins), on a JDK the
     * defect can occur on; a JDK's row where a stack is pinned for its cause on a release before the fix.
     *
     * @param runtimeVersion the target's JDK ({@code 21.0.8+9-LTS}), as its thread dump gives it; null when unknown
     */
    public List<FixMatch> matching(List<Stack> stacks, String runtimeVersion, VersionLookup versions) {
        Integer feature = Versions.feature(runtimeVersion);
        List<FixMatch> matches = new ArrayList<>();
        for (KnownFix fix : rows) {
            if (feature != null && fix.jdkFixedIn() != null && feature >= fix.jdkFixedIn()) {
                continue; // the defect cannot occur on this JDK
            }
            Optional<String> frame = fix.scope() == KnownFix.Scope.LIBRARY ? libraryFrame(fix, stacks)
                    : pinnedFor(fix.jdkCause(), stacks);
            frame.ifPresent(f -> matches.add(fix.scope() == KnownFix.Scope.LIBRARY
                    ? library(fix, f, versions.of(fix, Frames.className(f)))
                    : jdk(fix, f, runtimeVersion)));
        }
        return matches;
    }

    private static Optional<String> libraryFrame(KnownFix fix, List<Stack> stacks) {
        return stacks.stream().filter(s -> !fix.pinnedOnly() || s.pinned()).flatMap(s -> s.frames().stream())
                .filter(fix::covers).findFirst();
    }

    /**
     * The frame that shows a pinned stack's cause: its class initialiser, or for a monitor the first frame
     * outside the JDK and the frameworks (where the user's {@code synchronized} most likely is; a dump
     * does not say which frame holds the monitor).
     */
    static Optional<String> pinnedFor(KnownFix.JdkCause cause, List<Stack> stacks) {
        return stacks.stream().filter(Stack::pinned).filter(s -> !s.frames().isEmpty() && cause(s.frames()) == cause)
                .map(s -> cause == KnownFix.JdkCause.CLASS_INITIALISER
                        ? s.frames().stream().filter(f -> Frames.method(f).endsWith(CLASS_INITIALISER)).findFirst()
                        .orElseThrow()
                        : Frames.userFrame(s.frames()))
                .findFirst();
    }

    /**
     * Why a pinned stack is pinned, as far as its frames show: a class initialiser on it; else a native
     * frame below the park (a native method that called back into Java), which no JDK row covers; else a
     * monitor.
     */
    static KnownFix.JdkCause cause(List<String> frames) {
        if (frames.stream().anyMatch(f -> Frames.method(f).endsWith(CLASS_INITIALISER))) {
            return KnownFix.JdkCause.CLASS_INITIALISER;
        }
        int below = 0;
        while (below < frames.size() && (frames.get(below).startsWith("jdk.internal.misc.Unsafe.park")
                || frames.get(below).startsWith("java.lang.VirtualThread.") || frames.get(below).startsWith(PINNED_PARK))) {
            below++;
        }
        boolean nativeBelow = frames.subList(below, frames.size()).stream().anyMatch(f -> f.endsWith("(Native Method)"));
        return nativeBelow ? null : KnownFix.JdkCause.MONITOR;
    }

    private static FixMatch library(KnownFix fix, String frame, Seen seen) {
        FixMatch.Status status;
        if (fix.fixedIn() == null) {
            status = FixMatch.Status.AFFECTED;
        } else if (!seen.known() || !Versions.readable(seen.version())) {
            status = FixMatch.Status.VERSION_UNKNOWN;
        } else {
            status = Versions.compare(seen.version(), fix.fixedIn()) < 0 ? FixMatch.Status.AFFECTED
                    : FixMatch.Status.HAS_FIX;
        }
        return new FixMatch(fix, Frames.compact(frame), seen, status);
    }

    private static FixMatch jdk(KnownFix fix, String frame, String runtimeVersion) {
        if (runtimeVersion == null) {
            return new FixMatch(fix, Frames.compact(frame), Seen.unknown("the dump names no runtime version"),
                    FixMatch.Status.VERSION_UNKNOWN);
        }
        return new FixMatch(fix, Frames.compact(frame), new Seen(runtimeVersion, "the thread dump's runtimeVersion"),
                Versions.compare(runtimeVersion, fix.fixedIn()) < 0 ? FixMatch.Status.AFFECTED : FixMatch.Status.HAS_FIX);
    }
}
