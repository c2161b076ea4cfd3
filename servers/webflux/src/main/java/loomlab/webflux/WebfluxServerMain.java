package loomlab.webflux;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import loomlab.http.ParentWatch;
import loomlab.http.RecordingAnnouncer;
import loomlab.http.ServerLauncher;
import loomlab.http.UsageException;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Spring WebFlux on Reactor Netty, the reactive arm beside the Spring MVC server (issue 19). It has
 * one thread model, Netty's event loop, so the command line is the Spring server's (Spring
 * properties such as {@code --server.port=0} and {@code --loomlab.downstream=URL}) plus an optional
 * {@code --mode reactive}: any other mode is bad input, one line on stderr and exit code 2.
 *
 * <p>The Spring MVC server has no CPU-bound endpoint, so neither has this one.
 */
@SpringBootApplication
public class WebfluxServerMain {
    static final String PROGRAM = "webflux";
    /** The one mode this server runs in. */
    static final String MODE = "reactive";
    static final String MODE_OPTION = "--mode";
    /**
     * Reactor Netty's event loops wait this many seconds for more work before they end: 2 by default,
     * which every stop of the server paid (docs/measurements.md, "Start-up: what an arm's start and stop
     * cost"). The lab stops a server only once its load is over, so a stop has nothing to wait for: 0,
     * unless set.
     */
    static final String SHUTDOWN_QUIET_PERIOD = "reactor.netty.ioShutdownQuietPeriod";

    public static void main(String[] args) {
        String[] springArguments;
        try {
            springArguments = withoutMode(args);
        } catch (UsageException e) {
            System.err.println(PROGRAM + ": " + e.getMessage());
            System.exit(ServerLauncher.EXIT_USAGE);
            return;
        }
        ParentWatch.startIfNamed();
        RecordingAnnouncer.start();
        quietShutdownUnlessSet(System.getProperties()); // read once, as Reactor Netty's loops are made
        SpringApplication application = new SpringApplication(WebfluxServerMain.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.run(springArguments);
    }

    /**
     * The arguments for Spring, without {@code --mode reactive} or {@code --mode=reactive}; any other
     * mode, a missing value or a second {@code --mode} is bad input naming the modes there are.
     */
    static String[] withoutMode(String[] args) throws UsageException {
        List<String> rest = new ArrayList<>();
        boolean seen = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value;
            if (arg.equals(MODE_OPTION)) {
                if (i + 1 >= args.length) {
                    throw new UsageException(MODE_OPTION + " needs a value; choose from: " + MODE);
                }
                value = args[++i];
            } else if (arg.startsWith(MODE_OPTION + "=")) {
                value = arg.substring(MODE_OPTION.length() + 1);
            } else {
                rest.add(arg);
                continue;
            }
            if (seen) {
                throw new UsageException(MODE_OPTION + " given twice");
            }
            seen = true;
            if (!value.equals(MODE)) {
                throw new UsageException("WebFlux runs in no mode '" + value + "'; choose from: " + MODE);
            }
        }
        return rest.toArray(String[]::new);
    }

    /** No quiet period at shutdown ({@link #SHUTDOWN_QUIET_PERIOD}) unless the command line set one. */
    static void quietShutdownUnlessSet(Properties properties) {
        properties.putIfAbsent(SHUTDOWN_QUIET_PERIOD, "0");
    }
}
