package loomlab.core.arm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What makes an arm the arm it is: the server it ran on, the thread model, how many users or how
 * large a pool, a variant the experiment distinguishes, and the JDK. Verdicts, comparisons between
 * runs and the arms' own files find arms by this key; the display name is derived from it, so
 * rewording a name changes nothing that matches arms.
 *
 * @param server  the server under test, or null for an arm that runs a program of its own
 * @param mode    the thread model or variant of the program, as written on the command line
 *                ({@code platform:10}, {@code virtual}, {@code virtual-offload})
 * @param users   concurrent users, or null when the arm has none
 * @param pool    a pool the arm sets beside its thread model (a framework's worker pool), or null
 * @param variant what else tells this arm from its siblings ({@code wait 1 s}, {@code tuned JVM}),
 *                or null
 * @param jdk     the feature version of the JDK the arm ran on when the run chose JDKs
 *                ({@code --jdk}), or null for the lab's own JDK
 */
public record ArmKey(ServerId server, String mode, Integer users, Integer pool, String variant, Integer jdk) {
    public ArmKey {
        if (mode == null || mode.isBlank()) {
            throw new IllegalArgumentException("an arm key needs a mode");
        }
        if (variant != null && variant.isBlank()) {
            variant = null;
        }
    }

    /** An arm of a program that runs on its own, without a server. */
    public static ArmKey program(String mode, String variant) {
        return new ArmKey(null, mode, null, null, variant, null);
    }

    public ArmKey withServer(ServerId other) {
        return new ArmKey(other, mode, users, pool, variant, jdk);
    }

    public ArmKey withMode(String other) {
        return new ArmKey(server, other, users, pool, variant, jdk);
    }

    public ArmKey withUsers(Integer other) {
        return new ArmKey(server, mode, other, pool, variant, jdk);
    }

    public ArmKey withPool(Integer other) {
        return new ArmKey(server, mode, users, other, variant, jdk);
    }

    public ArmKey withVariant(String other) {
        return new ArmKey(server, mode, users, pool, other, jdk);
    }

    /** This key with one more part of variant, e.g. the delay a sweep set. */
    public ArmKey plusVariant(String part) {
        return withVariant(variant == null ? part : variant + ", " + part);
    }

    public ArmKey withJdk(Integer other) {
        return new ArmKey(server, mode, users, pool, variant, other);
    }

    /**
     * e.g. {@code loomcat platform:10, 20 users}, {@code quarkus virtual, 100 users, pool 10, wait 1 s, JDK 21};
     * the user's service under {@code assess} goes unnamed: {@code virtual, JDK 25}.
     */
    public String name() {
        List<String> parts = new ArrayList<>();
        // An assessment has one service, so its name would only repeat itself: "virtual, JDK 25".
        parts.add(server == null || server == ServerId.SERVICE ? mode : server.id() + " " + mode);
        if (users != null) {
            parts.add(String.format(Locale.ROOT, "%,d", users) + (users == 1 ? " user" : " users"));
        }
        if (pool != null) {
            parts.add("pool " + pool);
        }
        if (variant != null) {
            parts.add(variant);
        }
        if (jdk != null) {
            parts.add("JDK " + jdk);
        }
        return String.join(", ", parts);
    }

    @Override
    public String toString() {
        return name();
    }
}
