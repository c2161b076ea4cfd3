package loomlab.lab.load;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import loomlab.core.BadInput;

/**
 * The engines {@code --engine} offers, in its order, the first the default: found from one list
 * ({@code StandardEngines}), as Hyperfoil finds its extensions, so an engine joins there and nowhere else. Every check is asked of
 * a capability, and a refusal names the engines that have it.
 */
public final class Engines {
    /** The lab's own generator: the default, and what warms every arm up. */
    public static final Engine LAB = new LabEngine();
    public static final Engine AB = new SeedTool(new AbTool(), "apache2-utils");
    public static final Engine SIEGE = new SeedTool(new SiegeTool(), "siege");
    public static final Engine WRK = new SeedTool(new WrkTool(), "wrk");

    private final List<Engine> engines;

    public Engines(List<Engine> engines) {
        if (engines.isEmpty()) {
            throw new IllegalArgumentException("no engine");
        }
        this.engines = List.copyOf(engines);
    }

    public List<Engine> all() {
        return engines;
    }

    /** What measures when no {@code --engine} is given. */
    public Engine defaultEngine() {
        return engines.getFirst();
    }

    /** The engine named on the command line; anything else is bad input listing the choices. */
    public Engine parse(String text) {
        String name = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return engines.stream().filter(engine -> engine.label().equals(name)).findFirst()
                .orElseThrow(() -> new BadInput("unknown engine '" + text + "'; choose from: " + choices()));
    }

    public String choices() {
        return engines.stream().map(Engine::label).collect(Collectors.joining(", "));
    }

    /**
     * {@code --engine}'s help, from the engines and what each declares it can do, so a new engine
     * appears in it with its capabilities without an edit here, e.g. {@code lab (default: open model,
     * path mix, load), ab (where ab is installed), ...}.
     */
    public String help() {
        return engines.stream().map(engine -> {
            List<String> notes = new ArrayList<>();
            engine.capabilities().stream().sorted().map(Capability::shortName).forEach(notes::add);
            notes.addAll(engine.helpNotes());
            return engine.label() + (engine == defaultEngine() ? " (default: " : " (") + String.join(", ", notes) + ")";
        }).collect(Collectors.joining(", "));
    }

    /** The engines that can, in the order of {@code --engine}'s choices. */
    public List<Engine> thatCan(Capability capability) {
        return engines.stream().filter(engine -> engine.can(capability)).toList();
    }

    /**
     * {@code engine} when it can; else bad input naming what needed it, the engines that can, and what
     * it cannot do, e.g. "--workers needs --engine locust (the wrk engine cannot run its users in
     * several worker processes or on other machines)".
     */
    public Engine require(Engine engine, Capability capability, String neededBy) {
        if (!engine.can(capability)) {
            throw new BadInput(neededBy + " needs --engine " + thatCan(capability).stream().map(Engine::label)
                    .collect(Collectors.joining(" or ")) + " (the " + engine.label() + " engine cannot "
                    + capability.words() + ")");
        }
        return engine;
    }

    /** What the engines install themselves, in their order: what {@code loomlab install} offers. */
    public List<OwnInstall> installs() {
        return engines.stream().map(Engine::ownInstall).flatMap(Optional::stream).toList();
    }

    /** The first of {@code path}'s folders (as {@code PATH} lists them) that holds {@code program}, executable. */
    public static Optional<Path> onPath(String program, String path) {
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry, program)).filter(Files::isExecutable).findFirst();
    }
}
