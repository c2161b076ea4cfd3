package loomlab.lab.assess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import loomlab.core.BadInput;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.CommandTemplate;
import loomlab.core.assess.ServiceSwitch;
import loomlab.core.frames.Frames;
import loomlab.core.pinning.PinningSites;
import loomlab.lab.database.ArmDatabases.ArmDatabase;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.Servers;

/**
 * The user's own command ({@code --cmd}), run without a shell, placeholders filled in per arm.
 * The lab does not control its java command line, so the flight recording and the watch agent go
 * in through {@code JAVA_TOOL_OPTIONS}, which every JVM the command starts reads (added to any the
 * user has set), and the results say so.
 *
 * @param pool the platform pool size for {@code {pool}}, or null when the command has none
 */
public record CommandLauncher(CommandTemplate template, Integer pool, Map<String, String> inherited)
        implements ServiceLauncher {
    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

    public CommandLauncher {
        inherited = Map.copyOf(inherited);
    }

    /**
     * Checks that the command and {@code --pool} fit together: each needs the other. The service
     * inherits {@code environment}, the lab's own variables as the command line read them.
     */
    public static CommandLauncher of(String command, Integer pool, Map<String, String> environment) {
        CommandTemplate template = CommandTemplate.parse(command);
        if (template.uses(CommandTemplate.POOL) && pool == null) {
            throw new BadInput("--cmd uses {pool}: give --pool N, the platform arm's pool size (the lab cannot know"
                    + " your framework's default)");
        }
        if (!template.uses(CommandTemplate.POOL) && pool != null) {
            throw new BadInput("--pool " + pool + " has no effect: --cmd has no {pool} to put it in");
        }
        return new CommandLauncher(template, pool, environment);
    }

    /** True when the command can tell the arms apart: it says where {@code {threads}} or {@code {virtual}} goes. */
    public boolean switchesThreads() {
        return template.switchesThreads();
    }

    /** True when {@code --jdk} reaches the command: it says where {@code {java}} goes. */
    public boolean takesJava() {
        return template.uses(CommandTemplate.JAVA);
    }

    @Override
    public String description() {
        return "the command '" + template.display() + "'";
    }

    /**
     * The package of the main class of the jar the command runs with {@code -jar}, when its manifest
     * names one outside the JDK and the frameworks (Spring Boot's Start-Class first).
     */
    @Override
    public Set<String> userPackages() {
        int jarFlag = template.words().indexOf("-jar");
        if (jarFlag < 0 || jarFlag + 1 >= template.words().size()) {
            return Set.of();
        }
        Path jar = Path.of(template.words().get(jarFlag + 1));
        if (!Files.isRegularFile(jar)) {
            return Set.of();
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            if (manifest == null) {
                return Set.of();
            }
            Attributes main = manifest.getMainAttributes();
            String mainClass = main.getValue("Start-Class") != null ? main.getValue("Start-Class")
                    : main.getValue(Attributes.Name.MAIN_CLASS);
            int dot = mainClass == null ? -1 : mainClass.lastIndexOf('.');
            if (dot < 0 || Frames.isJdkOrFramework(mainClass + ".main")) {
                return Set.of();
            }
            return Set.of(mainClass.substring(0, dot));
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
    }

    @Override
    public List<String> recordedJvmFlags() {
        return List.of(TOOL_OPTIONS + "=-XX:StartFlightRecording:filename=logs/<arm>-%p.jfr,settings=logs/pinning.jfc,"
                + "dumponexit=true -javaagent:" + WatchAgentJar.FILE + "=<lab pid> -Djava.io.tmpdir=logs/<arm>-tmp"
                + " (added to the service's own; the command's java flags are the user's and win; the temporary"
                + " folder is deleted when the service stops)");
    }

    @Override
    public Launch launch(AssessArmPlan arm, int port, ServerJava java, Path recording, Path agentDir, Path temporary,
                         ArmDatabase database) {
        List<String> command = template.expand(port, arm.key().mode(), pool, java.java().toString(), database == null
                ? null : new CommandTemplate.Db(database.jdbcUrl(), database.user(), database.password()));
        List<String> flags = new ArrayList<>(List.of(PinningRecording.startFlag(recording), WatchAgentJar.flag(agentDir),
                Servers.temporaryFolderFlag(temporary)));
        flags.addAll(arm.carrierFlags());
        String added = String.join(" ", flags.stream().map(CommandLauncher::option).toList());
        String existing = inherited.get(TOOL_OPTIONS);
        String toolOptions = existing == null || existing.isBlank() ? added : existing.strip() + " " + added;
        List<String> notes = new ArrayList<>(List.of("flight recording of pinned virtual threads and GC pauses and"
                + " the lab's watch agent through " + TOOL_OPTIONS + " (the command's java line is the user's)"));
        if (!switchesThreads()) {
            notes.add("the command has neither {threads} nor {virtual}: both arms ran the same command, so only what"
                    + " the service decides for itself can differ between them");
        }
        if (arm.carriers() != null) {
            notes.add(arm.carriers() + " through " + TOOL_OPTIONS + ": " + String.join(" ", arm.carrierFlags()));
        }
        if (database != null) {
            notes.add("a fresh copy of the --db-init template for this arm, " + database.name()
                    + (template.usesDatabase() ? "" : "; the command has no {db_url}, so the service was not told"
                    + " where it is"));
        }
        return new Launch(command, Map.of(TOOL_OPTIONS, toolOptions), new ServiceSwitch(ServiceSwitch.COMMAND,
                ServiceLauncher.masked(command, database),
                notes, switchesThreads() ? null : "the command has neither {threads} nor {virtual}, so both arms ran the"
                + " same command"));
    }

    /** One option of JAVA_TOOL_OPTIONS, quoted when it holds a blank (the JVM splits the variable at blanks). */
    private static String option(String option) {
        return option.chars().anyMatch(Character::isWhitespace) ? "\"" + option + "\"" : option;
    }
}
