package loomlab.lab.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import loomlab.lab.process.ProcStat;

/**
 * A process and every process it started, read from /proc: a command may be a script that starts
 * the JVM, and what the service costs is what all of them cost. A process that ends between the
 * listing and the reading is left out; a reading none of them gives is empty, never 0.
 */
final class ProcessTree {
    private ProcessTree() {
    }

    static List<Long> pids(long root) {
        List<Long> pids = new ArrayList<>();
        pids.add(root);
        ProcessHandle.of(root).ifPresent(h -> h.descendants().forEach(d -> pids.add(d.pid())));
        return pids;
    }

    /**
     * User and system CPU seconds of the processes alive now, each with what its children that it has
     * waited for spent (cutime and cstime): a process of the tree that ends inside a window leaves its CPU
     * in its parent's count, so a reading at the window's close does not lose it, as a sum over the live
     * processes alone would (that sum can fall between two readings).
     */
    static OptionalDouble cpuSeconds(long root) {
        return sum(root, pid -> {
            OptionalDouble own = ProcStat.cpuSeconds(pid);
            OptionalDouble reaped = ProcStat.reapedChildrenCpuSeconds(pid);
            return own.isPresent() && reaped.isPresent() ? OptionalDouble.of(own.getAsDouble() + reaped.getAsDouble())
                    : own;
        });
    }

    /** Peak resident memory (VmHWM) of each process, added up. */
    static OptionalDouble peakRssMb(long root) {
        return sum(root, ProcStat::peakRssMb);
    }

    /** Resident memory (VmRSS) of each process now, added up. */
    static OptionalDouble rssMb(long root) {
        return sum(root, ProcStat::rssMb);
    }

    /**
     * The JVM of the tree: the root when it is a java process, else the first descendant that is (a
     * command may be a script that starts the JVM); the root when none is, so the caller's dump says why.
     */
    static long jvm(long root) {
        for (long pid : pids(root)) {
            if (ProcessHandle.of(pid).flatMap(h -> h.info().command()).map(c -> c.endsWith("/java") || c.equals("java"))
                    .orElse(false)) {
                return pid;
            }
        }
        return root;
    }

    /** Live OS threads of every process. */
    static OptionalLong threads(long root) {
        OptionalDouble total = sum(root, pid -> {
            OptionalLong threads = ProcStat.threads(pid);
            return threads.isPresent() ? OptionalDouble.of(threads.getAsLong()) : OptionalDouble.empty();
        });
        return total.isPresent() ? OptionalLong.of(Math.round(total.getAsDouble())) : OptionalLong.empty();
    }

    private static OptionalDouble sum(long root, LongFunction<OptionalDouble> reading) {
        double total = 0;
        boolean any = false;
        for (long pid : pids(root)) {
            OptionalDouble value = reading.apply(pid);
            if (value.isPresent()) {
                total += value.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(total) : OptionalDouble.empty();
    }
}
