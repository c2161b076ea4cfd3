package loomlab.downstream;

import java.util.List;
import loomlab.http.ServerArgs;
import loomlab.http.ServerLauncher;

/** {@code java -jar downstream.jar [--port N] [--delay-ms MILLIS] [--parent-pid PID]} */
public final class DownstreamMain {
    static final ServerArgs.Option DELAY = new ServerArgs.Option("--delay-ms", "MILLIS",
            "delay of / and of /delay without ms (default " + Downstream.DEFAULT_DELAY_MILLIS + ")");

    private DownstreamMain() {
    }

    public static void main(String[] args) {
        ServerLauncher.launch("downstream", args, List.of(DELAY), parsed -> Downstream.start(parsed.port(),
                parsed.bind(), parsed.longValue(DELAY.name(), Downstream.DEFAULT_DELAY_MILLIS, 0, Downstream.MAX_DELAY_MILLIS)));
    }
}
