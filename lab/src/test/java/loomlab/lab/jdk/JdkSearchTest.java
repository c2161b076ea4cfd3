package loomlab.lab.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order help and docs give for --jdk's search is the order it searches. */
class JdkSearchTest {
    @TempDir
    Path home;

    @Test
    void theOrderTheHelpGivesIsTheOrderSearched() {
        Path user = Path.of("/home/someone");
        JdkSearch search = JdkSearch.standard(home, Map.of(), user);
        List<String> said = new ArrayList<>(List.of("LOOMLAB_JDK_<N>", "JAVA_HOME", "the lab's own installs (.loomlab/jdks)"));
        for (Path root : search.roots()) {
            said.add(root.equals(user.resolve(".sdkman/candidates/java")) ? "sdkman"
                    : root.startsWith(user) ? "~/" + user.relativize(root) : root.toString());
        }
        assertEquals(String.join(", ", said), JdkSearch.ORDER);
        assertEquals(home.resolve(".loomlab/jdks"), search.labJdks());
    }

    @Test
    void theVariablesComeFirstThenJavaHomeThenTheLabsOwnInstalls() throws Exception {
        Path named = Files.createDirectories(home.resolve("named"));
        Path javaHome = Files.createDirectories(home.resolve("java-home"));
        Files.createDirectories(home.resolve(".loomlab/jdks/jdk-21"));
        JdkSearch search = new JdkSearch(Map.of("JAVA_HOME", javaHome.toString(), "LOOMLAB_JDK_21", named.toString()),
                JdkSearch.labJdks(home), List.of());
        assertEquals(List.of("LOOMLAB_JDK_21", "JAVA_HOME", "installed by the lab"),
                search.candidates().stream().map(JdkSearch.Candidate::foundBy).toList());
    }
}
