package loomlab.lab.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;

/**
 * An arm's key read back from results.json whole, as {@link Json} wrote it: the server by its id (its
 * software from the arm's {@code server} beside it), the mode as the kind of mode it was ({@code mode_kind}:
 * one of the lab's executors, the event loop, or a program's own word) with the threads it ran on
 * ({@code threads}), the users, pool and JDK, and each parameter as the typed value it was. Nothing reads
 * an arm's name, and no spelling is guessed at.
 */
public final class ArmKeyJson {
    private ArmKeyJson() {
    }

    /**
     * The key of an arm of results.json.
     *
     * @param arm the arm's object: its {@code key}, and its {@code server} for the server's software
     * @throws IllegalArgumentException in one line, naming what does not read as a key's
     */
    public static ArmKey read(JsonNode arm) {
        JsonNode key = arm.path("key");
        if (!key.isObject()) {
            throw new IllegalArgumentException("no key, which results.json gives every arm");
        }
        String id = text(key, "server");
        String software = text(arm, "server");
        ServerId server = id == null ? null : new ServerId(id, software == null ? id : software);
        String mode = text(key, "mode");
        if (mode == null || mode.isBlank()) {
            throw new IllegalArgumentException("a key without a mode");
        }
        Map<String, ParamValue> params = new LinkedHashMap<>();
        key.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), param(p.getKey(), p.getValue())));
        return new ArmKey(server, mode(mode, text(key, "mode_kind"), text(key, "threads")), whole(key, "users"),
                whole(key, "pool"), whole(key, "jdk"), params);
    }

    /** The kinds of mode results.json names, as {@link #kind} writes them. */
    static final String EXECUTOR = "executor";
    static final String EVENT_LOOP = "event-loop";
    static final String WORD = "word";

    /** How results.json names the kind of an arm's mode, so that it reads back as the type it was. */
    static String kind(ArmMode mode) {
        return switch (mode) {
            case ServingModel.OnThreads onThreads -> EXECUTOR;
            case ServingModel.EventLoop eventLoop -> EVENT_LOOP;
            case ArmMode.Named named -> WORD;
            case ArmMode.Label label -> WORD;
        };
    }

    /**
     * A key's mode as its kind says to read it, on the threads the key names: a word's threads are
     * what its arm ran on (none for a word that names no thread model), and an executor's or the event
     * loop's must be its own.
     *
     * @throws IllegalArgumentException in one line when the kind is missing or unknown, the spelling is
     *                                  not one of that kind's, or the threads are not the mode's
     */
    static ArmMode mode(String spelling, String kind, String threads) {
        if (kind == null) {
            throw new IllegalArgumentException("the key's mode '" + spelling + "' has no mode_kind");
        }
        ArmMode mode = switch (kind) {
            case EXECUTOR -> ArmMode.ofExecutor(spelling);
            case EVENT_LOOP -> {
                if (!ServingModel.REACTIVE.equals(spelling)) {
                    throw new IllegalArgumentException("the event loop's mode is '" + ServingModel.REACTIVE + "', not '"
                            + spelling + "'");
                }
                yield ServingModel.EVENT_LOOP;
            }
            case WORD -> ArmMode.word(spelling, threads);
            default -> throw new IllegalArgumentException("the key's mode_kind is '" + kind + "'; one of: " + EXECUTOR
                    + ", " + EVENT_LOOP + ", " + WORD);
        };
        if (!mode.threadsSpelled().equals(Optional.ofNullable(threads))) {
            throw new IllegalArgumentException("the key's threads are " + (threads == null ? "null" : "'" + threads + "'")
                    + ", but its mode '" + spelling + "' runs on " + mode.threadsSpelled().orElse("none"));
        }
        return mode;
    }

    /** A word as a string, a count as an integer, a duration as {@code {"ms": N}}: as {@link Json} writes them. */
    static ParamValue param(String name, JsonNode value) {
        if (value.isTextual()) {
            return ParamValue.named(value.asText());
        }
        if (value.isIntegralNumber()) {
            return ParamValue.count(value.asLong());
        }
        if (value.isObject() && value.size() == 1 && value.path("ms").isIntegralNumber()) {
            return ParamValue.millis(value.path("ms").asLong());
        }
        throw new IllegalArgumentException("parameter '" + name + "' is " + value
                + ": not a word, a count or a duration {\"ms\": N}");
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? value.asText() : null;
    }

    private static Integer whole(JsonNode key, String field) {
        JsonNode value = key.path(field);
        if (value.isNull() || value.isMissingNode()) {
            return null;
        }
        if (!value.isInt()) {
            throw new IllegalArgumentException("the key's " + field + " is " + value + ", not a whole number");
        }
        return value.asInt();
    }
}
