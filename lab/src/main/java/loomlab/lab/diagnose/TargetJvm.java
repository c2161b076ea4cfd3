package loomlab.lab.diagnose;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.fixes.Versions;

/**
 * A running JVM the lab may watch, checked before anything is done to it: the process exists, this user
 * may read it, it runs HotSpot (its memory maps {@code libjvm.so}, so no other program is ever sent the
 * attach signal), its JDK has a {@code jcmd} beside its {@code java}, that jcmd attaches, and the JDK is
 * 21 or later (the JSON thread dump). Each refusal is one line naming the PID and why.
 *
 * @param runtimeVersion as {@code VM.version} prints it, e.g. {@code 21.0.8+9-LTS}
 */
public record TargetJvm(long pid, Path java, TargetJcmd jcmd, String runtimeVersion, JvmCommandLine commandLine) {
    private static final Pattern VM_VERSION = Pattern.compile("(?m)version (\\S+)");

    int feature() {
        Integer feature = Versions.feature(runtimeVersion);
        return feature == null ? 0 : feature;
    }

    /**
     * Why a process's executable could not be read: another user's process, which jcmd cannot attach to;
     * or, for this user's own or for root, the kernel's refusal (a process that is not dumpable, one in
     * another container or user namespace, or a container without {@code CAP_SYS_PTRACE}), which is not
     * about users at all.
     *
     * @param owner the uid that owns {@code /proc/PID}, or null when unknown
     * @param us    the uid loomlab runs as, or null when unknown
     */
    static String unreadable(long pid, Integer owner, Integer us) {
        String at = "--pid " + pid + ": ";
        if (owner != null && us != null && !owner.equals(us) && us != 0) {
            return at + "process " + pid + " belongs to another user (uid " + owner + "); jcmd attaches only to a JVM"
                    + " of the same user (run loomlab as that user)";
        }
        String who = us != null && us == 0 ? "loomlab runs as root" : owner != null && owner.equals(us)
                ? "it is this user's" : "whoever owns it";
        return at + "the kernel refuses to show process " + pid + "'s executable (/proc/" + pid + "/exe), though " + who
                + ": the process is not dumpable, or runs in another container or user namespace, or this one lacks"
                + " CAP_SYS_PTRACE" + (pid == 1 ? "; pid 1 is the first process of this machine or container, seldom"
                + " the JVM to watch (ps -C java lists those)" : "");
    }

    private static Integer uid(Path path) {
        try {
            return (Integer) Files.getAttribute(path, "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return null;
        }
    }

    /**
     * @throws BadInput naming why the PID cannot be watched
     */
    static TargetJvm attach(long pid) throws InterruptedException {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (pid <= 0 || !Files.isDirectory(proc) || ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
            throw new BadInput("--pid " + pid + ": no process " + pid + " is running");
        }
        if (pid == ProcessHandle.current().pid()) {
            throw new BadInput("--pid " + pid + ": that is loomlab itself");
        }
        Path java;
        try {
            java = Files.readSymbolicLink(proc.resolve("exe"));
            String maps = Files.readString(proc.resolve("maps"));
            if (!maps.contains("/libjvm.so")) {
                throw new BadInput("--pid " + pid + ": process " + pid + " (" + java + ") is not a Java virtual machine");
            }
        } catch (AccessDeniedException e) {
            throw new BadInput(unreadable(pid, uid(proc), uid(Path.of("/proc/self"))));
        } catch (NoSuchFileException e) {
            throw new BadInput("--pid " + pid + ": no process " + pid + " is running");
        } catch (IOException e) {
            throw new BadInput("--pid " + pid + ": cannot read process " + pid + " (" + e.getMessage() + ")");
        }
        Path jcmdPath = java.resolveSibling("jcmd");
        if (!Files.isExecutable(jcmdPath)) {
            throw new BadInput("--pid " + pid + ": its JDK (" + java.getParent().getParent() + ") has no jcmd beside"
                    + " its java, so the lab cannot ask it for thread dumps (a runtime image without jdk.jcmd)");
        }
        TargetJcmd jcmd = new TargetJcmd(jcmdPath, pid);
        TargetJcmd.Result version = jcmd.run("VM.version");
        if (!version.ok()) {
            throw new BadInput("--pid " + pid + ": jcmd cannot attach to it: " + version.problem());
        }
        Matcher matcher = VM_VERSION.matcher(version.output());
        String runtime = matcher.find() ? matcher.group(1) : null;
        Integer feature = Versions.feature(runtime);
        if (feature == null || feature < 21) {
            throw new BadInput("--pid " + pid + ": it runs JDK " + (runtime == null ? "of unknown version" : runtime)
                    + ", which writes no JSON thread dump; diagnose needs JDK 21 or later");
        }
        Optional<JvmCommandLine> commandLine = JvmCommandLine.of(pid);
        return new TargetJvm(pid, java, jcmd, runtime, commandLine.orElse(null));
    }
}
