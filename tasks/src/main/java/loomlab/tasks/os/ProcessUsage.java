package loomlab.tasks.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import loomlab.tasks.json.Json;

/** Adds this process's CPU seconds and peak RSS, or nulls and a reason, to a result object. */
public final class ProcessUsage {
    private ProcessUsage() {
    }

    public static void putInto(Json.ObjectBuilder result) {
        String reason = ProcSelf.unavailableReason();
        if (reason != null) {
            result.put("cpu_user_s", null).put("cpu_sys_s", null).put("peak_rss_mb", null)
                    .put("os_usage_unavailable", reason);
            return;
        }
        try {
            CpuTicks cpu = ProcSelf.cpuTicks();
            MemoryStatus memory = ProcSelf.memory();
            ProcSelf.ClockTicks ticks = ProcSelf.clockTicks();
            result.put("cpu_user_s", Json.round3(cpu.userSeconds(ticks.perSecond())))
                    .put("cpu_sys_s", Json.round3(cpu.systemSeconds(ticks.perSecond())))
                    .put("peak_rss_mb", Json.round3(memory.peakRssMb()))
                    .put("clock_ticks_per_s", ticks.perSecond())
                    .put("clock_ticks_source", ticks.source());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
