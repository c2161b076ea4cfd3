package loomlab.lab.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcFigures;

/** The one JSON mapping of the lab's records: snake_case keys, as documented in the README. */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .addMixIn(HttpArmResult.class, HttpArmResultKeys.class)
            .addMixIn(HandleOrderArmResult.class, HandleOrderArmResultKeys.class)
            .build();

    private Json() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * A JDBC arm's figures ({@code pool}, {@code avg_response_s}, ...) sit on the arm itself, beside
     * its HTTP figures, as the seed's columns did; the core stays free of JSON annotations.
     */
    private abstract static class HttpArmResultKeys {
        @JsonUnwrapped
        abstract JdbcFigures jdbc();
    }

    /** A handleOrder arm's situation is its {@code case}, a word Java keeps for itself. */
    private abstract static class HandleOrderArmResultKeys {
        @JsonProperty("case")
        abstract String caseName();
    }
}
