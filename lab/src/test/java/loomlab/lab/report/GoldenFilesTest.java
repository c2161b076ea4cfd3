package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import loomlab.core.result.RunResult;
import loomlab.lab.report.html.HtmlFormat;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every report format rendered from fixed inputs must match its golden file byte for byte.
 * After an intended change, regenerate with {@code -Dloomlab.golden.update=true} and review the diff.
 */
class GoldenFilesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    static List<ReportFormat> formats() {
        return List.of(new JsonFormat(), new MarkdownFormat(), new HtmlFormat());
    }

    /**
     * Each format of each fixed run; the golden files of {@link SweptRun} have the prefix {@code swept-},
     * those of {@link AssessRun} {@code assess-}.
     */
    static Stream<Arguments> cases() {
        return formats().stream().flatMap(format -> Stream.of(
                Arguments.of(Named.of(format.fileName(), format), "", FixedRun.run()),
                Arguments.of(Named.of("swept-" + format.fileName(), format), "swept-", SweptRun.run()),
                Arguments.of(Named.of("assess-" + format.fileName(), format), "assess-", AssessRun.run())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rendersAsTheGoldenFile(ReportFormat format, String prefix, RunResult run) throws IOException {
        String rendered = format.render(run);
        Path golden = GOLDEN.resolve(prefix + format.fileName());
        if (Boolean.getBoolean("loomlab.golden.update")) {
            Files.writeString(golden, rendered, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), rendered);
    }
}
