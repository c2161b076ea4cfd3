package loomlab.core.fixes;

import java.util.List;
import java.util.Objects;

/**
 * A defect of a library or of the JDK that makes virtual threads pin, spin or deadlock, and the release
 * that removes it: one row of {@link KnownFixes}, with the public page it was read from. A row is data
 * that anyone can check; a finding names it only when the finding's own frames lie where the row says
 * the defect is.
 *
 * @param id          a short stable name, e.g. {@code hikaricp-yield-spin}
 * @param scope       a library's defect, or the JDK's own
 * @param name        the library as its users call it ({@code HikariCP}), or {@code JDK}
 * @param artifact    the Maven coordinates {@code groupId:artifactId} a version is read for; null for the JDK
 * @param frames      where the defect shows in a stack: prefixes of a frame's class and method
 *                    ({@code com.zaxxer.hikari.util.ConcurrentBag.requite}, {@code org.postgresql.}); empty for a
 *                    JDK row, which {@link #jdkCause} places instead
 * @param pinnedOnly  true when the defect shows only on a pinned stack (I/O inside a library's
 *                    {@code synchronized}); false when any stack of the finding through its classes shows it
 *                    (a spin runs, it does not pin)
 * @param jdkCause    for a JDK row, what on a stack shows its cause; null for a library row
 * @param defect      what goes wrong, as a noun phrase the report side quotes
 * @param fixedIn     the first release without the defect (a library's version, or the JDK's feature release);
 *                    null when no release of the library removes it
 * @param jdkFixedIn  the first JDK feature release on which the defect cannot occur whatever the library's
 *                    version (JEP 491 ends pinning by {@code synchronized} on JDK 24); null when no JDK removes it
 * @param source      the public page that says so: a pull request, a release note, a JEP, a JDK issue
 */
public record KnownFix(String id, Scope scope, String name, String artifact, List<String> frames, boolean pinnedOnly,
                       JdkCause jdkCause,
                       String defect, String fixedIn, Integer jdkFixedIn, String source) {
    public KnownFix {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(defect, "defect");
        Objects.requireNonNull(source, "source");
        frames = List.copyOf(frames);
        if (scope == Scope.LIBRARY && (frames.isEmpty() || artifact == null || jdkCause != null)) {
            throw new IllegalArgumentException(id + ": a library's row names its artifact and its frames");
        }
        if (scope == Scope.JDK && (jdkCause == null || fixedIn == null || !frames.isEmpty())) {
            throw new IllegalArgumentException(id + ": a JDK row names its cause and the release that fixes it");
        }
    }

    /** Whose defect it is. */
    public enum Scope {
        LIBRARY, JDK
    }

    /**
     * What on a stack shows a JDK row's cause. JDK 21's thread dump does not say why a virtual thread is
     * pinned, so the cause is read from what the pinned stack holds: a class initialiser, else a native
     * frame, else a monitor ({@code synchronized}), which is the one pinning a JDK 21 dump leaves unnamed.
     */
    public enum JdkCause {
        /** Pinned inside {@code synchronized}: no class initialiser and no native frame on the pinned stack. */
        MONITOR,
        /** Pinned while running or waiting for a class initialiser ({@code <clinit>} on the pinned stack). */
        CLASS_INITIALISER
    }

    /** True when this library row's defect lies at the frame ({@code class.method}, with or without its line). */
    public boolean covers(String frame) {
        String method = loomlab.core.frames.Frames.method(frame);
        return frames.stream().anyMatch(method::startsWith);
    }
}
