package loomlab.lab.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.RuntimeMXBean;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.core.result.Environment;
import loomlab.lab.process.ProcessSupervisor;

/** Records where a run happens: JDK, machine, flags and the git commit of the lab that measured. */
public final class EnvironmentProbe {
    private EnvironmentProbe() {
    }

    public static Environment probe(Path home, List<String> serverJvmFlags, String loadEngine) {
        Runtime runtime = Runtime.getRuntime();
        long memoryMb = totalMemoryMb();
        String commit = git(home, "rev-parse", "HEAD");
        String status = git(home, "status", "--porcelain", "--untracked-files=no");
        // The JVM and the system as their management beans describe them, not as properties a -D could set.
        RuntimeMXBean jvm = ManagementFactory.getRuntimeMXBean();
        OperatingSystemMXBean system = ManagementFactory.getOperatingSystemMXBean();
        return new Environment(Runtime.version().toString(), jvm.getVmVendor(),
                jvm.getVmName() + " " + jvm.getVmVersion(),
                runtime.availableProcessors(), memoryMb,
                system.getName() + " " + system.getVersion(), system.getArch(),
                hostname(), ManagementFactory.getRuntimeMXBean().getInputArguments(), List.copyOf(serverJvmFlags), List.of(),
                commit == null ? "unknown" : commit, status == null ? null : !status.isBlank(), loadEngine);
    }

    private static long totalMemoryMb() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() / (1024 * 1024);
        }
        return -1;
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** A git command's trimmed output, or null when git or the repository is not there. */
    private static String git(Path home, String... args) {
        try {
            List<String> command = new ArrayList<>(List.of("git", "-C", home.toString()));
            command.addAll(List.of(args));
            Process process = ProcessSupervisor.startCommand(command, builder -> builder.redirectErrorStream(true));
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                return null;
            }
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
