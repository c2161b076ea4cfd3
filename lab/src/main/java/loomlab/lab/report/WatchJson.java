package loomlab.lab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Stall;
import loomlab.core.breakage.WatchReport;

/**
 * What the watchdog saw of an arm, under results.json's documented keys: {@code outcome},
 * {@code watched}, {@code hang} and {@code stalls}, each classification as its {@code kind} (the cause)
 * and {@code kinds} (every kind found, the cause first), the {@code frames} the cause names, its
 * evidence ({@code classification}, with its wait-for {@code chain} where it has one) and every kind's
 * ({@code classifications}), the dumps kept and the scheduler's counts.
 */
public final class WatchJson {
    private WatchJson() {
    }

    static void write(WatchReport watch, ObjectNode arm, ObjectMapper plain) {
        arm.put("outcome", watch.outcome().id());
        arm.put("watched", watch.watched());
        arm.set("hang", watch.hang() == null ? null : hang(watch.hang(), plain));
        ArrayNode stalls = plain.createArrayNode();
        watch.stalls().forEach(stall -> stalls.add(stall(stall, plain)));
        arm.set("stalls", stalls);
    }

    private static ObjectNode hang(Hang hang, ObjectMapper plain) {
        ObjectNode node = plain.createObjectNode();
        node.put("at_s", hang.atS());
        node.put("silent_s", hang.silentS());
        node.put("in_flight", hang.inFlight());
        node.put("answered_before", hang.answeredBefore());
        node.put("deadlocked", hang.deadlocked());
        classification(hang.classification(), node, plain);
        node.set("dumps", plain.valueToTree(hang.dumps()));
        node.set("scheduler", plain.valueToTree(hang.scheduler()));
        return node;
    }

    private static ObjectNode stall(Stall stall, ObjectMapper plain) {
        ObjectNode node = plain.createObjectNode();
        node.put("start_s", stall.startS());
        node.put("duration_ms", stall.durationMs());
        node.put("path", stall.path());
        classification(stall.classification(), node, plain);
        node.set("dumps", plain.valueToTree(stall.dumps()));
        node.set("scheduler", plain.valueToTree(stall.scheduler()));
        node.put("ended_with_run", stall.endedWithRun());
        node.put("in_warmup", stall.inWarmup());
        return node;
    }

    /**
     * The cause's kind and frames up front, every kind's id, then what each kind carries (its counts,
     * its lock, its owner, its chain): into {@code node}, for any command that classified dumps.
     */
    public static void classification(Diagnosis diagnosis, ObjectNode node, ObjectMapper plain) {
        node.put("kind", diagnosis.kind().id());
        ArrayNode kinds = node.putArray("kinds");
        diagnosis.kinds().forEach(k -> kinds.add(k.kind().id()));
        node.set("frames", plain.valueToTree(diagnosis.frames()));
        node.set("classification", evidence(diagnosis.primary(), plain));
        ArrayNode each = node.putArray("classifications");
        diagnosis.kinds().forEach(k -> each.add(evidence(k, plain)));
    }

    /** One kind's evidence: its id, then its fields. */
    public static ObjectNode evidence(Breakage breakage, ObjectMapper plain) {
        ObjectNode node = plain.createObjectNode();
        node.put("kind", breakage.kind().id());
        node.setAll((ObjectNode) plain.valueToTree(breakage));
        return node;
    }
}
