package loomlab.core.arm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import loomlab.threads.Threads;

/**
 * What makes an arm the arm it is, as JMH names a result: the server it ran on, the typed thread
 * model, how many users or how large a pool, the JDK, and named parameters for whatever else an
 * experiment varies (the pinning case, a swept delay, a task count). Verdicts, comparisons between
 * runs and the arms' own files find arms by this key; the display name is rendered from it and
 * nothing parses a name back.
 *
 * @param server the server under test, or null for an arm that runs a program of its own
 * @param mode   the thread model ({@code platform:10}, {@code virtual}, the event loop) or a
 *               program's own word
 * @param users  concurrent users, or null when the arm has none
 * @param pool   a pool the arm sets beside its thread model (a framework's worker pool), or null
 * @param jdk    the feature version of the JDK the arm ran on when the run chose JDKs
 *               ({@code --jdk}), or null for the lab's own JDK
 * @param params named parameters, name to a typed value ({@code case} to the word
 *               {@code synchronized}, {@code delay} to 50 ms, {@code tasks} to the count 1,000,000);
 *               two keys with the same parameters are equal whatever their order, and the name lists
 *               them, each as {@link ParamValue#shown} renders it, in the order the experiment added them
 */
public record ArmKey(ServerId server, ArmMode mode, Integer users, Integer pool, Integer jdk,
                     Map<String, ParamValue> params) {
    public ArmKey {
        Objects.requireNonNull(mode, "an arm key needs a mode");
        params = checkedParams(params);
    }

    /**
     * Parameters as a key holds them: an unmodifiable copy in the order given, each with a name and a
     * value; none for null. Plans that carry parameters for their key hold them the same way.
     */
    public static Map<String, ParamValue> checkedParams(Map<String, ParamValue> params) {
        Map<String, ParamValue> copy = params == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        copy.forEach((name, value) -> {
            if (name == null || name.isBlank() || value == null) {
                throw new IllegalArgumentException("an arm parameter needs a name and a value: " + name + "=" + value);
            }
        });
        return copy;
    }

    /** An arm of a server under test, with no users, pool, JDK or parameters yet. */
    public static ArmKey of(ServerId server, ArmMode mode) {
        return new ArmKey(server, mode, null, null, null, Map.of());
    }

    /** An arm of a program that runs on its own, without a server. */
    public static ArmKey program(ArmMode mode) {
        return of(null, mode);
    }

    /** An arm of a program that runs on its own, its variant the threads it runs on ({@code virtual}). */
    public static ArmKey program(Threads threads) {
        return program(ArmMode.named(threads));
    }

    /** An arm of a program that runs on its own and names its variant with a word of its own. */
    public static ArmKey program(String word, Threads threads) {
        return program(ArmMode.named(word, threads));
    }

    public ArmKey withServer(ServerId other) {
        return new ArmKey(other, mode, users, pool, jdk, params);
    }

    public ArmKey withMode(ArmMode other) {
        return new ArmKey(server, other, users, pool, jdk, params);
    }

    public ArmKey withUsers(Integer other) {
        return new ArmKey(server, mode, other, pool, jdk, params);
    }

    public ArmKey withPool(Integer other) {
        return new ArmKey(server, mode, users, other, jdk, params);
    }

    public ArmKey withJdk(Integer other) {
        return new ArmKey(server, mode, users, pool, other, params);
    }

    /** This key with the parameter set (replacing its value, keeping its place, when it had one). */
    public ArmKey withParam(String name, ParamValue value) {
        Map<String, ParamValue> more = new LinkedHashMap<>(params);
        more.put(name, value);
        return new ArmKey(server, mode, users, pool, jdk, more);
    }

    /** This key without the parameter, e.g. a sweep's delay when arms are grouped across delays. */
    public ArmKey withoutParam(String name) {
        Map<String, ParamValue> fewer = new LinkedHashMap<>(params);
        fewer.remove(name);
        return new ArmKey(server, mode, users, pool, jdk, fewer);
    }

    public Optional<ParamValue> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    /** True when the key has the parameter with that value. */
    public boolean has(String name, ParamValue value) {
        return value.equals(params.get(name));
    }

    /** The parameters as a name shows them ({@code wait 1 s, delay 50 ms}), or null when none. */
    public String paramsShown() {
        return params.isEmpty() ? null : String.join(", ", shownParams());
    }

    private List<String> shownParams() {
        return params.entrySet().stream().map(p -> p.getValue().shown(p.getKey())).toList();
    }

    /**
     * e.g. {@code loomcat platform:10, 20 users}, {@code quarkus virtual, 100 users, pool 10, wait 1 s, JDK 21};
     * the user's service under {@code assess} goes unnamed: {@code virtual, JDK 25}.
     */
    public String name() {
        List<String> parts = new ArrayList<>();
        // An assessment has one service, so its name would only repeat itself: "virtual, JDK 25".
        parts.add(server == null || ServerId.SERVICE.equals(server) ? mode.toString() : server.id() + " " + mode);
        if (users != null) {
            parts.add(String.format(Locale.ROOT, "%,d", users) + (users == 1 ? " user" : " users"));
        }
        if (pool != null) {
            parts.add("pool " + pool);
        }
        parts.addAll(shownParams());
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
