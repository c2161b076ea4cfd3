package loomlab.lab.servers;

import java.util.List;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;

/**
 * loomcat's arguments and paths from another artefact, for tests that need a server the registry
 * starts as it starts loomcat: a copy of its jar that keeps class data, or a file that is no jar.
 */
public record LoomcatAt(String artefact, boolean sharesClassData, boolean recordsPinning) implements ServerUnderTest {
    private static final Loomcat LOOMCAT = new Loomcat();

    /** loomcat's arguments on a file that is not its jar: the start fails as a broken server's would. */
    public static LoomcatAt broken(String artefact) {
        return new LoomcatAt(artefact, false, true);
    }

    @Override
    public ServerId id() {
        return ServerId.LOOMCAT;
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        return LOOMCAT.arguments(model, options);
    }

    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        return LOOMCAT.path(endpoint, model);
    }
}
