package loomlab.core.fixes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

    /** Frames of a socket read or write: I/O a driver's {@code synchronized} must not wrap. */
    private static final String[] SOCKET_IO = {"sun.nio.ch.", "java.net.Socket", "sun.security.ssl.", "java.net.SocketInputStream",
            "java.net.SocketOutputStream"};
    /**
     * A wait on a {@code java.util.concurrent} lock or condition, which pins inside {@code synchronized} before
     * JDK 24; not {@code LockSupport} alone, which a socket's wait passes through too.
     */
    private static final String[] LOCK_WAIT = {"java.util.concurrent.locks.AbstractQueuedSynchronizer",
            "java.util.concurrent.locks.ReentrantLock", "java.util.concurrent.locks.ReentrantReadWriteLock"};

    /** The rows the lab ships, read from their sources on the dates docs/diagnose.md gives. */
    public static KnownFixes standard() {
        return new KnownFixes(List.of(
                KnownFix.library("hikaricp-yield-spin", "HikariCP", "com.zaxxer:HikariCP")
                        .at(KnownFix.Shows.ANY, "com.zaxxer.hikari.util.ConcurrentBag.requite",
                                "com.zaxxer.hikari.util.ConcurrentBag.unreserve")
                        .under("java.lang.Thread.yield")
                        .defect("a Thread.yield() spin in ConcurrentBag.requite() and unreserve(), which keeps a virtual"
                                + " thread on its carrier while it waits to hand a connection over")
                        .fixedIn("7.1.0").source("https://github.com/brettwooldridge/HikariCP/pull/2402"),
                KnownFix.library("pgjdbc-synchronized-io", "PostgreSQL JDBC driver (pgjdbc)", "org.postgresql:postgresql")
                        .at(KnownFix.Shows.PINNED, "org.postgresql.").under(SOCKET_IO)
                        .defect("socket I/O inside synchronized, which pins a virtual thread for the whole query")
                        .fixedIn("42.6.0").jdkFixedIn(24).source("https://github.com/pgjdbc/pgjdbc/pull/2635"),
                KnownFix.library("pgjdbc-lrucache-synchronized", "PostgreSQL JDBC driver (pgjdbc)",
                                "org.postgresql:postgresql")
                        .at(KnownFix.Shows.PINNED, "org.postgresql.util.LruCache.").under(LOCK_WAIT)
                        .defect("its statement cache's LruCache made synchronized again in 42.7.8, so a virtual thread"
                                + " that waits for the connection's lock inside it keeps its carrier")
                        .affectedFrom("42.7.8").jdkFixedIn(24)
                        .source("https://github.com/pgjdbc/pgjdbc/issues/3835"),
                KnownFix.library("mysql-synchronized-io", "MySQL Connector/J", "com.mysql:mysql-connector-j")
                        .at(KnownFix.Shows.PINNED, "com.mysql.cj.", "com.mysql.jdbc.").under(SOCKET_IO)
                        .defect("socket I/O inside synchronized, which pins a virtual thread for the whole query")
                        .fixedIn("9.0.0").jdkFixedIn(24)
                        .source("https://dev.mysql.com/doc/relnotes/connector-j/en/news-9-0-0.html"),
                KnownFix.library("logback-lock-under-synchronized", "logback", "ch.qos.logback:logback-core")
                        .at(KnownFix.Shows.PINNED, "ch.qos.logback.core.").under(LOCK_WAIT)
                        .defect("its appenders' ReentrantLock (and AsyncAppender's queue) taken by a caller inside"
                                + " synchronized: the caller waits pinned, and every carrier can end up so")
                        .jdkFixedIn(24)
                        .remedy("an AsyncAppender with neverBlock=true lessens it: the caller drops an event rather"
                                + " than wait for a full queue (https://logback.qos.ch/manual/appenders.html#AsyncAppender)")
                        .source("https://github.com/qos-ch/logback/issues/786"),
                KnownFix.library("httpclient4-pool-synchronized", "Apache HttpClient 4.x (httpcore)",
                                "org.apache.httpcomponents:httpcore")
                        .at(KnownFix.Shows.PINNED, "org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking")
                        .under("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await")
                        .defect("its connection pool waits for a free connection inside synchronized"
                                + " (AbstractConnPool), so once every carrier holds a waiter no connection can come back")
                        .jdkFixedIn(24)
                        .remedy("HttpClient 5.4 and later wait outside synchronized")
                        .source("https://issues.apache.org/jira/browse/HTTPCORE-746"),
                KnownFix.library("caffeine-sync-loader", "Caffeine", "com.github.ben-manes.caffeine:caffeine")
                        .at(KnownFix.Shows.PINNED, "com.github.benmanes.caffeine.cache.")
                        .under("java.util.concurrent.ConcurrentHashMap.compute")
                        .defect("a synchronous cache runs its loader inside ConcurrentHashMap.compute, which holds a"
                                + " monitor, so a loader that blocks keeps the virtual thread on its carrier")
                        .jdkFixedIn(24)
                        .remedy("an AsyncCache runs the loader outside the map's lock")
                        .source("https://github.com/ben-manes/caffeine/issues/779"),
                KnownFix.library("guava-localcache-loader", "Guava", "com.google.guava:guava")
                        .at(KnownFix.Shows.PINNED, "com.google.common.cache.LocalCache$Segment.lockedGetOrLoad")
                        .under("com.google.common.cache.LocalCache$Segment.loadSync")
                        .defect("LocalCache runs the loader under synchronized on the cache entry, so a loader that"
                                + " blocks keeps the virtual thread on its carrier")
                        .jdkFixedIn(24).source("https://github.com/google/guava/issues/6845"),
                KnownFix.library("c3p0-await-available", "c3p0", "com.mchange:c3p0")
                        .at(KnownFix.Shows.VIRTUAL, "com.mchange.v2.resourcepool.BasicResourcePool.awaitAvailable")
                        .under("java.lang.Object.wait")
                        .defect("a thread that waits for a free connection waits in Object.wait inside the pool's"
                                + " monitor (BasicResourcePool.awaitAvailable), which keeps a virtual thread on its"
                                + " carrier")
                        .jdkFixedIn(24).source("https://github.com/swaldman/c3p0/issues/179"),
                KnownFix.library("commons-pool2-create-synchronized", "Apache Commons Pool 2",
                                "org.apache.commons:commons-pool2")
                        .at(KnownFix.Shows.VIRTUAL, "org.apache.commons.pool2.impl.GenericObjectPool.create")
                        .under("java.lang.Object.wait")
                        .defect("GenericObjectPool.create() waits in Object.wait inside synchronized while other"
                                + " threads make objects, which keeps a virtual thread on its carrier")
                        .jdkFixedIn(24).source("https://github.com/apache/commons-pool/pull/339"),
                KnownFix.library("okhttp5-alpha-task-queue", "OkHttp", "com.squareup.okhttp3:okhttp")
                        .at(KnownFix.Shows.PINNED, "okhttp3.internal.concurrent.TaskQueue.",
                                "okhttp3.internal.concurrent.TaskRunner.")
                        .under(LOCK_WAIT)
                        .defect("the 5.0 alphas take the task queue's ReentrantLock inside synchronized (the connection"
                                + " pool's), so a virtual thread that waits for it keeps its carrier")
                        .affectedFrom("5.0.0-alpha.12").fixedIn("5.0.0-alpha.15").jdkFixedIn(24)
                        .source("https://github.com/square/okhttp/issues/8284"),
                KnownFix.library("spring-boot-nested-jar-monitors", "Spring Boot",
                                "org.springframework.boot:spring-boot-loader")
                        .at(KnownFix.Shows.AT_TOP, "org.springframework.boot.loader.jar.NestedJarFile",
                                "org.springframework.boot.loader.net.protocol.jar.UrlJarFiles$Cache.")
                        .defect("every class or resource lookup from a fat jar takes the monitors of its nested-jar"
                                + " loader (NestedJarFile, UrlJarFiles$Cache), so request threads, virtual or platform,"
                                + " queue on them")
                        .remedy("run the extracted jar instead (java -Djarmode=tools -jar app.jar extract), whose"
                                + " classes load from plain jars; loomlab assess --jar app.jar --extracted measures"
                                + " what that buys")
                        .source("https://github.com/spring-projects/spring-boot/issues/51463"),
                KnownFix.jdk("jep-491", KnownFix.JdkCause.MONITOR)
                        .defect("a virtual thread that blocks inside synchronized keeps its carrier (pinned)")
                        .fixedIn("24").jdkFixedIn(24).source("https://openjdk.org/jeps/491"),
                KnownFix.jdk("jdk-clinit-pins", KnownFix.JdkCause.CLASS_INITIALISER)
                        .defect("a virtual thread that blocks inside a class initialiser keeps its carrier (pinned),"
                                + " on every release")
                        .remedy("do the blocking work outside the initialiser")
                        .source("https://bugs.openjdk.org/browse/JDK-8369238"),
                KnownFix.jdk("jdk-8369238", KnownFix.JdkCause.OTHERS_INITIALISER)
                        .defect("a virtual thread that waits for another thread's class initialiser keeps its carrier"
                                + " (pinned)")
                        .remedy("JDK 26 unmounts it on some paths")
                        .source("https://bugs.openjdk.org/browse/JDK-8369238"),
                KnownFix.jdk("jdk-8369227", KnownFix.JdkCause.VERSION)
                        .defect("a virtual thread can stay parked after it was unparked (stuck in PARKED), a"
                                + " regression of JDK 25")
                        .affectedFrom("25").fixedIn("25.0.3", "26.0.1")
                        .source("https://bugs.openjdk.org/browse/JDK-8369227"),
                KnownFix.jdk("jdk-8373120", KnownFix.JdkCause.VERSION)
                        .defect("a virtual thread can stay blocked after the monitor it waits for was released (stuck"
                                + " in BLOCKED), a regression of JDK 25")
                        .affectedFrom("25").fixedIn("25.0.4")
                        .source("https://bugs.openjdk.org/browse/JDK-8373120")));
    }

    public List<KnownFix> rows() {
        return rows;
    }

    /**
     * One thread's stack as a finding implicates it: its frames, top first, whether it held its carrier
     * pinned, and whether it is a virtual thread's.
     */
    public record Stack(List<String> frames, boolean pinned, boolean virtual) {
        public Stack {
            frames = List.copyOf(frames);
        }

        /** A stack whose thread is virtual when it is pinned, as far as that says. */
        public Stack(List<String> frames, boolean pinned) {
            this(frames, pinned, pinned);
        }
    }

    /** The version of a library's artifact that ran: where the class of a frame was loaded from. */
    @FunctionalInterface
    public interface VersionLookup {
        Seen of(KnownFix fix, String className);
    }

    /**
     * The rows whose defect the stacks show, in the table's order, each once with the first frame that shows
     * it: a library's row where a stack shows its defect (its frame, under the frames the row needs above it,
     * on the stacks the row says) on a JDK the defect can occur on and in a version that has it; a JDK's row
     * where a stack shows its cause, or for a row by version alone where the target runs an affected build
     * and virtual threads are among the stacks.
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
            if (fix.scope() == KnownFix.Scope.LIBRARY) {
                libraryFrame(fix, stacks).map(f -> library(fix, f, versions.of(fix, Frames.className(f))))
                        .filter(m -> m.status() != null).ifPresent(matches::add);
            } else if (fix.jdkCause() == KnownFix.JdkCause.VERSION) {
                if (affectedBuild(fix, runtimeVersion) && stacks.stream().anyMatch(Stack::virtual)) {
                    matches.add(new FixMatch(fix, null, new Seen(runtimeVersion, "the thread dump's runtimeVersion"),
                            FixMatch.Status.AFFECTED));
                }
            } else {
                Optional<String> frame = fix.jdkCause() == KnownFix.JdkCause.OTHERS_INITIALISER
                        ? waitingForAnothersInitialiser(stacks) : pinnedFor(fix.jdkCause(), stacks);
                frame.ifPresent(f -> matches.add(jdk(fix, f, runtimeVersion)));
            }
        }
        return matches;
    }

    /**
     * The first of the row's frames where a stack shows the defect: on a stack of the kind the row says, on
     * top for a row about a monitor's queue, and below one of the frames the row needs above it.
     */
    static Optional<String> libraryFrame(KnownFix fix, List<Stack> stacks) {
        for (Stack stack : stacks) {
            boolean shown = switch (fix.shows()) {
                case ANY, AT_TOP -> true;
                case VIRTUAL -> stack.virtual();
                case PINNED -> stack.pinned();
            };
            if (!shown) {
                continue;
            }
            List<String> frames = stack.frames();
            int last = fix.shows() == KnownFix.Shows.AT_TOP ? Math.min(1, frames.size()) : frames.size();
            for (int i = 0; i < last; i++) {
                if (fix.covers(frames.get(i)) && under(fix.above(), frames.subList(0, i))) {
                    return Optional.of(frames.get(i));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean under(List<String> above, List<String> framesAbove) {
        return above.isEmpty() || framesAbove.stream().anyMatch(f -> above.stream().anyMatch(f::startsWith));
    }

    /**
     * A JDK build a row by version alone names: at or after the release that brought the defect, and before
     * the fixing release of its own feature line; a line whose fixing release the row does not know is not
     * named, since the lab cannot say what fixes it there.
     */
    static boolean affectedBuild(KnownFix fix, String runtimeVersion) {
        Integer feature = Versions.feature(runtimeVersion);
        if (feature == null || Versions.compare(runtimeVersion, fix.affectedFrom()) < 0) {
            return false;
        }
        List<String> lines = new ArrayList<>(List.of(fix.fixedIn()));
        lines.addAll(fix.alsoFixedIn());
        return lines.stream().filter(r -> feature.equals(Versions.feature(r))).findFirst()
                .map(r -> Versions.compare(runtimeVersion, r) < 0).orElse(false);
    }

    /**
     * A virtual thread that waits for another thread's class initialiser: with no {@code <clinit>} of its own,
     * it stands at the very frame (method and line) from which another stack entered one. Where the
     * initialiser was triggered from another line the dump cannot tie the two, so this claims nothing there.
     */
    static Optional<String> waitingForAnothersInitialiser(List<Stack> stacks) {
        Set<String> entries = new HashSet<>();
        for (Stack stack : stacks) {
            List<String> frames = stack.frames();
            for (int i = 0; i + 1 < frames.size(); i++) {
                if (Frames.method(frames.get(i)).endsWith(CLASS_INITIALISER)) {
                    entries.add(Frames.compact(frames.get(i + 1)));
                }
            }
        }
        return stacks.stream().filter(Stack::virtual).filter(s -> !s.frames().isEmpty())
                .filter(s -> s.frames().stream().noneMatch(f -> Frames.method(f).endsWith(CLASS_INITIALISER)))
                .map(s -> s.frames().getFirst()).filter(top -> entries.contains(Frames.compact(top))).findFirst();
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

    /** The match with what the version seen means; its status null when that version predates the defect. */
    private static FixMatch library(KnownFix fix, String frame, Seen seen) {
        boolean readable = seen.known() && Versions.readable(seen.version());
        FixMatch.Status status;
        if (readable && fix.affectedFrom() != null && Versions.compare(seen.version(), fix.affectedFrom()) < 0) {
            status = null;
        } else if (fix.fixedIn() == null && fix.affectedFrom() == null) {
            status = FixMatch.Status.AFFECTED;
        } else if (!readable) {
            status = FixMatch.Status.VERSION_UNKNOWN;
        } else {
            status = fix.fixedIn() != null && Versions.compare(seen.version(), fix.fixedIn()) >= 0
                    ? FixMatch.Status.HAS_FIX : FixMatch.Status.AFFECTED;
        }
        return new FixMatch(fix, Frames.compact(frame), seen, status);
    }

    private static FixMatch jdk(KnownFix fix, String frame, String runtimeVersion) {
        if (runtimeVersion == null) {
            return new FixMatch(fix, Frames.compact(frame), Seen.unknown("the dump names no runtime version"),
                    FixMatch.Status.VERSION_UNKNOWN);
        }
        return new FixMatch(fix, Frames.compact(frame), new Seen(runtimeVersion, "the thread dump's runtimeVersion"),
                fix.fixedIn() == null || Versions.compare(runtimeVersion, fix.fixedIn()) < 0 ? FixMatch.Status.AFFECTED
                        : FixMatch.Status.HAS_FIX);
    }
}
