package loomlab.lab.load;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.Latency;
import loomlab.core.bound.Pause;

/**
 * ApacheBench, seed 002's tool: {@code ab -n N -c C} for arms that count requests, {@code -t}
 * for arms that run for a time. It runs with {@code -k} (keep-alive), because every lab arm keeps
 * its connections open; the seed ran ab without it, a new connection per request, which on
 * loopback costs far less than the endpoints' sleeps. ab has no think time.
 */
final class AbTool implements LoadTool {
    /** With -t, ab stops at 50,000 requests unless -n (given after -t) lifts the cap. */
    private static final long NO_COUNT_LIMIT = 100_000_000L;

    private static final Pattern COMPLETE = Pattern.compile("Complete requests:\\s+(\\d+)");
    private static final Pattern FAILED = Pattern.compile("Failed requests:\\s+\\d+\\s*\\n\\s*"
            + "\\(Connect: (\\d+), Receive: (\\d+), Length: (\\d+), Exceptions: (\\d+)\\)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx responses:\\s+(\\d+)");
    private static final Pattern TAKEN = Pattern.compile("Time taken for tests:\\s+([\\d.]+) seconds");
    private static final Pattern RATE = Pattern.compile("Requests per second:\\s+([\\d.]+)");
    private static final Pattern TOTAL = Pattern.compile(
            "\\nTotal:\\s+(\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+(\\d+)\\s+(\\d+)");

    @Override
    public String program() {
        return "ab";
    }

    /** ab sends one request, waits for its answer, then opens the other connections. */
    @Override
    public boolean sendsFirstRequestAlone() {
        return true;
    }

    @Override
    public List<String> command(HttpArmPlan plan, URI target, Path workDir) {
        List<String> command = new ArrayList<>(List.of(program(), "-q", "-r", "-k", "-c",
                Integer.toString(plan.users()), "-s", Long.toString(LabLoadEngine.REQUEST_TIMEOUT.toSeconds())));
        if (plan.countsRequests()) {
            command.addAll(List.of("-n", Long.toString(plan.load().requests())));
        } else {
            command.addAll(List.of("-t", Long.toString(LoadTool.wholeSeconds(plan.load().duration())),
                    "-n", Long.toString(NO_COUNT_LIMIT)));
        }
        command.add(target.toString());
        return command;
    }

    @Override
    public HttpArmPlan asRun(HttpArmPlan plan) {
        return plan.withLoad(plan.load().withPause(Pause.NONE));
    }

    @Override
    public String differences(HttpArmPlan plan) {
        return "keep-alive (-k, which the seed's ab runs did not use)"
                + (plan.load().pause().length().isZero() ? "" : "; ab cannot pause between requests, so this arm ran without"
                + " its pause and its bounds are computed without one");
    }

    /**
     * ab's summary. A failed request is a connection error, a broken receive or an exception;
     * "Length" failures are not counted, since they only mean a body differed in size from the
     * first one. Percentiles come from its "served within" table (no 99.9th).
     */
    @Override
    public ToolFigures parse(String text) {
        ToolOutput output = new ToolOutput(program(), text);
        long complete = output.requireLong(COMPLETE, "'Complete requests'");
        double elapsed = output.requireDouble(TAKEN, "'Time taken for tests'");
        double rate = output.requireDouble(RATE, "'Requests per second'");
        long connect = 0;
        long broken = 0;
        var failed = output.match(FAILED);
        if (failed.isPresent()) {
            Matcher kinds = failed.get();
            connect = Long.parseLong(kinds.group(1));
            broken = Long.parseLong(kinds.group(2)) + Long.parseLong(kinds.group(4));
        }
        long status = output.optionalLong(NON_2XX);
        Double mean = null;
        Double max = null;
        var total = output.match(TOTAL);
        if (total.isPresent()) {
            mean = Double.parseDouble(total.get().group(2));
            max = Double.parseDouble(total.get().group(5));
        }
        Double longest = percentile(output, "100");
        Latency latency = new Latency(mean, percentile(output, "50"), percentile(output, "90"),
                percentile(output, "99"), null, longest != null ? longest : max);
        return new ToolFigures(Math.max(0, complete - connect - broken), elapsed, rate, latency,
                new ErrorCounts(connect, 0, status, broken));
    }

    private static Double percentile(ToolOutput output, String percent) {
        return output.optionalDouble(Pattern.compile("\\n\\s+" + percent + "%\\s+(\\d+)")).orElse(null);
    }
}
