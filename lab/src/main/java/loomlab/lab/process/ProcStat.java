package loomlab.lab.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import loomlab.core.assess.CapacityStep.MachineCpu;

/**
 * Reads a process's CPU time, memory and thread count from Linux's /proc, the same source as
 * {@code time} and {@code ps}. Off Linux every reading is empty rather than invented.
 */
public final class ProcStat {
    /** Linux reports CPU times in clock ticks; USER_HZ is 100 on every mainstream architecture. */
    static final double TICKS_PER_SECOND = 100.0;

    private ProcStat() {
    }

    /** User plus system CPU seconds of process {@code pid} so far. */
    public static OptionalDouble cpuSeconds(long pid) {
        return read(pid, "stat").map(ProcStat::cpuSecondsFromStat).orElse(OptionalDouble.empty());
    }

    /** The CPU seconds between two readings, or null (the lab's unknown) when either could not be read. */
    public static Double between(OptionalDouble start, OptionalDouble end) {
        return start.isPresent() && end.isPresent() ? end.getAsDouble() - start.getAsDouble() : null;
    }

    /** Peak resident set size in MiB (VmHWM). */
    public static OptionalDouble peakRssMb(long pid) {
        OptionalLong kb = read(pid, "status").map(s -> statusField(s, "VmHWM")).orElse(OptionalLong.empty());
        return kb.isPresent() ? OptionalDouble.of(kb.getAsLong() / 1024.0) : OptionalDouble.empty();
    }

    /** Current resident set size in MiB (VmRSS). */
    public static OptionalDouble rssMb(long pid) {
        OptionalLong kb = read(pid, "status").map(s -> statusField(s, "VmRSS")).orElse(OptionalLong.empty());
        return kb.isPresent() ? OptionalDouble.of(kb.getAsLong() / 1024.0) : OptionalDouble.empty();
    }

    /** OS threads of the process right now. */
    public static OptionalLong threads(long pid) {
        return read(pid, "status").map(s -> statusField(s, "Threads")).orElse(OptionalLong.empty());
    }

    /**
     * CPU of the process's children that it has waited for (cutime + cstime): a tool the lab ran
     * and reaped within a window shows up here, even after its own /proc entry is gone.
     */
    public static OptionalDouble reapedChildrenCpuSeconds(long pid) {
        return read(pid, "stat").map(ProcStat::childrenCpuSecondsFromStat).orElse(OptionalDouble.empty());
    }

    static OptionalDouble childrenCpuSecondsFromStat(String stat) {
        int afterCommand = stat.lastIndexOf(')');
        if (afterCommand < 0) {
            return OptionalDouble.empty();
        }
        String[] fields = stat.substring(afterCommand + 2).trim().split("\\s+");
        // fields[0] is field 3 (state), so cutime (16) and cstime (17) sit at 13 and 14.
        if (fields.length < 15) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of((Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / TICKS_PER_SECOND);
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /** Parses utime and stime (fields 14 and 15) from a /proc/PID/stat line; the command may hold spaces. */
    static OptionalDouble cpuSecondsFromStat(String stat) {
        int afterCommand = stat.lastIndexOf(')');
        if (afterCommand < 0) {
            return OptionalDouble.empty();
        }
        String[] fields = stat.substring(afterCommand + 2).trim().split("\\s+");
        // fields[0] is field 3 (state), so utime (14) and stime (15) sit at 11 and 12.
        if (fields.length < 13) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of((Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND);
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * The CPU seconds every core of the machine has been busy so far, whoever used it ({@code /proc/stat}'s
     * first line): between two readings, how much of the machine was in use.
     */
    public static OptionalDouble machineBusySeconds() {
        return machine().map(m -> OptionalDouble.of(m.busyS())).orElse(OptionalDouble.empty());
    }

    /** The machine's busy seconds so far and, of them, the hypervisor's steal ({@code /proc/stat}); empty when unread. */
    public static Optional<MachineCpu> machine() {
        try {
            return machineFromStat(Files.readString(Path.of("/proc/stat")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The machine's CPU between two readings, or null (the lab's unknown) when either could not be read. */
    public static MachineCpu between(Optional<MachineCpu> start, Optional<MachineCpu> end) {
        if (start.isEmpty() || end.isEmpty()) {
            return null;
        }
        double busy = end.get().busyS() - start.get().busyS();
        double steal = end.get().stealS() - start.get().stealS();
        return busy >= 0 && steal >= 0 && steal <= busy ? new MachineCpu(busy, steal) : null;
    }

    /** The busy seconds of {@code /proc/stat}'s {@code cpu} line ({@link #machineFromStat}). */
    static OptionalDouble machineBusyFromStat(String stat) {
        return machineFromStat(stat).map(m -> OptionalDouble.of(m.busyS())).orElse(OptionalDouble.empty());
    }

    /**
     * The busy seconds of {@code /proc/stat}'s {@code cpu} line: user, nice, system, irq, softirq and steal
     * ticks (idle and iowait are the time no process ran); guest time is already counted in user. The steal
     * (the eighth field) is the time the hypervisor ran something else on the virtual machine's cores.
     */
    static Optional<MachineCpu> machineFromStat(String stat) {
        String first = stat.lines().findFirst().orElse("");
        String[] fields = first.trim().split("\\s+");
        if (fields.length < 9 || !fields[0].equals("cpu")) {
            return Optional.empty();
        }
        try {
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += Long.parseLong(fields[i]);
            }
            return Optional.of(new MachineCpu(busy / TICKS_PER_SECOND, Long.parseLong(fields[8]) / TICKS_PER_SECOND));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The number of a "Name:   123 kB" line of /proc/PID/status. */
    static OptionalLong statusField(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name + ":")) {
                String[] parts = line.substring(name.length() + 1).trim().split("\\s+");
                try {
                    return OptionalLong.of(Long.parseLong(parts[0]));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Optional<String> read(long pid, String file) {
        try {
            return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), file)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
