package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The class path a JVM's command line names, each way a launcher takes it. */
class JvmCommandLineTest {
    private static List<String> classPath(String line, String environment) {
        return new JvmCommandLine(List.of(line.split(" ")), Path.of("/srv"), environment).classPath();
    }

    @Test
    void eachSpellingOfTheClassPath() {
        assertEquals(List.of("a.jar", "lib/*"), classPath("java -Xmx1g -cp a.jar:lib/* app.Main --cp x", null));
        assertEquals(List.of("a.jar"), classPath("java -classpath a.jar app.Main", null));
        assertEquals(List.of("a.jar", "b"), classPath("java --class-path=a.jar:b app.Main", null));
        assertEquals(List.of("c.jar"), classPath("java -Djava.class.path=c.jar app.Main", null));
        assertEquals(List.of("app.jar"), classPath("java -XX:+UseG1GC -jar app.jar -cp ignored.jar", null));
    }

    @Test
    void optionsWithAValueOfTheirOwnAreSkippedAndTheProgramsArgumentsIgnored() {
        assertEquals(List.of("a.jar"), classPath("java --add-opens java.base/java.lang=ALL-UNNAMED -cp a.jar app.Main",
                null));
        assertEquals(List.of(), classPath("java app.Main -cp not-the-jvms.jar", null));
    }

    @Test
    void theEnvironmentsClassPathWhenTheCommandNamesNone() {
        assertEquals(List.of("/opt/x.jar", "/opt/y.jar"), classPath("java app.Main", "/opt/x.jar:/opt/y.jar"));
        assertEquals(List.of("a.jar"), classPath("java -cp a.jar app.Main", "/opt/x.jar"));
    }
}
