package loomlab.lab.compare;

import static loomlab.core.Figures.num;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.FailedArm;
import loomlab.core.result.RunResult;
import loomlab.lab.report.ArmKeyJson;
import loomlab.lab.report.Json;

/** A results.json read back for comparison: a file, or a run folder holding one. */
public final class ResultsFile {
    private static final String SCHEMA_FAMILY = RunResult.SCHEMA.substring(0, RunResult.SCHEMA.indexOf('/') + 1);

    private final Path path;
    private final JsonNode root;

    private ResultsFile(Path path, JsonNode root) {
        this.path = path;
        this.root = root;
    }

    /** Reads and checks the file; anything wrong with it is a {@link BadInput} naming the file. */
    public static ResultsFile read(Path fileOrFolder) {
        Path file = Files.isDirectory(fileOrFolder) ? fileOrFolder.resolve("results.json") : fileOrFolder;
        if (!Files.isRegularFile(file)) {
            throw new BadInput(Files.isDirectory(fileOrFolder) ? "no results.json in " + fileOrFolder
                    : fileOrFolder + ": no such file or run folder");
        }
        JsonNode root;
        try {
            root = Json.mapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new BadInput(file + " is not valid JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new BadInput("cannot read " + file + ": " + e.getMessage());
        }
        String schema = root == null ? "" : root.path("schema").asText();
        if (!schema.startsWith(SCHEMA_FAMILY) || !root.path("experiments").isArray()) {
            throw new BadInput(file + " is not a Loom Lab results.json (expected schema " + RunResult.SCHEMA + ")");
        }
        if (!schema.equals(RunResult.SCHEMA)) {
            // Arms are matched by their keys, and keys changed shape between versions (variant to named
            // parameters, then their values typed).
            throw new BadInput(file + " has schema " + schema + " and this lab compares " + RunResult.SCHEMA
                    + " only; run it again with this lab to compare it");
        }
        return new ResultsFile(file, root);
    }

    public Path path() {
        return path;
    }

    /**
     * Every arm's figure for the metric, in the order of the file.
     *
     * @throws BadInput naming the file and the arm when an arm's key does not read back
     */
    public List<ArmFigure> figures(Metric metric) {
        List<ArmFigure> figures = new ArrayList<>();
        Integer runJdk = feature(root.path("environment").path("jdk").asText(null));
        for (JsonNode experiment : root.path("experiments")) {
            for (JsonNode arm : experiment.path("arms")) {
                double[] range = metric.rangeIn(arm);
                boolean ran = FailedArm.Status.parse(arm.path("status").asText("")) == null;
                ArmKey identity;
                try {
                    identity = identity(arm, runJdk);
                } catch (IllegalArgumentException e) {
                    throw new BadInput(path + ": arm '" + arm.path("name").asText() + "' of "
                            + experiment.path("name").asText() + ": " + e.getMessage());
                }
                figures.add(new ArmFigure(experiment.path("name").asText(), arm.path("name").asText(),
                        identity, metric.valueIn(arm), range == null ? null : range[0],
                        range == null ? null : range[1], load(experiment.path("profile").asText(null), arm), ran));
            }
        }
        return figures;
    }

    /**
     * The load an arm ran under, in words: its profile, and for an HTTP arm the wait its request
     * makes, each user's pause and the planned duration; null when the file records no profile.
     */
    static String load(String profile, JsonNode arm) {
        if (profile == null || profile.isBlank()) {
            return null;
        }
        List<String> parts = new ArrayList<>(List.of(profile + " profile"));
        JsonNode waiting = arm.path("bound").path("waiting");
        if ("ENDPOINT_WAIT".equals(waiting.path("source").asText()) && waiting.path("wait_s").isNumber()) {
            parts.add(num(waiting.path("wait_s").asDouble()) + " s wait");
        }
        if (arm.path("think_s").isNumber() && arm.path("think_s").asDouble() > 0) {
            parts.add(num(arm.path("think_s").asDouble()) + " s pause");
        }
        if (arm.path("duration_s").isNumber()) {
            parts.add(num(arm.path("duration_s").asDouble()) + " s long");
        }
        return String.join(", ", parts);
    }

    /**
     * The arm's key, read back whole, with the JDK it ran on always named (from the key when the run
     * chose JDKs, else from the arm's recorded runtime or the run's), so a run without --jdk matches the
     * same JDK chosen explicitly. Keys with the same parameters are the same arm whatever their order.
     *
     * @throws IllegalArgumentException when the arm has no key, or one that does not read as a key
     */
    static ArmKey identity(JsonNode arm, Integer runJdk) {
        ArmKey key = ArmKeyJson.read(arm);
        if (key.jdk() != null) {
            return key;
        }
        Integer ran = feature(arm.path("jdk").asText(null));
        return key.withJdk(ran != null ? ran : runJdk);
    }

    /** The feature version of a runtime version string: 25 of {@code 25.0.3+9-LTS}, 21 of {@code 21}. */
    static Integer feature(String version) {
        if (version == null || version.isBlank()) {
            return null;
        }
        Matcher leading = Pattern.compile("^(\\d+)").matcher(version.trim());
        return leading.find() ? Integer.valueOf(leading.group(1)) : null;
    }
}
