package loomlab.lab.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.bound.Pause;
import loomlab.core.breakage.Outcome;
import loomlab.core.finding.Bottleneck;
import loomlab.core.finding.Finding;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.repeat.RepeatRun;
import loomlab.core.result.ExperimentResult;
import loomlab.core.verdict.Verdict;
import loomlab.lab.report.verdict.FlagText;
import loomlab.lab.report.verdict.HeadlineWords;
import loomlab.lab.report.verdict.VerdictWriter;

/**
 * The one JSON mapping of the lab's records: snake_case keys, as documented in the README. Arms
 * are written by {@link ArmJson}, which keeps results.json's documented keys whatever shape the
 * records take; the core stays free of JSON annotations.
 */
public final class Json {
    /** Everything but the arms, which {@link ArmJson} writes with this mapper's help. */
    private static final ObjectMapper PLAIN = base().build();
    private static final ObjectMapper MAPPER = base()
            .addModule(new SimpleModule("loomlab-arms").addSerializer(ArmResult.class, new ArmJson(PLAIN)))
            .build();

    private Json() {
    }

    /** A warm-up's evidence as {@link AssessJson} writes it in an arm. */
    private static final class WarmupSerializer extends StdSerializer<WarmupEvidence> {
        WarmupSerializer() {
            super(WarmupEvidence.class);
        }

        @Override
        public void serialize(WarmupEvidence value, JsonGenerator gen,
                              SerializerProvider provider) throws IOException {
            gen.writeTree(AssessJson.warmup(value, PLAIN_NODES));
        }
    }

    /** Builds the nodes a serializer writes; its own settings do not matter to nodes built by hand. */
    private static final ObjectMapper PLAIN_NODES = JsonMapper.builder().build();

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static JsonMapper.Builder base() {
        return JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .addModule(new SimpleModule("loomlab-flags").addSerializer(ArmFlag.class, new FlagSerializer())
                        // A mode is its command-line spelling ("platform:10", "reactive"), whatever its type.
                        .addSerializer(ArmMode.class, ToStringSerializer.instance)
                        // A failed arm's status is results.json's word for it ("failed", "skipped").
                        .addSerializer(FailedArm.Status.class, ToStringSerializer.instance)
                        // An arm's parameter is its typed value, never the words a name shows it in.
                        .addSerializer(ParamValue.class, new ParamValueSerializer())
                        // A key says which kind of mode it holds, so that it reads back without a guess.
                        .addSerializer(ArmKey.class, new ArmKeySerializer())
                        // An instant on the wall clock (a step's window) is ISO-8601, as results.schema.json says.
                        .addSerializer(Instant.class, ToStringSerializer.instance)
                        // A warm-up reads the same in a finding as in its arm (its rule's durations in seconds).
                        .addSerializer(WarmupEvidence.class, new WarmupSerializer()))
                .addMixIn(ServerId.class, ServerIdSpelling.class)
                .addMixIn(Pause.class, PauseKeys.class)
                .addMixIn(Finding.class, FindingKinds.class)
                .addMixIn(ExperimentResult.class, ExperimentResultRendered.class)
                .addMixIn(HandleOrderArmResult.class, HandleOrderArmResultKeys.class)
                .addMixIn(JdbcLimit.class, JdbcLimitKeys.class)
                .addMixIn(Bottleneck.class, BottleneckKeys.class)
                .addMixIn(Outcome.class, OutcomeSpelling.class);
    }

    /** A pause is its length in seconds and how it is taken. */
    @JsonPropertyOrder({"seconds", "model"})
    private abstract static class PauseKeys {
        @JsonIgnore
        abstract Duration length();

        @JsonProperty("seconds")
        abstract double seconds();

        @JsonIgnore
        abstract boolean isNone();
    }

    /** A server is its command-line spelling, {@code loomcat}, in and out. */
    private abstract static class ServerIdSpelling {
        @JsonValue
        abstract String id();
    }

    /** Each finding says what kind it is, e.g. {@code "kind": "Lead"}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
    private abstract static class FindingKinds {
    }

    /** An experiment is written with its verdict worded ({@link RenderedExperiment}). */
    @JsonSerialize(converter = Rendering.class)
    private abstract static class ExperimentResultRendered {
    }

    /**
     * An experiment as results.json holds it: the headline and the verdict, worded here for readers, before
     * the arms they are drawn from, the typed findings last; the runs (each one's seed and arm order) beside
     * the time they took. Nothing reads the words back: the findings are the record.
     */
    @JsonPropertyOrder({"name", "summary", "question", "profile", "elapsed_s", "runs", "headline", "verdict", "arms",
            "findings"})
    record RenderedExperiment(String name, String summary, String question, String profile, Double elapsedS,
                              List<RepeatRun> runs, String headline, String verdict, List<ArmResult> arms,
                              List<Finding> findings) {
    }

    private static final class Rendering extends StdConverter<ExperimentResult, RenderedExperiment> {
        @Override
        public RenderedExperiment convert(ExperimentResult experiment) {
            Verdict verdict = experiment.verdict();
            return new RenderedExperiment(experiment.name(), experiment.summary(), experiment.question(),
                    experiment.profile(), experiment.elapsedS(), experiment.runs(), HeadlineWords.headline(verdict),
                    VerdictWriter.write(verdict), experiment.arms(), experiment.findings());
        }
    }

    /** A handleOrder arm's situation is its {@code case}, a word Java keeps for itself. */
    private abstract static class HandleOrderArmResultKeys {
        @JsonProperty("case")
        abstract String caseName();
    }

    /** {@code kind} names a finding's record; where the JDBC arm's limit sat is its {@code limit}. */
    private abstract static class JdbcLimitKeys {
        @JsonProperty("limit")
        abstract JdbcLimit.Kind kind();
    }

    /** {@code kind} names a finding's record; what limited both assessed arms is its {@code bottleneck}. */
    private abstract static class BottleneckKeys {
        @JsonProperty("bottleneck")
        abstract Bottleneck.Kind kind();
    }

    /** An arm's outcome is spelled as the watchdog's fields spell it, {@code died}, on a failed arm too. */
    private abstract static class OutcomeSpelling {
        @JsonValue
        abstract String id();
    }

    /**
     * A parameter's value as results.json types it: a word as a string, a count as an integer, a
     * duration as {@code {"ms": N}}; {@code ArmKeyJson} reads each back as it was.
     */
    private static final class ParamValueSerializer extends JsonSerializer<ParamValue> {
        @Override
        public void serialize(ParamValue value, JsonGenerator out, SerializerProvider provider) throws IOException {
            switch (value) {
                case ParamValue.Named named -> out.writeString(named.word());
                case ParamValue.Count count -> out.writeNumber(count.count());
                case ParamValue.Duration duration -> {
                    out.writeStartObject();
                    out.writeNumberField("ms", duration.millis());
                    out.writeEndObject();
                }
            }
        }
    }

    /**
     * An arm's key in its components' order, with the kind of its mode beside the mode ({@code
     * mode_kind}) and the threads it ran on ({@code threads}): {@code ArmKeyJson} reads a spelling such as
     * {@code virtual} as what it was, an executor or a program's own word on its threads.
     */
    private static final class ArmKeySerializer extends JsonSerializer<ArmKey> {
        @Override
        public void serialize(ArmKey key, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeStartObject();
            provider.defaultSerializeField("server", key.server(), out);
            out.writeStringField("mode", key.mode().toString());
            out.writeStringField("mode_kind", ArmKeyJson.kind(key.mode()));
            out.writeStringField("threads", key.mode().threadsSpelled().orElse(null));
            provider.defaultSerializeField("users", key.users(), out);
            provider.defaultSerializeField("pool", key.pool(), out);
            provider.defaultSerializeField("jdk", key.jdk(), out);
            provider.defaultSerializeField("params", key.params(), out);
            out.writeEndObject();
        }
    }

    /** A flag is written as the sentence a reader needs. */
    private static final class FlagSerializer extends JsonSerializer<ArmFlag> {
        @Override
        public void serialize(ArmFlag flag, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeString(FlagText.of(flag));
        }
    }
}
