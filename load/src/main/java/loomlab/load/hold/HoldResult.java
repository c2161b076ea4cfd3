package loomlab.load.hold;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one hold run found, printed as the last stdout line by {@link #toJson()}. Figures that do
 * not exist (no connection opened, no message recorded, a gauge the platform lacks) are null.
 *
 * @param connectionsTarget     connections asked for
 * @param connectionsHeld       open at the end of the hold
 * @param connectionsAttempted  connects started, failed ones included
 * @param connectSeconds        from the origin to the last successful connect
 * @param connectRatePerS       connections open at the end of the ramp per connect second
 * @param messages              round trips recorded: messages intended in the hold, unanswered ones included
 * @param messageP50Ms          round trip from the intended send time, median
 * @param messageP99Ms          99th percentile
 * @param messageMaxMs          maximum
 * @param messagesUnanswered    of {@code messages}: no echo by the end of the run, recorded at their age then
 * @param errorsByKind          every kind with its count
 * @param firstError            the first error, or null
 * @param clientCpuS            CPU the client process used during the run (the whole process: a caller
 *                              running the client in-process adds its own threads' CPU)
 * @param clientRssMb           the client's resident memory at the end of the hold, MiB
 * @param maxSendLagMs          the latest a message went out behind its intended time (whole run)
 * @param maxConnectLagMs       the latest a connect started behind its intended time
 * @param behindSchedule        the worst send lag during the hold exceeded max(100 ms, 10 % of the interval):
 *                              the client did not keep to its own schedule, so its figures are suspect
 * @param intervalMs            the message interval
 * @param holdS                 the hold
 * @param connectRateTargetPerS the intended connect rate
 * @param rampStoppedByErrors   the ramp stopped opening connections because of errors
 */
public record HoldResult(int connectionsTarget, int connectionsHeld, int connectionsAttempted, Double connectSeconds,
                         Double connectRatePerS, long messages, Double messageP50Ms, Double messageP99Ms,
                         Double messageMaxMs, long messagesUnanswered, Map<HoldErrorKind, Long> errorsByKind,
                         HoldError firstError, Double clientCpuS, Double clientRssMb, Double maxSendLagMs,
                         Double maxConnectLagMs, boolean behindSchedule, long intervalMs, long holdS,
                         int connectRateTargetPerS, boolean rampStoppedByErrors) {

    /** The start of the result line, by which a parent tells it from progress lines. */
    public static final String JSON_PREFIX = "{\"program\":\"hold\",";

    public HoldResult {
        Map<HoldErrorKind, Long> copy = new EnumMap<>(HoldErrorKind.class);
        for (HoldErrorKind kind : HoldErrorKind.values()) {
            copy.put(kind, errorsByKind == null ? 0L : errorsByKind.getOrDefault(kind, 0L));
        }
        errorsByKind = Collections.unmodifiableMap(copy);
    }

    /** All errors, of every kind. */
    public long errors() {
        return errorsByKind.values().stream().mapToLong(Long::longValue).sum();
    }

    /** One line of JSON, snake_case names, starting exactly with {@link #JSON_PREFIX}. */
    public String toJson() {
        HoldJson kinds = new HoldJson();
        errorsByKind.forEach((kind, count) -> kinds.number(kind.label(), count));
        String first = firstError == null ? "null"
                : new HoldJson().string("kind", firstError.kind().label()).string("message", firstError.message()).end();
        return new HoldJson()
                .string("program", "hold")
                .number("connections_target", connectionsTarget)
                .number("connections_held", connectionsHeld)
                .number("connections_attempted", connectionsAttempted)
                .decimal("connect_seconds", connectSeconds, 3)
                .decimal("connect_rate_per_s", connectRatePerS, 1)
                .number("messages", messages)
                .decimal("message_p50_ms", messageP50Ms, 3)
                .decimal("message_p99_ms", messageP99Ms, 3)
                .decimal("message_max_ms", messageMaxMs, 3)
                .number("messages_unanswered", messagesUnanswered)
                .number("errors", errors())
                .raw("errors_by_kind", kinds.end())
                .raw("first_error", first)
                .decimal("client_cpu_s", clientCpuS, 3)
                .decimal("client_rss_mb", clientRssMb, 1)
                .decimal("max_send_lag_ms", maxSendLagMs, 3)
                .decimal("max_connect_lag_ms", maxConnectLagMs, 3)
                .bool("behind_schedule", behindSchedule)
                .number("interval_ms", intervalMs)
                .number("hold_s", holdS)
                .number("connect_rate_target_per_s", connectRateTargetPerS)
                .bool("ramp_stopped_by_errors", rampStoppedByErrors)
                .end();
    }
}
