package loomlab.lab.jfr;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import loomlab.core.arm.DeadlockEvidence;
import loomlab.lab.report.Json;

/**
 * A thread dump of a running JVM, taken with its own JDK's {@code jcmd PID Thread.dump_to_file
 * -format=json} (which, unlike jstack, lists virtual threads), kept with the results, and read for
 * the evidence of a virtual-thread deadlock: carriers held by virtual threads parked while pinned,
 * virtual threads waiting for a lock, and which locks. Reads the JDK 21 layout (no thread kinds) and
 * the later one ({@code "virtual": true}, {@code "carrier"}).
 */
public final class ThreadDump {
    private static final long JCMD_LIMIT_SECONDS = 30;
    /** The virtual-thread scheduler's workers; the common pool's are named ForkJoinPool.commonPool-worker-N. */
    private static final Pattern CARRIER = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+");
    private static final String PINNED_PARK = "java.lang.VirtualThread.parkOnCarrierThread";
    private static final String VIRTUAL_FRAME = "java.lang.VirtualThread.";
    private static final String LOCKS_PACKAGE = "java.util.concurrent.locks.";
    private static final Set<String> LOCK_MACHINERY = Set.of("java.util.concurrent.locks.AbstractQueuedSynchronizer",
            "java.util.concurrent.locks.LockSupport", "java.util.concurrent.locks.AbstractOwnableSynchronizer");

    private ThreadDump() {
    }

    /**
     * Dumps the threads of {@code pid} into {@code file} with {@code jcmd} and reads the evidence.
     *
     * @return the evidence, or null with the reason printed by the caller when no dump could be taken
     * @throws IOException with the reason when jcmd is missing or fails
     */
    public static DeadlockEvidence take(Path jcmd, long pid, Path file) throws IOException, InterruptedException {
        if (jcmd == null || !Files.isExecutable(jcmd)) {
            throw new IOException("no jcmd beside the server's java, so no thread dump");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);
        Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.dump_to_file", "-format=json",
                file.toAbsolutePath().toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(JCMD_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("jcmd did not finish within " + JCMD_LIMIT_SECONDS + " s");
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(file)) {
            throw new IOException("jcmd failed (exit code " + process.exitValue() + "): "
                    + output.lines().reduce((a, b) -> b).orElse(""));
        }
        return read(file);
    }

    /** The evidence in a JSON thread dump. */
    public static DeadlockEvidence read(Path file) throws IOException {
        JsonNode containers = Json.mapper().readTree(file.toFile()).path("threadDump").path("threadContainers");
        int carriers = 0;
        int pinned = 0;
        int waiting = 0;
        Set<String> locks = new LinkedHashSet<>();
        for (JsonNode container : containers) {
            for (JsonNode thread : container.path("threads")) {
                List<String> stack = frames(thread);
                if (CARRIER.matcher(thread.path("name").asText()).matches()) {
                    carriers++;
                    continue;
                }
                if (!isVirtual(thread, stack)) {
                    continue;
                }
                if (stack.stream().anyMatch(f -> f.startsWith(PINNED_PARK))) {
                    pinned++;
                }
                String lock = lockWaitedFor(stack);
                if (lock != null) {
                    waiting++;
                    locks.add(lock);
                }
            }
        }
        return new DeadlockEvidence(carriers, Math.min(pinned, carriers), waiting, List.copyOf(locks),
                file.toString());
    }

    /** Frames without the module prefix: {@code java.lang.Thread.sleep(Thread.java:509)}. */
    private static List<String> frames(JsonNode thread) {
        List<String> frames = new ArrayList<>();
        for (JsonNode frame : thread.path("stack")) {
            String text = frame.asText();
            int slash = text.indexOf('/');
            int paren = text.indexOf('(');
            frames.add(slash >= 0 && (paren < 0 || slash < paren) ? text.substring(slash + 1) : text);
        }
        return frames;
    }

    /** JDK 22 and later say so; JDK 21 shows it by the virtual thread's own frames. */
    private static boolean isVirtual(JsonNode thread, List<String> stack) {
        return thread.path("virtual").asBoolean(false) || stack.stream().anyMatch(f -> f.startsWith(VIRTUAL_FRAME));
    }

    /** The class of the lock a thread waits for: the first lock frame that is not the locks' own machinery. */
    static String lockWaitedFor(List<String> stack) {
        boolean acquiring = stack.stream().anyMatch(f -> f.startsWith(LOCKS_PACKAGE + "AbstractQueuedSynchronizer.acquire"));
        if (!acquiring) {
            return null;
        }
        for (String frame : stack) {
            if (!frame.startsWith(LOCKS_PACKAGE)) {
                continue;
            }
            String method = frame.contains("(") ? frame.substring(0, frame.indexOf('(')) : frame;
            String type = method.substring(0, method.lastIndexOf('.'));
            String outer = type.contains("$") ? type.substring(0, type.indexOf('$')) : type;
            if (!LOCK_MACHINERY.contains(outer)) {
                return outer;
            }
        }
        return LOCKS_PACKAGE + "AbstractQueuedSynchronizer";
    }
}
