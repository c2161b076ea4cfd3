package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;

/** Seed 000's service two: answers after a delay, never the limit of an experiment. */
public final class Downstream implements ServerUnderTest {
    @Override
    public ServerId id() {
        return ServerId.DOWNSTREAM;
    }

    /** Not under test: nothing it does is reported. */
    @Override
    public boolean recordsPinning() {
        return false;
    }

    @Override
    public String artefact() {
        return "servers/downstream/target/downstream.jar";
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        List<String> args = new ArrayList<>(List.of("--port", Integer.toString(options.port())));
        if (options.downstreamDelayMs() != null) {
            args.add("--delay-ms");
            args.add(options.downstreamDelayMs().toString());
        }
        return args;
    }

    /** Only the servers under test call it, on its own path. */
    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        throw ServerUnderTest.noSuchEndpoint(id(), endpoint);
    }
}
