package loomlab.lab.tasks;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.report.Json;
import loomlab.lab.run.ArmRunner;
import loomlab.lab.run.RunContext;

/**
 * Runs a task program in a child JVM of its own (its threads, heap and RSS are the measurement),
 * waits for it to end, and reads its JSON, with the wall time the child took, into the program's
 * result record.
 */
public final class TaskArmRunner implements ArmRunner<TaskArmPlan> {
    /** JVM warnings (e.g. a failed thread start) go to stderr, never into the result on stdout. */
    static final List<String> QUIET_JVM = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");
    private static final int LOG_TAIL_LINES = 15;
    /**
     * The child's life from start to exit as its parent sees it, like the {@code time} output the
     * seeds printed: JVM start-up and exit included, which no in-process figure can see.
     */
    static final String WALL_SECONDS = "wall_s";

    /** The attribute that carries the plan's own key to the record: a key is never read back from text. */
    private static final String PLAN_KEY = "loomlab.plan-key";
    private final ObjectMapper reader = Json.mapper().copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("loomlab-plan-key").addDeserializer(ArmKey.class,
                    new JsonDeserializer<>() {
                        @Override
                        public ArmKey deserialize(JsonParser parser, DeserializationContext context) {
                            return (ArmKey) context.getAttribute(PLAN_KEY);
                        }
                    }));

    @Override
    public ArmResult run(TaskArmPlan plan, RunContext context) throws InterruptedException {
        Path jar = context.launcher().jar(plan.program().jar());
        Path jmhResults = context.armFile(plan.key(), "jmh.json");
        List<String> command = command(plan, context.launcher().java().toString(), jar, jmhResults);
        try {
            Files.createDirectories(jmhResults.getParent());
        } catch (IOException e) {
            return FailedArm.failed(plan, "cannot create " + jmhResults.getParent());
        }
        long started = System.nanoTime();
        try (ChildProcess child = context.processes().start(plan.name(), command, context.logFile(plan.name(), plan.program().name().toLowerCase()))) {
            boolean exited = child.waitFor(plan.timeout());
            double wallSeconds = (System.nanoTime() - started) / 1e9;
            if (!exited) {
                return FailedArm.failed(plan, "did not finish within "
                        + plan.timeout().toSeconds() + " s; last lines:\n" + child.logTail(LOG_TAIL_LINES));
            }
            if (child.exitCode() != 0) {
                return FailedArm.failed(plan, "exited with code " + child.exitCode()
                        + "; last lines:\n" + child.logTail(LOG_TAIL_LINES));
            }
            ObjectNode figures = plan.program() == TaskProgram.JMH
                    ? TaskOutput.fromJmh(Files.readString(jmhResults, StandardCharsets.UTF_8), reader)
                    : TaskOutput.fromLog(plan.program(), child.readLog(), reader);
            figures.put(WALL_SECONDS, Math.round(wallSeconds * 1000.0) / 1000.0);
            return toResult(plan, figures);
        } catch (IOException e) {
            return FailedArm.failed(plan, "could not read its result: " + e.getMessage());
        }
    }

    static List<String> command(TaskArmPlan plan, String java, Path jar, Path jmhResults) {
        List<String> command = new ArrayList<>(List.of(java));
        if (plan.program().preview()) {
            command.add("--enable-preview");
        }
        command.addAll(QUIET_JVM);
        command.addAll(plan.jvmArgs());
        command.addAll(List.of("-jar", jar.toString()));
        if (plan.program().subcommand() != null) {
            command.add(plan.program().subcommand());
        }
        command.addAll(plan.args());
        if (plan.program() == TaskProgram.JMH) {
            command.addAll(List.of("-rf", "json", "-rff", jmhResults.toAbsolutePath().toString()));
        }
        return command;
    }

    /** The record the program's figures fill, named after the arm and carrying the seed's figure. */
    ArmResult toResult(TaskArmPlan plan, ObjectNode figures) throws IOException {
        figures.put("key", "the plan's"); // stands for the plan's key, which the reader hands over as it is
        // Records without a published figure ignore it: the reader skips keys it does not know.
        figures.set("published", reader.valueToTree(plan.published()));
        return reader.readerFor(plan.program().resultType()).withAttribute(PLAN_KEY, plan.key())
                .readValue(reader.treeAsTokens(figures));
    }
}
