package loomlab.lab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.diagnose.Found;
import loomlab.core.diagnose.Stillness;
import loomlab.core.fixes.FixMatch;

/**
 * A diagnosed JVM as results.json documents it: the target, the window, what the dumps showed of
 * progress ({@code stillness}, its marker), each kind found with its evidence as the watchdog's are
 * written ({@link WatchJson#evidence}) and the known fixes its stacks show, the recording's pins, and
 * every file kept and command run against the JVM.
 */
final class DiagnoseJson {
    private DiagnoseJson() {
    }

    static void write(DiagnosedJvm jvm, ObjectNode node, ObjectMapper plain) {
        node.set("target", plain.valueToTree(jvm.target()));
        node.put("window_s", jvm.windowS());
        node.put("stopped_early", jvm.stoppedEarly());
        node.put("broke", jvm.broke());
        node.put("undecided", jvm.undecided());
        node.set("stillness", stillness(jvm.stillness(), plain));
        ArrayNode found = node.putArray("found");
        jvm.found().forEach(f -> found.add(found(f, plain)));
        node.set("scheduler", plain.valueToTree(jvm.scheduler()));
        node.set("pins", plain.valueToTree(jvm.pins()));
        node.set("dump_files", plain.valueToTree(jvm.dumpFiles()));
        node.put("jfr_file", jvm.jfrFile());
        node.set("target_calls", plain.valueToTree(jvm.targetCalls()));
    }

    private static ObjectNode stillness(Stillness stillness, ObjectMapper plain) {
        ObjectNode node = plain.valueToTree(stillness);
        node.put("verdict", stillness.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        return node;
    }

    private static ObjectNode found(Found found, ObjectMapper plain) {
        ObjectNode node = plain.createObjectNode();
        node.put("kind", found.kind());
        node.set("frames", plain.valueToTree(found.frames()));
        node.set("classification", WatchJson.evidence(found.classification(), plain));
        ArrayNode fixes = node.putArray("known_fixes");
        found.knownFixes().forEach(f -> fixes.add(fix(f, plain)));
        return node;
    }

    private static ObjectNode fix(FixMatch match, ObjectMapper plain) {
        ObjectNode node = plain.createObjectNode();
        node.put("id", match.fix().id());
        node.put("scope", match.fix().scope().name().toLowerCase(Locale.ROOT));
        node.put("name", match.fix().name());
        node.put("artifact", match.fix().artifact());
        node.put("defect", match.fix().defect());
        node.put("affected_from", match.fix().affectedFrom());
        node.put("fixed_in", match.fix().fixedIn());
        node.set("also_fixed_in", plain.valueToTree(match.fix().alsoFixedIn()));
        node.put("jdk_fixed_in", match.fix().jdkFixedIn());
        node.put("remedy", match.fix().remedy());
        node.put("source", match.fix().source());
        node.put("frame", match.frame());
        node.put("version_seen", match.seen().version());
        node.put("version_from", match.seen().from());
        node.put("status", match.status().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        return node;
    }
}
