package loomlab.lab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.LoadModel;
import loomlab.core.assess.AssessRepeats;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.DecidingWindows;
import loomlab.core.assess.GeneratorCeiling;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;

/** An assessed arm under the keys the README documents, flat beside its identity. */
final class AssessJson {
    private AssessJson() {
    }

    static void write(AssessArmResult arm, ObjectNode node, ObjectMapper plain) {
        node.put("threads", arm.key().mode().threadsSpelled().orElseThrow());
        if (arm.setup().endpointLines() != null) {
            node.put("endpoint_lines", arm.setup().endpointLines());
        }
        node.put("pool", arm.setup().pool());
        node.put("jdk", arm.setup().jdk());
        node.set("switched_by", plain.valueToTree(arm.setup().switchedBy()));
        node.put("carriers", arm.setup().carriers());
        node.set("threads_seen", plain.valueToTree(arm.switched()));
        node.put("slo_p99_ms", arm.setup().sloP99Ms());
        node.put("arrivals", arm.setup().arrivals());
        node.put("arrivals_seed", arm.setup().arrivalsSeed());
        node.set("warmup", warmup(arm.warmup(), plain));
        node.put("curve_engine", arm.setup().curveEngine());
        node.put("curve_latency_from", LoadModel.CLOSED.latencyFrom());
        node.set("curve", plain.valueToTree(arm.curve()));
        Capacity capacity = arm.capacity();
        node.put("capacity_rps", capacity.rps());
        node.set("capacity_bracket", plain.valueToTree(capacity.bracket()));
        node.put("capacity_kind", capacity.kind().name().toLowerCase(Locale.ROOT));
        node.put("capacity_limit", capacity.limit() == null ? null : capacity.limit().name().toLowerCase(Locale.ROOT));
        node.put("capacity_whose_limit", arm.whoseLimit() == null ? null : arm.whoseLimit().id());
        GeneratorCeiling ceiling = capacity.ceiling();
        if (ceiling == null) {
            node.putNull("capacity_generator_ceiling");
        } else {
            ObjectNode c = node.putObject("capacity_generator_ceiling");
            c.put("rps", ceiling.rps());
            c.put("from_rps", ceiling.fromRps());
            c.put("lab_cores", ceiling.labCores());
            c.put("loops", ceiling.loops());
        }
        node.put("capacity_latency_from", LoadModel.OPEN.latencyFrom());
        ArrayNode steps = node.putArray("capacity_steps");
        for (Capacity.TriedStep tried : capacity.steps()) {
            steps.add(step(tried, plain));
        }
        node.set("deciding", deciding(arm.deciding(), plain));
        ServiceCosts costs = arm.costs();
        node.put("cpu_per_request_ms", costs.cpuPerRequestMs());
        node.put("service_cores_at_capacity", costs.serviceCores());
        node.put("lab_cores_at_capacity", costs.labCores());
        node.put("other_cores_at_capacity", costs.otherCores());
        node.put("steal_cores_at_capacity", costs.stealCores());
        node.put("peak_rss_mb", costs.peakRssMb());
        // The assessment's own database (--postgres), charged to it and not to the service or the lab.
        node.set("database", plain.valueToTree(costs.database()));
        node.put("peak_threads", costs.peakThreads());
        // Totals from the service's start to its exit, over searches of different lengths: a detail, not a comparison.
        node.put("gc_pause_ms_whole_run", costs.gcPauseMs());
        node.put("gc_pauses_whole_run", costs.gcPauses());
        node.set("at_common_rate", plain.valueToTree(costs.atCommonRate()));
        node.put("pinned_events", arm.pinning().events());
        node.put("pinned_ms", arm.pinning().pinnedMs());
        node.set("pinning_sites", plain.valueToTree(arm.pinning().sites()));
        node.put("errors", arm.errors());
        node.put("failure", arm.failure());
        WatchJson.write(arm.watch(), node, plain);
        repeats(arm, node, plain);
    }

    /**
     * Null for an arm that ran once. Repeated ({@code --repeat}), the figures above are the median run's;
     * here the capacity every run allows (what the findings compared), and every run in full, in order.
     */
    private static void repeats(AssessArmResult arm, ObjectNode node, ObjectMapper plain) {
        AssessRepeats repeats = arm.repeats();
        if (repeats == null) {
            node.putNull("repeats");
            return;
        }
        ObjectNode out = node.putObject("repeats");
        out.put("runs", repeats.count());
        Capacity span = arm.capacityOverRuns();
        out.set("capacity_bracket_over_runs", plain.valueToTree(span.bracket()));
        out.put("capacity_kind_over_runs", span.kind().name().toLowerCase(Locale.ROOT));
        ArrayNode each = out.putArray("each_run");
        for (AssessArmResult run : repeats.runs()) {
            ObjectNode figures = plain.createObjectNode();
            write(run, figures, plain);
            figures.remove("repeats");
            each.add(figures);
        }
    }

    /** The warm-up to a steady state: its totals, whether it settled and by which rule, and every window. */
    static ObjectNode warmup(WarmupEvidence evidence, ObjectMapper plain) {
        if (evidence == null) {
            return null;
        }
        ObjectNode node = plain.createObjectNode();
        node.put("steady", evidence.steady());
        node.put("seconds", evidence.seconds());
        node.put("requests", evidence.requests());
        node.put("jit_cpu_s", evidence.jitCpuSeconds());
        SteadyRule rule = evidence.rule();
        ObjectNode decided = node.putObject("rule");
        decided.put("users", rule.users());
        decided.put("window_s", rule.window().toMillis() / 1000.0);
        decided.put("windows", rule.windows());
        decided.put("jit_core_share", rule.jitCoreShare());
        decided.put("agreement", rule.agreement());
        decided.put("cap_s", rule.cap().toMillis() / 1000.0);
        SteadyRule.Judgement last = evidence.last();
        ArrayNode unsettled = node.putArray("unsettled");
        last.unsettled().forEach(u -> unsettled.add(u.name().toLowerCase(Locale.ROOT)));
        ArrayNode unread = node.putArray("unread");
        last.unread().forEach(u -> unread.add(u.name().toLowerCase(Locale.ROOT)));
        node.put("last_jit_core_share", last.jitCoreShare());
        node.put("last_throughput_spread", last.throughputSpread());
        node.put("last_cpu_per_request_spread", last.cpuSpread());
        ArrayNode windows = node.putArray("windows");
        for (WarmupWindow window : evidence.windows()) {
            ObjectNode w = windows.addObject();
            w.put("seconds", window.seconds());
            w.put("answered", window.answered());
            w.put("throughput_rps", window.throughputRps());
            w.put("service_cpu_s", window.serviceCpuS());
            w.put("cpu_per_request_ms", window.cpuPerRequestMs());
            w.put("jit_cpu_s", window.jitCpuS());
        }
        return node;
    }

    /** The windows at the deciding rate, each a step as the search's are; null where none were measured. */
    private static ObjectNode deciding(DecidingWindows deciding, ObjectMapper plain) {
        if (deciding == null) {
            return null;
        }
        ObjectNode node = plain.createObjectNode();
        node.put("rate_rps", deciding.rateRps());
        ArrayNode windows = node.putArray("windows");
        deciding.windows().forEach(w -> windows.add(step(w, plain)));
        return node;
    }

    private static ObjectNode step(Capacity.TriedStep tried, ObjectMapper plain) {
        CapacityStep step = tried.step();
        ObjectNode node = plain.createObjectNode();
        node.put("rate_rps", step.rateRps());
        node.put("arrivals_seed", step.arrivalsSeed());
        node.put("p99_ms", step.p99Ms());
        node.put("max_ms", step.maxMs());
        node.put("p50_rise_ms", step.p50RiseMs());
        node.put("errors", step.errors());
        node.put("passed", tried.outcome() == Capacity.Outcome.PASSED);
        node.put("outcome", tried.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '));
        node.put("requests", step.requests());
        node.put("throughput_rps", step.throughputRps());
        node.put("answered_rps", step.windowRps());
        node.put("answered_ok_rps", step.windowOkRps());
        node.put("arrived_rps", step.arrivedRps());
        node.put("elapsed_s", step.elapsedS());
        node.put("stopped_early", step.stoppedEarly());
        node.put("service_cpu_s", step.usage() == null ? null : step.usage().serviceCpuS());
        node.put("lab_cpu_s", step.usage() == null ? null : step.usage().labCpuS());
        node.put("database_cpu_s", step.usage() == null ? null : step.usage().databaseCpuS());
        node.put("jit_cpu_s", step.usage() == null ? null : step.usage().jitCpuS());
        CapacityStep.MachineCpu machine = step.usage() == null ? null : step.usage().machine();
        node.put("machine_cpu_s", machine == null ? null : machine.busyS());
        node.put("steal_cpu_s", machine == null ? null : machine.stealS());
        node.put("rss_mb", step.usage() == null ? null : step.usage().rssMb());
        node.put("cpu_per_request_ms", step.cpuPerRequestMs());
        node.set("cpu_per_request_range_ms", plain.valueToTree(step.cpuPerRequestRangeMs()));
        node.set("served", plain.valueToTree(step.usage() == null ? null : step.usage().served()));
        CapacityStep.Window window = step.usage() == null ? null : step.usage().window();
        if (window == null) {
            node.putNull("window");
        } else {
            ObjectNode edges = node.putObject("window");
            edges.put("opened", window.opened().toString());
            edges.put("closed", window.closed().toString());
        }
        node.set("recorded", plain.valueToTree(step.usage() == null ? null : step.usage().recorded()));
        node.put("gc_ms_per_thousand_requests", step.gcMsPerThousandRequests());
        node.put("gc_share_of_wall", step.gcShareOfWall());
        node.set("generator", plain.valueToTree(step.generator()));
        node.set("paths", plain.valueToTree(step.paths()));
        return node;
    }
}
