package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The factory hands the one lab object to every command that takes it, and builds the rest as picocli does. */
class LabFactoryTest {
    /** The commands that start, install or look for something, or read the machine: each is handed the lab. */
    private static final List<String> HANDED_THE_LAB = List.of("run", "assess", "jmh", "load", "serve", "install",
            "diagnose", "jdks", "list");

    @Test
    void everyCommandThatTakesTheLabIsHandedTheSameOne() throws Exception {
        Lab lab = Lab.fromEnvironment();
        CommandLine cli = LoomLab.commandLine(lab);
        Map<String, Object> handed = new TreeMap<>();
        for (Map.Entry<String, CommandLine> command : cli.getSubcommands().entrySet()) {
            Object userObject = command.getValue().getCommand();
            for (Field field : labFields(userObject.getClass())) {
                field.setAccessible(true);
                handed.put(command.getKey(), field.get(userObject));
            }
        }
        assertEquals(HANDED_THE_LAB.stream().sorted().toList(), new ArrayList<>(handed.keySet()));
        handed.values().forEach(given -> assertSame(lab, given));
    }

    @Test
    void aClassThatDoesNotTakeTheLabIsMadeAsPicocliMakesIt() throws Exception {
        assertEquals(CompareCommand.class, new LabFactory(Lab.fromEnvironment()).create(CompareCommand.class)
                .getClass());
    }

    private static List<Field> labFields(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields()).filter(field -> field.getType() == Lab.class).toList();
    }
}
