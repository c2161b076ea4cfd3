package loomlab.lab.assess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmMode;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ExtractedJar;
import loomlab.core.assess.ServiceSwitch;
import loomlab.lab.database.ArmDatabases.ArmDatabase;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.Servers;

/**
 * A Spring Boot jar ({@code --jar}), recognised from its manifest, switched with Spring's own
 * properties: {@code --spring.threads.virtual.enabled=true|false}, {@code --server.tomcat.threads.max}
 * for the platform pool when one is given, {@code --server.port}. It runs with the same JVM flags as
 * the lab's own servers, then the user's ({@code --jvm-arg}), and its flight recording and the lab's watch
 * agent on its command line.
 *
 * @param startClass the application's own main class: its package is the user's code
 * @param pool       the platform pool size given ({@code --pool}), or null for the application's own
 *                   setting (Tomcat's default is 200)
 * @param jvmArgs    the user's own JVM options ({@code --jvm-arg}), after the lab's
 */
public record SpringBootLauncher(Path jar, String startClass, String bootVersion, Integer pool, List<String> jvmArgs)
        implements ServiceLauncher {
    static final String VIRTUAL = "--spring.threads.virtual.enabled=";
    static final String POOL = "--server.tomcat.threads.max=";
    static final String PORT = "--server.port=";
    static final String DATASOURCE = "--spring.datasource.";
    /** The user's options that set the largest heap: any of them replaces the lab's {@code -Xmx}. */
    private static final List<String> MAX_HEAP = List.of("-Xmx", "-XX:MaxHeapSize=", "-XX:MaxRAM=",
            "-XX:MaxRAMPercentage=", "-XX:MaxRAMFraction=");
    /** The user's options that set the starting heap: any of them replaces the lab's {@code -Xms}. */
    private static final List<String> INITIAL_HEAP = List.of("-Xms", "-XX:InitialHeapSize=",
            "-XX:InitialRAMPercentage=");

    public SpringBootLauncher {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The jar as a Spring Boot application, or bad input saying to use {@code --cmd} for anything else. */
    public static SpringBootLauncher recognise(Path jar, Integer pool) {
        if (!Files.isRegularFile(jar)) {
            throw new BadInput("--jar " + jar + ": no such file");
        }
        Manifest manifest;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest();
        } catch (IOException e) {
            throw new BadInput("--jar " + jar + ": not a readable jar (" + e.getMessage() + ")");
        }
        Attributes main = manifest == null ? new Attributes() : manifest.getMainAttributes();
        String version = main.getValue("Spring-Boot-Version");
        String startClass = main.getValue("Start-Class");
        if (version == null && startClass == null) {
            throw new BadInput("--jar " + jar + " is not a Spring Boot jar (its manifest has no Spring-Boot-Version"
                    + " or Start-Class); start it with --cmd '{java} -jar " + jar + " ...' and {port} where it takes"
                    + " its port");
        }
        return new SpringBootLauncher(jar.toAbsolutePath().normalize(), startClass, version, pool, List.of());
    }

    /**
     * This jar, checked for {@code --extracted}: a fat jar (its classes and libraries under {@code BOOT-INF/})
     * that holds Spring Boot's extraction tool ({@code spring-boot-jarmode-tools}, Spring Boot 3.3 and newer);
     * bad input otherwise, saying why in one line.
     */
    public SpringBootLauncher extractable() {
        boolean fat = false;
        boolean tools = false;
        try (JarFile file = new JarFile(jar.toFile())) {
            for (var entries = file.entries(); entries.hasMoreElements(); ) {
                String name = entries.nextElement().getName();
                fat |= name.startsWith("BOOT-INF/");
                tools |= name.startsWith("BOOT-INF/lib/spring-boot-jarmode-tools");
            }
        } catch (IOException e) {
            throw new BadInput("--extracted: " + jar.getFileName() + " is not a readable jar (" + e.getMessage() + ")");
        }
        String boot = "Spring Boot" + (bootVersion == null ? "" : " " + bootVersion);
        if (!fat) {
            throw new BadInput("--extracted: " + jar.getFileName() + " is no Spring Boot fat jar (nothing under"
                    + " BOOT-INF/), so there is nothing to extract");
        }
        if (!tools) {
            // An older jar's layers (jarmode=layertools) still start through Spring Boot's launcher; its classes
            // on a plain class path, as Spring Boot's own docs unpack one, do not.
            throw new BadInput("--extracted: " + jar.getFileName() + " (" + boot + ") has no jarmode=tools to extract"
                    + " it (Spring Boot 3.3 or newer); unpack it into a folder DIR yourself (jar -xf "
                    + jar.getFileName() + " there) and assess it with --cmd '{java} -cp"
                    + " DIR/BOOT-INF/classes:DIR/BOOT-INF/lib/* "
                    + (startClass == null ? "START_CLASS" : startClass) + " --server.port={port}"
                    + " --spring.threads.virtual.enabled={virtual}'");
        }
        return this;
    }

    /** This jar started with the user's own JVM options ({@code --jvm-arg}) after the lab's. */
    public SpringBootLauncher withJvmArgs(List<String> args) {
        return new SpringBootLauncher(jar, startClass, bootVersion, pool, args);
    }

    /**
     * The JVM options the service starts with: the lab's ({@link Servers#COMMON_JVM_FLAGS}), less its heap
     * size where the user sets one (their {@code -Xmx} replaces the lab's, their {@code -Xms} likewise, so
     * neither is overruled nor left to clash), then the user's in their order.
     */
    public List<String> jvmFlags() {
        boolean maxHeap = jvmArgs.stream().anyMatch(arg -> MAX_HEAP.stream().anyMatch(arg::startsWith));
        boolean initialHeap = jvmArgs.stream().anyMatch(arg -> INITIAL_HEAP.stream().anyMatch(arg::startsWith));
        List<String> flags = new ArrayList<>();
        for (String flag : Servers.COMMON_JVM_FLAGS) {
            boolean replaced = flag.startsWith("-Xmx") ? maxHeap
                    : flag.startsWith("-Xms") && (initialHeap || maxBelow(flag.substring("-Xms".length())));
            if (!replaced) {
                flags.add(flag);
            }
        }
        flags.addAll(jvmArgs);
        return flags;
    }

    /**
     * Whether the user's largest heap (their last {@code -Xmx} or {@code -XX:MaxHeapSize}) is below {@code size}
     * or unreadable: the lab's starting heap above the user's largest would stop the JVM, so it goes too.
     */
    private boolean maxBelow(String size) {
        String given = null;
        for (String arg : jvmArgs) {
            if (arg.startsWith("-Xmx")) {
                given = arg.substring("-Xmx".length());
            } else if (arg.startsWith("-XX:MaxHeapSize=")) {
                given = arg.substring("-XX:MaxHeapSize=".length());
            }
        }
        return given != null && (bytes(given) < 0 || bytes(given) < bytes(size));
    }

    /** {@code 256m} in bytes, as the JVM reads a size; -1 when it is not one. */
    static long bytes(String size) {
        Matcher m = Pattern.compile("(\\d+)([kKmMgGtT]?)").matcher(size);
        if (!m.matches()) {
            return -1;
        }
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), 1L << shift);
        } catch (ArithmeticException | NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * The Java feature release the jar's classes need (its own and its libraries', {@link ClassVersions}), or
     * null when none could be read.
     */
    public Integer releaseNeeded() {
        try {
            OptionalInt major = ClassVersions.newestMajor(jar);
            return major.isPresent() ? ClassVersions.release(major.getAsInt()) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public String description() {
        return jar.getFileName() + " (Spring Boot" + (bootVersion == null ? "" : " " + bootVersion)
                + (startClass == null ? "" : ", " + startClass) + ")";
    }

    @Override
    public Set<String> userPackages() {
        int dot = startClass == null ? -1 : startClass.lastIndexOf('.');
        return dot < 0 ? Set.of() : Set.of(startClass.substring(0, dot));
    }

    @Override
    public List<String> recordedJvmFlags() {
        List<String> flags = new ArrayList<>(jvmFlags());
        flags.add("-XX:StartFlightRecording:filename=logs/<arm>-%p.jfr,settings=logs/pinning.jfc,dumponexit=true");
        flags.add("-javaagent:" + WatchAgentJar.FILE + "=<lab pid> (ends the service when the lab is gone)");
        flags.add("-Djava.io.tmpdir=logs/<arm>-tmp (deleted when the service stops: Tomcat's base and document"
                + " folders do not outlive the arm)");
        return flags;
    }

    /** An arm on the extracted jar has it extracted into its scratch folder, gone when the service stops. */
    @Override
    public void prepareScratch(AssessArmPlan arm, ServerJava java, Path temporary, Path log)
            throws IOException, InterruptedException {
        if (ExtractedJar.runs(arm.key())) {
            String name = log.getFileName().toString();
            JarExtraction.extract(java.java(), jar, temporary, log.resolveSibling(
                    (name.endsWith(".log") ? name.substring(0, name.length() - 4) : name) + "-extract.log"));
        }
    }

    @Override
    public Launch launch(AssessArmPlan arm, int port, ServerJava java, Path recording, Path agentDir, Path temporary,
                         ArmDatabase database) {
        boolean extracted = ExtractedJar.runs(arm.key());
        List<String> command = new ArrayList<>();
        command.add(java.java().toString());
        command.addAll(jvmFlags());
        command.add(PinningRecording.startFlag(recording));
        command.add(WatchAgentJar.flag(agentDir));
        command.add(Servers.temporaryFolderFlag(temporary));
        command.addAll(arm.carrierFlags());
        command.add("-jar");
        command.add((extracted ? JarExtraction.extractedJar(jar, temporary) : jar).toString());
        command.add(PORT + port);
        List<String> switches = switches(arm.key().mode());
        command.addAll(switches);
        List<String> notes = new ArrayList<>(List.of("JVM flags " + String.join(" ", jvmFlags())
                + (jvmArgs.isEmpty() ? " as for the lab's own servers" : ": the lab's, then --jvm-arg's"), "flight recording of pinned virtual threads and GC pauses:"
                + " -XX:StartFlightRecording on the java command line", "the lab's watch agent (-javaagent) stops the"
                + " service if the lab is killed", "java.io.tmpdir: a folder of the arm's own, deleted when the service"
                + " stops"));
        if (arm.key().mode().onPlatformThreads() && pool == null) {
            notes.add("the application's own Tomcat pool (server.tomcat.threads.max, 200 unless it sets another)");
        }
        if (extracted) {
            notes.add("the extracted jar (java -Djarmode=tools -jar " + jar.getFileName() + " extract, into the arm's"
                    + " scratch folder, deleted when the service stops): its classes load from plain jars in lib/, not"
                    + " through Spring Boot's nested-jar loader");
        }
        if (arm.carriers() != null) {
            notes.add(arm.carriers() + ": " + String.join(" ", arm.carrierFlags()));
        }
        if (database != null) {
            command.addAll(datasource(database));
            notes.add("Spring's datasource on a fresh copy of the --db-init template for this arm: "
                    + String.join(" ", ServiceLauncher.masked(datasource(database), database)));
        }
        return new Launch(command, Map.of(), new ServiceSwitch(ServiceSwitch.SPRING, switches, notes,
                cannotSwitch()));
    }

    /** Spring Boot's own datasource properties, which its auto-configuration reads: no property of the user's. */
    static List<String> datasource(ArmDatabase database) {
        return List.of(DATASOURCE + "url=" + database.jdbcUrl(), DATASOURCE + "username=" + database.user(),
                DATASOURCE + "password=" + database.password());
    }

    /**
     * Why Spring's own switch does not exist in this jar: {@code spring.threads.virtual.enabled} came
     * with Spring Boot 3.2; null when it does, or when the manifest names no version to tell.
     */
    String cannotSwitch() {
        if (bootVersion == null || !bootVersion.matches("\\d+\\.\\d+.*")) {
            return null;
        }
        String[] parts = bootVersion.split("\\.");
        int major = Integer.parseInt(parts[0]);
        int minor = Integer.parseInt(parts[1].replaceFirst("\\D.*$", "").isEmpty() ? "0"
                : parts[1].replaceFirst("\\D.*$", ""));
        return major < 3 || (major == 3 && minor < 2) ? "Spring Boot " + bootVersion + " has no"
                + " spring.threads.virtual.enabled (it came with 3.2), so both arms ran on its platform pool" : null;
    }

    /** The properties that decide the arm's threads. */
    List<String> switches(ArmMode mode) {
        List<String> switches = new ArrayList<>();
        switches.add(VIRTUAL + mode.onVirtualThreads());
        if (mode.onPlatformThreads() && pool != null) {
            switches.add(POOL + pool);
        }
        return switches;
    }
}
