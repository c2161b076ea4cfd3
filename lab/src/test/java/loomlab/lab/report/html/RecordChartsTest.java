package loomlab.lab.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Latency;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.ServingModel;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** Charts of arms that are not HTTP arms, found from their figures' names. */
class RecordChartsTest {
    private static final Pattern TITLE = Pattern.compile("aria-label=\"([^\"]*)\"");

    private static NoisyServerArmResult arm(String mode, double helloP99, long cpuRequests, double serverCpu) {
        return new NoisyServerArmResult(new ArmKey(ServerId.LOOMCAT, ServingModel.parse(mode), 4, null, null, Map.of("load", ParamValue.named("/hello beside /cpu"))), 4,
                2_500_000, 100, 4, 400, 0, new Latency(2.0, 1.0, 3.0, helloP99, helloP99, helloP99), cpuRequests, 0,
                new Latency(60.0, 60.0, 80.0, 90.0, 95.0, 99.0), new ServerUsage(serverCpu, 900.0, 20L, 900L), null,
                loomlab.core.breakage.WatchReport.completed(List.of()));
    }

    private static List<String> titles(List<ArmResult> arms) {
        return RecordCharts.of(arms).stream().map(chart -> {
            Matcher title = TITLE.matcher(chart);
            assertTrue(title.find(), chart);
            return title.group(1);
        }).toList();
    }

    @Test
    void chartsEveryPercentileSummaryInMillisecondsAndLeavesOutSettingsAllArmsShare() {
        List<String> titles = titles(List.of(arm("platform:8", 12.0, 270, 7.5), arm("virtual", 64.0, 260, 7.0)));
        assertEquals(List.of("Latency of /hello, from its intended send", "Latency of /cpu"), titles,
                "the rate, duration and iterations are the same for both arms; nested server figures are no chart");
    }

    @Test
    void aFigureThatDiffersBetweenArmsGetsItsOwnChart() {
        assertEquals(List.of("Wall (seconds)"), titles(List.of(timed("a", 1.5), timed("b", 2.5))));
    }

    /** A task program's arm whose figures all agree with its sibling's but its wall time. */
    private static TaskThroughputArmResult timed(String caseName, double wallS) {
        return new TaskThroughputArmResult(ArmKey.program(caseName, Threads.VIRTUAL).withParam("case", ParamValue.named(caseName)),
                100, 100, 10, 0.01, wallS, 0.5, 0.1, 1.0, 0.2, 80.0, 1, null);
    }
}
