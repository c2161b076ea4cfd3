package loomlab.cli;

import java.util.List;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import picocli.CommandLine.Option;

/** {@code --jdk LIST}, shared by the commands that start servers under test. */
final class JdkOptions {
    @Option(names = "--jdk", paramLabel = "LIST", description = "Runs every server under test on each of these JDKs:"
            + " feature versions (21,25), looked for in " + JdkSearch.ORDER + ", or JDK homes (/opt/jdk-21); JDK 21 is"
            + " installed into the lab's own folder when none is found. Default: the lab's own JDK, and the JDKs an"
            + " experiment compares (pinning: 21 and 25).")
    String list;

    /**
     * The requests as parsed, each home checked from its release file: bad input on a malformed list
     * or a folder that holds no JDK with virtual threads, before anything runs or is installed.
     */
    List<JdkRequest> requests() {
        List<JdkRequest> requests = list == null ? List.of() : JdkRequest.parse(list);
        requests.stream().filter(JdkRequest.Home.class::isInstance).map(JdkRequest.Home.class::cast)
                .forEach(home -> Jdks.check(home.home(), "--jdk"));
        return requests;
    }
}
