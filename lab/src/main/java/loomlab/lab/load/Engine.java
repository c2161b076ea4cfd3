package loomlab.lab.load;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import loomlab.core.BadInput;
import loomlab.core.arm.HttpArmPlan;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code --engine}: which load tool measures the HTTP arms, and what each can do. Warm-ups always use
 * the lab's generator. The seeds' tools (ab, siege, wrk) each measure a run's arms and nothing more.
 */
public enum Engine {
    LAB("lab", null, null, null, EnumSet.of(Capability.OPEN_MODEL, Capability.PATH_MIX, Capability.STANDALONE)),
    AB("ab", "apache2-utils", new AbTool(), null, EnumSet.noneOf(Capability.class)),
    SIEGE("siege", "siege", new SiegeTool(), null, EnumSet.noneOf(Capability.class)),
    WRK("wrk", "wrk", new WrkTool(), null, EnumSet.noneOf(Capability.class)),
    /** Locust's master and workers (see {@link EngineChoice} for where the workers run). */
    LOCUST("locust", null, null, new OwnInstall() {
        @Override
        public String describe() {
            return "Locust " + LocustInstall.VERSION + ", installed by the lab on first use";
        }

        @Override
        public void ensure(Path labHome, PrintStream console, ProcessSupervisor processes)
                throws InterruptedException {
            new LocustInstall(labHome).ensure(console, processes);
        }
    },
            EnumSet.of(Capability.PATH_MIX, Capability.STANDALONE, Capability.DISTRIBUTED));

    /** What measures when no {@code --engine} is given. */
    public static final Engine DEFAULT = LAB;

    private final String label;
    private final String debianPackage;
    private final LoadTool tool;
    /** What the lab installs itself for this engine, or null when it installs nothing. */
    private final OwnInstall ownInstall;
    private final Set<Capability> capabilities;

    Engine(String label, String debianPackage, LoadTool tool, OwnInstall ownInstall, Set<Capability> capabilities) {
        this.label = label;
        this.debianPackage = debianPackage;
        this.tool = tool;
        this.ownInstall = ownInstall;
        this.capabilities = Collections.unmodifiableSet(capabilities);
    }

    public String label() {
        return label;
    }

    /**
     * {@code --engine}'s help, from the engines and what each declares it can do, so a new engine
     * appears in it with its capabilities without an edit here, e.g. {@code lab (default: open model,
     * path mix, load), ab, ..., locust (path mix, load, workers)}.
     */
    public static String help() {
        return Arrays.stream(values()).map(engine -> {
            List<String> notes = new java.util.ArrayList<>();
            engine.capabilities.stream().sorted().map(Capability::shortName).forEach(notes::add);
            if (engine.tool != null) {
                notes.add("where " + engine.tool.program() + " is installed");
            }
            if (engine.ownInstall != null) {
                notes.add(engine.ownInstall.describe());
            }
            return engine.label + (engine == LAB ? " (default: " : " (") + String.join(", ", notes) + ")";
        }).collect(Collectors.joining(", "));
    }

    public static String choices() {
        return Arrays.stream(values()).map(Engine::label).collect(Collectors.joining(", "));
    }

    public boolean can(Capability capability) {
        return capabilities.contains(capability);
    }

    /** The engines that can, in the order of {@code --engine}'s choices. */
    public static List<Engine> thatCan(Capability capability) {
        return Arrays.stream(values()).filter(engine -> engine.can(capability)).toList();
    }

    /**
     * This engine when it can; else bad input naming what needed it, the engines that can, and what
     * this one cannot do, e.g. "--workers needs --engine locust (the wrk engine cannot run its users in
     * several worker processes or on other machines)".
     */
    public Engine require(Capability capability, String neededBy) {
        if (!can(capability)) {
            throw new BadInput(neededBy + " needs --engine " + thatCan(capability).stream().map(Engine::label)
                    .collect(Collectors.joining(" or ")) + " (the " + label + " engine cannot " + capability.words()
                    + ")");
        }
        return this;
    }

    /**
     * Installs what the lab installs itself for this engine (Locust, into the lab's own folder under
     * {@code labHome}), saying so on {@code console}; nothing for the others.
     */
    public void installIfNeeded(Path labHome, PrintStream console, ProcessSupervisor processes)
            throws InterruptedException {
        if (ownInstall != null) {
            ownInstall.ensure(labHome, console, processes);
        }
    }

    /** The engine named on the command line; anything else is bad input listing the choices. */
    public static Engine parse(String text) {
        String name = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(engine -> engine.label.equals(name)).findFirst()
                .orElseThrow(() -> new BadInput("unknown engine '" + text + "'; choose from: " + choices()));
    }

    /**
     * This engine, once its program is known to be installed in one of {@code path}'s folders (as
     * {@code PATH} lists them); else bad input saying how to install it.
     */
    public Engine requireInstalled(String path) {
        if (this == LOCUST && onPath("python3", path).isEmpty()) {
            throw new BadInput("--engine locust needs python3 with venv and pip to install Locust "
                    + LocustInstall.VERSION + ": install them with 'apt-get install python3 python3-venv python3-pip'"
                    + " (Debian, Ubuntu) or use --engine lab");
        }
        if (tool != null && onPath(tool.program(), path).isEmpty()) {
            throw new BadInput("--engine " + label + ": " + tool.program() + " is not installed; install it with"
                    + " 'apt-get install " + debianPackage + "' (Debian, Ubuntu) or use --engine lab");
        }
        return this;
    }

    /**
     * The engine for one arm; the lab's generator keeps its histogram log in {@code histogramLog}.
     * Locust runs one local worker here; {@link EngineChoice} says where its workers run.
     */
    public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                             Path toolDir, Path labHome) {
        if (this == LOCUST) {
            return EngineChoice.of(this).create(console, live, processes, histogramLog, toolDir, labHome);
        }
        LabLoadEngine lab = new LabLoadEngine(console, live).recordingHistogramsTo(histogramLog);
        return tool == null ? lab : new ToolEngine(tool, lab, processes, toolDir, console);
    }

    /** The arm as this engine runs it, which its bounds are computed from. */
    public HttpArmPlan asRun(HttpArmPlan plan) {
        return tool == null ? plan : tool.asRun(plan);
    }

    /** For the environment in results.json. */
    public String description() {
        if (this == LAB) {
            return LabLoadEngine.NAME;
        }
        String program = tool == null ? label + " " + LocustInstall.VERSION : tool.program();
        return program + " (measured arms; warm-ups by " + LabLoadEngine.NAME + ")";
    }

    static Optional<Path> onPath(String program, String path) {
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry, program)).filter(Files::isExecutable).findFirst();
    }

    /** What the lab installs itself for an engine, into its own folder, on first use (Locust). */
    interface OwnInstall {
        /** For the help: what is installed and when. */
        String describe();

        void ensure(Path labHome, PrintStream console, ProcessSupervisor processes) throws InterruptedException;
    }
}
