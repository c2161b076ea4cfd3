package loomlab.core.breakage;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CPU time of each platform thread, from {@code jcmd PID Thread.print}: its header line gives the
 * thread's id as the JSON dump's {@code tid} and the CPU the thread has used since it started
 * ({@code "shop-exec-1" #22 [32540] prio=5 os_prio=0 cpu=1.21ms elapsed=3.19s ...}). The JSON dump has no
 * CPU time; two of these beside two dumps tell a thread that sat in one call (no CPU between them) from
 * one that passed the same frame on request after request. Virtual threads are not listed. Pure.
 */
public final class ThreadPrint {
    /**
     * CPU a thread may use between two dumps and still have sat in one wait: the reading's own noise. One
     * that used more did work between the dumps, whatever frame it stands at in both.
     */
    public static final double STILL_CPU_MS = 1.0;
    private static final Pattern HEADER = Pattern.compile("^\"(?:[^\"]|\"(?! #))*\" #(\\d+)\\b.*?\\bcpu=([0-9.,]+)ms\\b");

    private ThreadPrint() {
    }

    /** CPU ms a thread used from {@code first} to {@code last}, where Thread.print gave it beside both; else null. */
    public static Double between(ThreadDump first, ThreadDump last, DumpedThread thread) {
        DumpedThread before = first.byTid(thread.tid());
        Double then = before == null ? null : first.cpuMs(before);
        DumpedThread after = last.byTid(thread.tid());
        Double now = after == null ? null : last.cpuMs(after);
        return then == null || now == null ? null : now - then;
    }

    /** Each thread's CPU time in milliseconds, by its id; empty when the text lists none. */
    public static Map<String, Double> cpuMs(String text) {
        Map<String, Double> cpu = new LinkedHashMap<>();
        for (String line : text.split("\\R")) {
            Matcher header = HEADER.matcher(line);
            if (header.find()) {
                try {
                    cpu.put(header.group(1), Double.parseDouble(header.group(2).replace(',', '.')));
                } catch (NumberFormatException e) {
                    // a header this reader does not know: that thread's CPU stays unknown
                }
            }
        }
        return cpu;
    }
}
