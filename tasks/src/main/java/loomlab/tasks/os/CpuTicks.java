package loomlab.tasks.os;

/**
 * User and system CPU time of a process in clock ticks, as the kernel reports them in fields 14
 * and 15 of {@code /proc/<pid>/stat}.
 */
public record CpuTicks(long user, long system) {

    /**
     * Parses one {@code /proc/<pid>/stat} line. The command name (field 2) sits in parentheses and
     * may itself hold spaces or parentheses, so counting starts after the last closing parenthesis.
     */
    public static CpuTicks parseStat(String statLine) {
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc stat line: no ')' after the command name");
        }
        String[] rest = statLine.substring(close + 1).trim().split("\\s+");
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        int utimeIndex = 14 - 3;
        int stimeIndex = 15 - 3;
        if (rest.length <= stimeIndex) {
            throw new IllegalArgumentException("not a /proc stat line: only " + (rest.length + 2) + " fields");
        }
        try {
            return new CpuTicks(Long.parseLong(rest[utimeIndex]), Long.parseLong(rest[stimeIndex]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a /proc stat line: utime/stime are not numbers");
        }
    }

    public double userSeconds(long ticksPerSecond) {
        return (double) user / ticksPerSecond;
    }

    public double systemSeconds(long ticksPerSecond) {
        return (double) system / ticksPerSecond;
    }
}
