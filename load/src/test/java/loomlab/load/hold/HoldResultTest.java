package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HoldResultTest {

    private static HoldResult failedRun(HoldError firstError) {
        return new HoldResult(50, 0, 12, null, null, 0, null, null, null, 0,
                Map.of(HoldErrorKind.REFUSED, 12L), firstError, 0.25, null, null, 0.5, false, 200, 1, 3000, true);
    }

    @Test
    void writesTheExactLineWithNullsForWhatDoesNotExist() {
        assertEquals("{\"program\":\"hold\",\"connections_target\":50,\"connections_held\":0,"
                + "\"connections_attempted\":12,\"connect_seconds\":null,\"connect_rate_per_s\":null,\"messages\":0,"
                + "\"message_p50_ms\":null,\"message_p99_ms\":null,\"message_max_ms\":null,\"messages_unanswered\":0,"
                + "\"errors\":12,\"errors_by_kind\":{\"refused\":12,\"reset\":0,\"timeout\":0,\"open-files\":0,"
                + "\"closed\":0,\"protocol\":0,\"other\":0},\"first_error\":null,\"client_cpu_s\":0.25,"
                + "\"client_rss_mb\":null,\"max_send_lag_ms\":null,\"max_connect_lag_ms\":0.5,"
                + "\"behind_schedule\":false,\"interval_ms\":200,\"hold_s\":1,\"connect_rate_target_per_s\":3000,"
                + "\"ramp_stopped_by_errors\":true}", failedRun(null).toJson());
    }

    @Test
    void writesMeasuredFiguresRoundedAsNumbers() {
        HoldResult result = new HoldResult(300, 300, 300, 0.1004, 2988.04, 1500, 0.2514, 1.0, 12.3456, 3,
                Map.of(), null, 1.23456, 123.45, 0.0, 2.0, true, 200, 1, 3000, false);
        String json = result.toJson();
        assertTrue(json.startsWith(HoldResult.JSON_PREFIX), json);
        assertTrue(json.contains("\"connect_seconds\":0.1,\"connect_rate_per_s\":2988,\"messages\":1500,"
                + "\"message_p50_ms\":0.251,\"message_p99_ms\":1,\"message_max_ms\":12.346,\"messages_unanswered\":3,"
                + "\"errors\":0,"), json);
        assertTrue(json.contains("\"client_cpu_s\":1.235,\"client_rss_mb\":123.5,\"max_send_lag_ms\":0,"
                + "\"max_connect_lag_ms\":2,\"behind_schedule\":true,"), json);
        assertEquals(0, result.errors());
    }

    @Test
    void escapesTheFirstErrorsMessage() {
        String json = failedRun(new HoldError(HoldErrorKind.OTHER, "said \"no\"\nback\\slash\ttab\u0001")).toJson();
        assertTrue(json.contains("\"first_error\":{\"kind\":\"other\",\"message\":"
                + "\"said \\\"no\\\"\\nback\\\\slash\\ttab\\u0001\"},"), json);
        assertEquals(1, json.lines().count());
    }

    @Test
    void countsEveryKindInTheTotal() {
        HoldResult result = new HoldResult(5, 1, 5, 0.1, 10.0, 0, null, null, null, 0,
                Map.of(HoldErrorKind.TIMEOUT, 2L, HoldErrorKind.OPEN_FILES, 1L, HoldErrorKind.CLOSED, 1L),
                new HoldError(HoldErrorKind.TIMEOUT, "connect not completed within 10 s"), null, null, null, null,
                false, 5000, 10, 10000, false);
        assertEquals(4, result.errors());
        assertTrue(result.toJson().contains("\"errors\":4,\"errors_by_kind\":{\"refused\":0,\"reset\":0,\"timeout\":2,"
                + "\"open-files\":1,\"closed\":1,\"protocol\":0,\"other\":0},\"first_error\":{\"kind\":\"timeout\","
                + "\"message\":\"connect not completed within 10 s\"},"), result.toJson());
    }
}
