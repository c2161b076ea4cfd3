package loomlab.lab.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.Latency;
import loomlab.core.bound.Pause;
import loomlab.lab.process.ToolJson;

/**
 * siege, seed 004's tool: {@code -c C -r R} (R rounds per user) for arms that count requests,
 * {@code -t} for arms that run for a time, {@code -d} for a pause and {@code -b} without one. Its
 * settings come from a file the lab writes (keep-alive like every lab arm, no HTML parsing, JSON
 * summary), not from the user's {@code ~/.siege}. siege's {@code -d N} waits a random time between
 * 0 and N seconds before each request, half the lab's fixed pause on average.
 */
final class SiegeTool implements LoadTool {
    private static final String SETTINGS = """
            verbose = false
            quiet = true
            json_output = true
            show-logfile = false
            logging = false
            parser = false
            protocol = HTTP/1.1
            connection = keep-alive
            timeout = %d
            failures = 1000000000
            limit = %d
            """;
    private static final int DEFAULT_LIMIT = 255;

    @Override
    public String program() {
        return "siege";
    }

    @Override
    public List<String> command(HttpArmPlan plan, URI target, Path workDir) throws IOException {
        Files.createDirectories(workDir);
        Path settings = Files.createTempFile(workDir, "siege-", ".rc");
        Files.writeString(settings, SETTINGS.formatted(LabLoadEngine.REQUEST_TIMEOUT.toSeconds(),
                Math.max(DEFAULT_LIMIT, plan.users())));
        List<String> command = new ArrayList<>(List.of(program(), "--rc=" + settings, "-c",
                Integer.toString(plan.users())));
        if (plan.countsRequests()) {
            command.addAll(List.of("-r", Long.toString(rounds(plan))));
        } else {
            command.addAll(List.of("-t", LoadTool.wholeSeconds(plan.load().duration()) + "S"));
        }
        if (plan.load().pause().length().isZero()) {
            command.add("-b");
        } else {
            command.addAll(List.of("-d", Double.toString(plan.load().pause().seconds())));
        }
        command.add(target.toString());
        return command;
    }

    /** siege repeats per user, so a count that does not divide by the users is rounded up. */
    static long rounds(HttpArmPlan plan) {
        return (plan.load().requests() + plan.users() - 1) / plan.users();
    }

    /** siege's -d is a random pause before each request, which the arm's bound then models. */
    @Override
    public HttpArmPlan asRun(HttpArmPlan plan) {
        return plan.withLoad(plan.load().withPause(plan.load().pause().withModel(Pause.Model.UNIFORM_BEFORE_REQUEST)));
    }

    @Override
    public String differences(HttpArmPlan plan) {
        List<String> notes = new ArrayList<>();
        if (plan.countsRequests() && plan.load().requests() % plan.users() != 0) {
            notes.add(rounds(plan) + " rounds per user, " + rounds(plan) * plan.users() + " requests in all");
        }
        if (!plan.load().pause().length().isZero()) {
            notes.add("-d " + plan.load().pause().seconds() + " waits a random 0 to " + plan.load().pause().seconds()
                    + " s before each request, not a fixed pause after each answer; the bound models it so");
        }
        notes.add("no percentiles (siege prints the mean and the longest response only)");
        return String.join("; ", notes);
    }

    /** siege's summary, as JSON (siege 4.0.5 on) or as its older text; times are in seconds. */
    @Override
    public ToolFigures parse(String text) {
        int open = text.indexOf('{');
        int close = text.lastIndexOf('}');
        if (open >= 0 && close > open) {
            try {
                return fromJson(ToolJson.read(text.substring(open, close + 1)));
            } catch (IOException e) {
                // not siege's JSON after all: fall back to its text form
            }
        }
        return fromText(new ToolOutput(program(), text));
    }

    private static ToolFigures fromJson(JsonNode summary) {
        for (String field : List.of("transactions", "elapsed_time", "response_time", "transaction_rate")) {
            if (!summary.path(field).isNumber()) {
                throw new IllegalStateException("siege's summary has no '" + field + "'");
            }
        }
        return figures(summary.path("transactions").asLong(), summary.path("successful_transactions").asLong(
                summary.path("transactions").asLong()), summary.path("failed_transactions").asLong(),
                summary.path("elapsed_time").asDouble(), summary.path("transaction_rate").asDouble(),
                summary.path("response_time").asDouble(), optional(summary, "longest_transaction"));
    }

    private static Optional<Double> optional(JsonNode summary, String field) {
        return summary.path(field).isNumber() ? Optional.of(summary.path(field).asDouble()) : Optional.empty();
    }

    private static ToolFigures fromText(ToolOutput output) {
        long transactions = output.requireLong(Pattern.compile("Transactions:\\s+(\\d+)"), "'Transactions'");
        return figures(transactions,
                output.find(Pattern.compile("Successful transactions:\\s+(\\d+)")).map(Long::parseLong)
                        .orElse(transactions),
                output.optionalLong(Pattern.compile("Failed transactions:\\s+(\\d+)")),
                output.requireDouble(Pattern.compile("Elapsed time:\\s+([\\d.]+)"), "'Elapsed time'"),
                output.requireDouble(Pattern.compile("Transaction rate:\\s+([\\d.]+)"), "'Transaction rate'"),
                output.requireDouble(Pattern.compile("Response time:\\s+([\\d.]+)"), "'Response time'"),
                output.optionalDouble(Pattern.compile("Longest transaction:\\s+([\\d.]+)")));
    }

    /**
     * A transaction is a whole response; an unsuccessful one answered with a status of 400 or
     * more; a failed one never got an answer (refused, reset or timed out: siege does not say which,
     * so they count as connection errors).
     */
    private static ToolFigures figures(long transactions, long successful, long failed, double elapsedS,
                                       double rate, double responseS, Optional<Double> longestS) {
        Latency latency = new Latency(responseS * 1000, null, null, null, null,
                longestS.map(s -> s * 1000).orElse(null));
        return new ToolFigures(transactions, elapsedS, rate, latency,
                new ErrorCounts(failed, 0, Math.max(0, transactions - successful), 0));
    }
}
