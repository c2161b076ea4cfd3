package loomlab.tasks.os;

/**
 * Resident memory of a process from {@code /proc/<pid>/status}: {@code VmRSS} now and
 * {@code VmHWM}, the peak ("high water mark") that GNU time reports as maximum resident size.
 */
public record MemoryStatus(long rssKb, long peakRssKb) {

    public static MemoryStatus parseStatus(String statusText) {
        return new MemoryStatus(kilobytes(statusText, "VmRSS"), kilobytes(statusText, "VmHWM"));
    }

    /** The value of a {@code Key:   1234 kB} line. */
    static long kilobytes(String statusText, String key) {
        for (String line : statusText.split("\n")) {
            if (line.startsWith(key + ":")) {
                String[] parts = line.substring(key.length() + 1).trim().split("\\s+");
                if (parts.length != 2 || !parts[1].equals("kB")) {
                    throw new IllegalArgumentException("unexpected " + key + " line: '" + line + "'");
                }
                try {
                    return Long.parseLong(parts[0]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("unexpected " + key + " line: '" + line + "'");
                }
            }
        }
        throw new IllegalArgumentException("no " + key + " line in the status text");
    }

    public double rssMb() {
        return rssKb / 1024.0;
    }

    public double peakRssMb() {
        return peakRssKb / 1024.0;
    }
}
