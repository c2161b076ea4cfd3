package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every report format rendered from fixed inputs must match its golden file byte for byte.
 * After an intended change, regenerate with {@code -Dloomlab.golden.update=true} and review the diff.
 */
class GoldenFilesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    static List<ReportFormat> formats() {
        return List.of(new JsonFormat(), new MarkdownFormat());
    }

    @ParameterizedTest
    @MethodSource("formats")
    void rendersAsTheGoldenFile(ReportFormat format) throws IOException {
        String rendered = format.render(FixedRun.run());
        Path golden = GOLDEN.resolve(format.fileName());
        if (Boolean.getBoolean("loomlab.golden.update")) {
            Files.writeString(golden, rendered, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), rendered);
    }
}
