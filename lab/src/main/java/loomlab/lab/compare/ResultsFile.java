package loomlab.lab.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.result.RunResult;
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
        if (root == null || !root.path("schema").asText().startsWith(SCHEMA_FAMILY)
                || !root.path("experiments").isArray()) {
            throw new BadInput(file + " is not a Loom Lab results.json (expected schema " + RunResult.SCHEMA + ")");
        }
        return new ResultsFile(file, root);
    }

    public Path path() {
        return path;
    }

    /** Every arm's figure for the metric, in the order of the file. */
    public List<ArmFigure> figures(Metric metric) {
        List<ArmFigure> figures = new ArrayList<>();
        for (JsonNode experiment : root.path("experiments")) {
            for (JsonNode arm : experiment.path("arms")) {
                double[] range = metric.rangeIn(arm);
                figures.add(new ArmFigure(experiment.path("name").asText(), arm.path("name").asText(),
                        metric.valueIn(arm), range == null ? null : range[0], range == null ? null : range[1]));
            }
        }
        return figures;
    }
}
