package loomlab.tasks.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void writesFieldsInOrderWithNestedValues() {
        String json = Json.object()
                .put("name", "fair")
                .put("count", 3)
                .put("ratio", 0.5)
                .put("ok", true)
                .put("missing", null)
                .put("list", List.of(1, "two"))
                .put("map", Map.of("k", 1L))
                .put("longs", new long[] {1, 2})
                .put("nested", Json.object().put("a", 1))
                .toString();
        assertEquals("{\"name\":\"fair\",\"count\":3,\"ratio\":0.5,\"ok\":true,\"missing\":null,\"list\":[1,\"two\"],"
                + "\"map\":{\"k\":1},\"longs\":[1,2],\"nested\":{\"a\":1}}", json);
    }

    @Test
    void escapesStringsAndNullsNonFiniteNumbers() {
        assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", Json.write("a\"b\\c\nd\u0001"));
        assertEquals("[null,null,1.5]", Json.write(Arrays.asList(Double.NaN, Double.POSITIVE_INFINITY, 1.5)));
    }

    @Test
    void roundsToThreeDecimals() {
        assertEquals(1.235, Json.round3(1.2345678));
        assertEquals(2.0, Json.round3(1.9999));
    }
}
