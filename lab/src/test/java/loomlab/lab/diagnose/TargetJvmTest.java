package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

/** Why a process cannot be watched, in one line that gives the true reason. */
class TargetJvmTest {
    /**
     * Root, or this user's own process, refused by the kernel is not "another user's": that used to be said
     * of {@code --pid 1} as root. Reversed: another user's process, as an ordinary user, is.
     */
    @Test
    void aProcessTheKernelHidesIsNotSaidToBeAnotherUsers() {
        assertEquals("--pid 1: the kernel refuses to show process 1's executable (/proc/1/exe), though loomlab runs as"
                + " root: the process is not dumpable, or runs in another container or user namespace, or this one"
                + " lacks CAP_SYS_PTRACE; pid 1 is the first process of this machine or container, seldom the JVM to"
                + " watch (ps -C java lists those)", TargetJvm.unreadable(1, 0, 0));
        assertEquals("--pid 42: the kernel refuses to show process 42's executable (/proc/42/exe), though it is this"
                + " user's: the process is not dumpable, or runs in another container or user namespace, or this one"
                + " lacks CAP_SYS_PTRACE", TargetJvm.unreadable(42, 1000, 1000));
        assertEquals("--pid 42: process 42 belongs to another user (uid 999); jcmd attaches only to a JVM of the same"
                + " user (run loomlab as that user)", TargetJvm.unreadable(42, 999, 1000));
    }

    /** Where this machine hides pid 1's executable from its own user (a sandbox, a container), the refusal says so. */
    @Test
    void pid1HereGetsItsTrueReason() throws Exception {
        Path proc = Path.of("/proc/1");
        assumeTrue(Files.isDirectory(proc));
        boolean hidden;
        try {
            Files.readSymbolicLink(proc.resolve("exe"));
            hidden = false;
        } catch (AccessDeniedException e) {
            hidden = true;
        }
        Object owner = Files.getAttribute(proc, "unix:uid");
        Object us = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assumeTrue(hidden && (owner.equals(us) || Integer.valueOf(0).equals(us)), "pid 1 is readable, or another user's");
        BadInput refused = assertThrows(BadInput.class, () -> TargetJvm.attach(1));
        assertFalse(refused.getMessage().contains("another user"), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("--pid 1: the kernel refuses"), refused.getMessage());
    }
}
