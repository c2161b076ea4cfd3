package loomlab.webflux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;
import loomlab.http.UsageException;
import org.junit.jupiter.api.Test;

class WebfluxServerMainTest {

    @Test
    void eventLoopsEndWithoutAQuietPeriodUnlessOneIsSet() {
        Properties unset = new Properties();
        WebfluxServerMain.quietShutdownUnlessSet(unset);
        assertEquals("0", unset.getProperty("reactor.netty.ioShutdownQuietPeriod"));

        Properties set = new Properties();
        set.setProperty("reactor.netty.ioShutdownQuietPeriod", "2");
        WebfluxServerMain.quietShutdownUnlessSet(set);
        assertEquals("2", set.getProperty("reactor.netty.ioShutdownQuietPeriod"));
    }

    @Test
    void reactiveIsTakenInEitherFormAndNotPassedToSpring() throws UsageException {
        assertArrayEquals(new String[] {"--server.port=0", "--loomlab.downstream=http://127.0.0.1:1"},
                WebfluxServerMain.withoutMode(new String[] {"--server.port=0", "--mode", "reactive",
                        "--loomlab.downstream=http://127.0.0.1:1"}));
        assertArrayEquals(new String[] {"--server.port=0"},
                WebfluxServerMain.withoutMode(new String[] {"--mode=reactive", "--server.port=0"}));
        assertArrayEquals(new String[] {"--server.port=0"}, WebfluxServerMain.withoutMode(new String[] {"--server.port=0"}),
                "without --mode the server runs reactive all the same");
    }

    @Test
    void anyOtherModeNamesTheOneThereIs() {
        for (String[] args : new String[][] {{"--mode", "virtual"}, {"--mode=platform:200"}, {"--mode="}}) {
            UsageException bad = assertThrows(UsageException.class, () -> WebfluxServerMain.withoutMode(args));
            assertEquals("WebFlux runs in no mode '" + args[args.length - 1].replace("--mode=", "")
                    + "'; choose from: reactive", bad.getMessage());
        }
    }

    @Test
    void aModeWithoutValueOrGivenTwiceIsBadInput() {
        assertEquals("--mode needs a value; choose from: reactive", assertThrows(UsageException.class,
                () -> WebfluxServerMain.withoutMode(new String[] {"--mode"})).getMessage());
        assertEquals("--mode given twice", assertThrows(UsageException.class,
                () -> WebfluxServerMain.withoutMode(new String[] {"--mode=reactive", "--mode", "reactive"})).getMessage());
    }
}
