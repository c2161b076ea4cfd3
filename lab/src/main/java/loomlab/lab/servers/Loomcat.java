package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.threads.ExecutorMode;

/** Seed 000's plain-socket server with a switchable request executor. */
public final class Loomcat implements ServerUnderTest {
    @Override
    public String name() {
        return "loomcat";
    }

    @Override
    public String artefact() {
        return "servers/loomcat/target/loomcat.jar";
    }

    @Override
    public List<String> arguments(ExecutorMode mode, ServerOptions options) {
        List<String> args = new ArrayList<>(List.of("--mode", mode.toString(), "--port", Integer.toString(options.port())));
        if (options.downstreamUrl() != null) {
            args.add("--downstream");
            args.add(options.downstreamUrl());
        }
        return args;
    }
}
