package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

class WeightedRequestTest {
    @Test
    void aRequestLineGivesItsMethodPathAndWeightAndKeepsItsHeadersInOrder() {
        WeightedRequest post = WeightedRequest.parse(" post  /orders?x=1@3 ", List.of("Content-Type: application/json",
                "X-Tenant:t1 "), WeightedRequest.text("{\"item\":7}"));
        assertEquals("POST", post.method());
        assertEquals("/orders?x=1", post.path());
        assertEquals(3, post.weight());
        assertEquals(List.of(new WeightedRequest.Header("Content-Type", "application/json"),
                new WeightedRequest.Header("X-Tenant", "t1")), post.headers());
        assertArrayEquals("{\"item\":7}".getBytes(StandardCharsets.UTF_8), post.body());
        assertEquals("POST /orders?x=1@3 (2 headers, a 10-byte body)", post.toString());
        assertEquals("POST /orders?x=1", post.label());
    }

    @Test
    void aPathIsAGetOfItsWeightNamedByItsPathAlone() {
        WeightedRequest get = WeightedRequest.get(WeightedPath.parse("/stock@2"));
        assertEquals("GET", get.method());
        assertEquals("/stock", get.label());
        assertEquals("/stock@2", get.toString());
        assertTrue(get.isGet());
        assertFalse(WeightedRequest.parse("DELETE /x", List.of(), null).isGet());
    }

    @Test
    void theBodyIsACopyBothWays() {
        byte[] bytes = {1, 2, 3};
        WeightedRequest put = new WeightedRequest("PUT", "/x", List.of(), bytes, 1);
        bytes[0] = 9;
        put.body()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, put.body());
        assertEquals(put, new WeightedRequest("PUT", "/x", List.of(), new byte[] {1, 2, 3}, 1));
    }

    @Test
    void everyBadRequestIsOneLineOfBadInputNamingTheChoicesWhereThereAreSome() {
        BadInput method = assertThrows(BadInput.class, () -> WeightedRequest.parse("FETCH /x", List.of(), null));
        assertEquals("--request 'FETCH /x': unknown HTTP method 'FETCH'; choose from: GET, HEAD, POST, PUT, PATCH,"
                + " DELETE, OPTIONS", method.getMessage());
        List<Runnable> bad = List.of(
                () -> WeightedRequest.parse("POST", List.of(), null),
                () -> WeightedRequest.parse("POST /a /b", List.of(), null),
                () -> WeightedRequest.parse("POST orders", List.of(), null),
                () -> WeightedRequest.parse("POST /orders@0", List.of(), null),
                () -> WeightedRequest.parse("POST /orders@-2", List.of(), null),
                () -> WeightedRequest.parse("POST /orders@x", List.of(), null),
                () -> WeightedRequest.parse("POST /o", List.of("no colon"), null),
                () -> WeightedRequest.parse("POST /o", List.of(": empty name"), null),
                () -> WeightedRequest.parse("POST /o", List.of("Bad Name: v"), null),
                () -> WeightedRequest.parse("POST /o", List.of("X: a\r\nInjected: b"), null),
                () -> WeightedRequest.parse("POST /o", List.of("Content-Length: 3"), null),
                () -> WeightedRequest.parse("POST /o", List.of("Transfer-Encoding: chunked"), null),
                () -> WeightedRequest.parse("GET /o", List.of(), new byte[] {1}),
                () -> new WeightedRequest("get", "/o", List.of(), null, 1));
        for (Runnable each : bad) {
            BadInput e = assertThrows(BadInput.class, each::run);
            assertFalse(e.getMessage().isBlank() || e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
