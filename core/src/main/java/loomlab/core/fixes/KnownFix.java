package loomlab.core.fixes;

import java.util.List;
import java.util.Objects;
import loomlab.core.frames.Frames;

/**
 * A defect of a library or of the JDK that makes virtual threads pin, spin, queue or deadlock, and what
 * removes it: one row of {@link KnownFixes}, with the public page it was read from. A row is data that
 * anyone can check; a finding names it only when the finding's own frames show the defect itself (the
 * frame where it lies, standing where the row says), not merely a frame of the library.
 *
 * @param id           a short stable name, e.g. {@code hikaricp-yield-spin}
 * @param scope        a library's defect, or the JDK's own
 * @param name         the library as its users call it ({@code HikariCP}), or {@code JDK}
 * @param artifact     the Maven coordinates {@code groupId:artifactId} a version is read for; null for the JDK
 * @param frames       where the defect lies in a stack: prefixes of a frame's class and method
 *                     ({@code com.zaxxer.hikari.util.ConcurrentBag.requite}); empty for a JDK row, which
 *                     {@link #jdkCause} places instead
 * @param above        prefixes of frames of which one must stand above (be called from) the defect's frame on
 *                     the same stack, for the stack to show the defect: {@code java.lang.Thread.yield} over
 *                     HikariCP's {@code requite}; empty when the defect's frame alone shows it
 * @param shows        which stacks through the frame show the defect
 * @param jdkCause     for a JDK row, what on a stack shows its cause, or that its runtime version alone does;
 *                     null for a library row
 * @param defect       what goes wrong, as a noun phrase the report side quotes
 * @param affectedFrom the first release with the defect (a regression: pgjdbc 42.7.8, JDK 25); null when
 *                     every release before the fix has it
 * @param fixedIn      the first release without the defect (a library's version, or a JDK's); null when no
 *                     release removes it
 * @param alsoFixedIn  for a JDK row, the first release without it on each later feature line that got the fix
 *                     apart ({@code 26.0.1} beside {@code 25.0.3}); a version row names the defect only on a
 *                     line whose fixing release is known
 * @param jdkFixedIn   the first JDK feature release on which the defect cannot occur whatever the library's
 *                     version (JEP 491 ends pinning by {@code synchronized} on JDK 24); null when no JDK removes it
 * @param remedy       what to do besides (or, with no fix, instead of) a release, as a clause the report side
 *                     quotes: a workaround, a mitigation or a partial fix; null when none
 * @param source       the public page that says so: an issue, a pull request, a release note, a JEP, a JDK bug
 */
public record KnownFix(String id, Scope scope, String name, String artifact, List<String> frames, List<String> above,
                       Shows shows, JdkCause jdkCause, String defect, String affectedFrom, String fixedIn,
                       List<String> alsoFixedIn, Integer jdkFixedIn, String remedy, String source) {
    public KnownFix {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(defect, "defect");
        Objects.requireNonNull(source, "source");
        frames = List.copyOf(frames);
        above = List.copyOf(above);
        alsoFixedIn = List.copyOf(alsoFixedIn);
        if (scope == Scope.LIBRARY && (frames.isEmpty() || artifact == null || jdkCause != null || shows == null)) {
            throw new IllegalArgumentException(id + ": a library's row names its artifact, its frames and its stacks");
        }
        if (scope == Scope.JDK && (jdkCause == null || !frames.isEmpty())) {
            throw new IllegalArgumentException(id + ": a JDK row names its cause");
        }
        if (jdkCause == JdkCause.VERSION && (fixedIn == null || affectedFrom == null)) {
            throw new IllegalArgumentException(id + ": a row by version alone names the releases it spans");
        }
    }

    /** Whose defect it is. */
    public enum Scope {
        LIBRARY, JDK
    }

    /** Which stacks through a library row's frame show its defect. */
    public enum Shows {
        /** Any stack: the defect runs rather than waits (a spin). */
        ANY,
        /**
         * A virtual thread's stack: a wait that pins on JDK 21 to 23 though JDK 21's dump does not mark it
         * pinned ({@code Object.wait} parks no virtual thread there).
         */
        VIRTUAL,
        /** A pinned stack: the defect is a wait inside {@code synchronized}. */
        PINNED,
        /**
         * The frame on top: the thread stands at the library's own line, as one waiting to enter its monitor
         * does, virtual or platform; a thread that only passes through on its way elsewhere shows nothing.
         */
        AT_TOP
    }

    /**
     * What on a stack shows a JDK row's cause. JDK 21's thread dump does not say why a virtual thread is
     * pinned, so the cause is read from what the pinned stack holds: a class initialiser, else a native
     * frame, else a monitor ({@code synchronized}), which is the one pinning a JDK 21 dump leaves unnamed.
     */
    public enum JdkCause {
        /** Pinned inside {@code synchronized}: no class initialiser and no native frame on the pinned stack. */
        MONITOR,
        /** Pinned while blocking inside a class initialiser ({@code <clinit>} on the pinned stack). */
        CLASS_INITIALISER,
        /**
         * A virtual thread waiting for another thread's class initialiser: it stands, mounted, at the very frame
         * from which another stack entered a {@code <clinit>}, with none of its own; the wait is inside the VM,
         * so no frame of its own shows it.
         */
        OTHERS_INITIALISER,
        /** The runtime version alone: a defect of some builds, named where virtual threads are in the finding. */
        VERSION
    }

    /** True when this library row's defect lies at the frame ({@code class.method}, with or without its line). */
    public boolean covers(String frame) {
        String method = Frames.method(frame);
        return frames.stream().anyMatch(method::startsWith);
    }

    /** A library's row, to be completed with {@link Builder}'s steps. */
    static Builder library(String id, String name, String artifact) {
        return new Builder(id, Scope.LIBRARY, name, artifact);
    }

    /** A JDK's row. */
    static Builder jdk(String id, JdkCause cause) {
        Builder builder = new Builder(id, Scope.JDK, "JDK", null);
        builder.jdkCause = cause;
        return builder;
    }

    /** The table's rows written one field to a line, each field named, since most rows leave most of them out. */
    static final class Builder {
        private final String id;
        private final Scope scope;
        private final String name;
        private final String artifact;
        private List<String> frames = List.of();
        private List<String> above = List.of();
        private Shows shows;
        private JdkCause jdkCause;
        private String defect;
        private String affectedFrom;
        private String fixedIn;
        private List<String> alsoFixedIn = List.of();
        private Integer jdkFixedIn;
        private String remedy;

        private Builder(String id, Scope scope, String name, String artifact) {
            this.id = id;
            this.scope = scope;
            this.name = name;
            this.artifact = artifact;
        }

        Builder at(Shows shows, String... frames) {
            this.shows = shows;
            this.frames = List.of(frames);
            return this;
        }

        Builder under(String... above) {
            this.above = List.of(above);
            return this;
        }

        Builder defect(String defect) {
            this.defect = defect;
            return this;
        }

        Builder affectedFrom(String release) {
            this.affectedFrom = release;
            return this;
        }

        Builder fixedIn(String release, String... laterLines) {
            this.fixedIn = release;
            this.alsoFixedIn = List.of(laterLines);
            return this;
        }

        Builder jdkFixedIn(int feature) {
            this.jdkFixedIn = feature;
            return this;
        }

        Builder remedy(String remedy) {
            this.remedy = remedy;
            return this;
        }

        KnownFix source(String source) {
            return new KnownFix(id, scope, name, artifact, frames, above, shows, jdkCause, defect, affectedFrom, fixedIn,
                    alsoFixedIn, jdkFixedIn, remedy, source);
        }
    }
}
