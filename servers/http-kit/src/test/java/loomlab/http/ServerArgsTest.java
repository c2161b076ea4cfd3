package loomlab.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ServerArgsTest {
    private static final ServerArgs.Option MODE = new ServerArgs.Option("--mode", "MODE", "request executor");
    private static final List<ServerArgs.Option> OPTIONS = List.of(MODE);

    @Test
    void defaultsToAFreePortAndNoParent() throws UsageException {
        ServerArgs args = ServerArgs.parse(new String[0], OPTIONS);
        assertEquals(0, args.port());
        assertEquals(OptionalLong.empty(), args.parentPid());
        assertEquals(Optional.empty(), args.value("--mode"));
        assertFalse(args.helpRequested());
    }

    @Test
    void readsSpacedAndEqualsForms() throws UsageException {
        ServerArgs args = ServerArgs.parse(new String[] {"--port", "8080", "--mode=platform:10", "--parent-pid", "42"}, OPTIONS);
        assertEquals(8080, args.port());
        assertEquals(Optional.of("platform:10"), args.value("--mode"));
        assertEquals(OptionalLong.of(42), args.parentPid());
    }

    @Test
    void readsBoundedNumbers() throws UsageException {
        ServerArgs args = ServerArgs.parse(new String[] {"--mode", "7"}, OPTIONS);
        assertEquals(7, args.longValue("--mode", 50, 0, 10));
        assertEquals(50, ServerArgs.parse(new String[0], OPTIONS).longValue("--mode", 50, 0, 10));
        UsageException e = assertThrows(UsageException.class, () -> args.longValue("--mode", 50, 0, 5));
        assertEquals("--mode must be a whole number from 0 to 5, not '7'", e.getMessage());
    }

    @Test
    void explainsEveryMistakeInOneLine() {
        assertEquals("unknown argument '--mdoe'; options: --port N, --bind ADDRESS, --mode MODE, --parent-pid PID",
                failure("--mdoe", "virtual"));
        assertEquals("unknown argument 'virtual'; options: --port N, --bind ADDRESS, --mode MODE, --parent-pid PID", failure("virtual"));
        assertEquals("--port needs a value: --port N", failure("--port"));
        assertEquals("--port must be a whole number from 0 to 65535, not '70000'", failure("--port", "70000"));
        assertEquals("--port must be a whole number from 0 to 65535, not '-1'", failure("--port=-1"));
        assertEquals("--mode given twice", failure("--mode", "a", "--mode", "b"));
        assertEquals("--parent-pid must be a whole number from 1 to 9223372036854775807, not 'me'",
                failure("--parent-pid", "me"));
    }

    @Test
    void bindsLoopbackUnlessGivenALiteralAddress() throws UsageException {
        assertEquals("127.0.0.1", ServerArgs.parse(new String[0], OPTIONS).bind().getHostAddress());
        assertEquals("198.18.0.2", ServerArgs.parse(new String[] {"--bind", "198.18.0.2"}, OPTIONS).bind()
                .getHostAddress());
        assertEquals("--bind must be an IP address such as 127.0.0.1, not 'example.org'",
                failure("--bind", "example.org"));
    }

    @Test
    void recognisesHelp() throws UsageException {
        assertTrue(ServerArgs.parse(new String[] {"--help"}, OPTIONS).helpRequested());
        String usage = ServerArgs.usage("loomcat", OPTIONS);
        assertTrue(usage.startsWith("usage: loomcat [options]\n"), usage);
        for (String option : List.of("--port N", "--mode MODE", "--parent-pid PID")) {
            assertTrue(usage.contains(option), usage);
        }
    }

    private static String failure(String... args) {
        return assertThrows(UsageException.class, () -> ServerArgs.parse(args, OPTIONS)).getMessage();
    }
}
