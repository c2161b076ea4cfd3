package loomlab.lab.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.LoadShape;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.PlainArmResult;

/**
 * An arm as results.json documents it: its name, key, server and mode first, then its figures.
 * An HTTP arm's parts (load, observed figures, bound, server, extras) are laid out flat under the
 * documented keys, so the records can change shape without changing the file.
 */
final class ArmJson extends JsonSerializer<ArmResult> {
    private final ObjectMapper plain;

    ArmJson(ObjectMapper plain) {
        this.plain = plain;
    }

    @Override
    public void serialize(ArmResult arm, JsonGenerator out, SerializerProvider provider) throws IOException {
        ObjectNode node = identity(arm.key());
        switch (arm) {
            case HttpArmResult http -> http(http, node);
            case AssessArmResult assessed -> AssessJson.write(assessed, node, plain);
            case DiagnosedJvm diagnosed -> DiagnoseJson.write(diagnosed, node, plain);
            case NoisyServerArmResult noisy -> {
                figures(noisy, node);
                WatchJson.write(noisy.watch(), node, plain);
            }
            case ConnectionsArmResult _, FailedArm _, PlainArmResult _ -> figures(arm, node);
        }
        out.writeTree(node);
    }

    /** The record's components as they are, after the identity the arm already has. */
    private void figures(ArmResult arm, ObjectNode node) {
        ObjectNode figures = plain.valueToTree(arm);
        figures.remove("key");
        figures.remove("watch"); // a watched arm's is written in its own shape (WatchJson)
        node.setAll(figures);
    }

    private ObjectNode identity(ArmKey key) {
        ObjectNode node = plain.createObjectNode();
        node.put("name", key.name());
        node.set("key", plain.valueToTree(key));
        node.put("server", key.server() == null ? null : key.server().software());
        node.put("mode", key.mode().toString());
        return node;
    }

    private void http(HttpArmResult arm, ObjectNode node) {
        LoadShape load = arm.load();
        node.put("users", load.users());
        node.put("jdk", arm.server().jdk());
        node.put("requests", arm.requests());
        node.put("duration_s", load.durationS());
        node.put("elapsed_s", arm.elapsedS());
        node.put("bound_elapsed_s", arm.boundElapsedS());
        node.put("throughput_rps", arm.throughputRps());
        node.put("bound_rps", arm.boundRps());
        node.put("efficiency", arm.efficiency());
        node.put("load_model", arm.measured().loadModel().id());
        node.put("latency_from", arm.measured().loadModel().latencyFrom());
        node.set("latency_ms", tree(arm.latencyMs()));
        node.set("uncorrected_latency_ms", tree(arm.measured().uncorrectedLatencyMs()));
        node.put("errors", arm.errors());
        node.set("errors_by_kind", tree(arm.measured().errorsByKind()));
        node.put("warmup_requests", arm.measured().warmupRequests());
        node.put("late_sends", arm.measured().lateSends());
        node.set("published", tree(arm.published()));
        node.set("server_process", tree(arm.serverProcess()));
        node.set("generator", tree(arm.measured().generator()));
        node.set("timeline", tree(arm.measured().timeline()));
        node.set("sweep", tree(arm.sweep()));
        node.set("repeats", tree(arm.repeats()));
        node.put("think_s", load.pause().isNone() ? null : load.pause().seconds());
        node.put("pause_model", load.pause().isNone() ? null : load.pause().model().name().toLowerCase());
        node.put("engine", arm.engine());
        DistributedLoad distributed = arm.measured().distributed();
        if (distributed != null) {
            // Only engines with workers (Locust) have these, so other arms' documents keep their shape.
            node.put("workers", distributed.workers());
            node.set("per_worker", tree(distributed.perWorker()));
            node.put("engine_note", distributed.note());
        }
        node.put("pinned_events", arm.server().pinnedEvents());
        node.put("pinned_ms", arm.server().pinnedMs());
        node.set("pinning_sites", tree(arm.server().pinningSites()));
        node.set("bound", tree(arm.check().bound()));
        node.set("flags", tree(arm.flags()));
        node.put("carriers", arm.extras().carriers());
        WatchJson.write(arm.watch(), node, plain);
        node.set("paths", tree(arm.measured().paths()));
        if (arm.jdbc() != null) {
            // A JDBC arm's pools, seed columns and database figures sit on the arm, as the seed's columns did.
            JsonNode jdbc = tree(arm.jdbc());
            for (Iterator<Map.Entry<String, JsonNode>> it = jdbc.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                node.set(field.getKey(), field.getValue());
            }
        }
    }

    private JsonNode tree(Object value) {
        return plain.valueToTree(value);
    }
}
