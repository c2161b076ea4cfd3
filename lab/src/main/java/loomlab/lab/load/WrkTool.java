package loomlab.lab.load;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.Latency;

/**
 * wrk with one thread, as the lab's peer figures were measured: {@code wrk -t1 -cC -dD --latency}.
 * wrk only runs for a time; an arm that counts requests gets a script that stops wrk after that
 * many answers and prints the exact time they took (wrk's own clock would include its idle wait
 * until the signal). A pause between requests is the script's {@code delay()}.
 */
final class WrkTool implements LoadTool {
    static final String SCRIPT_LINE = "loomlab:";
    private static final Pattern SCRIPTED = Pattern.compile(
            "loomlab: (\\d+) responses in ([\\d.]+) s");
    private static final Pattern REQUESTS_IN = Pattern.compile(
            "(\\d+) requests in ([\\d.]+)(us|ms|s|m|h),");
    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([\\d.]+)");
    private static final Pattern LATENCY = Pattern.compile(
            "Latency\\s+([\\d.]+)(us|ms|s|m|h)\\s+([\\d.]+)(us|ms|s|m|h)\\s+([\\d.]+)(us|ms|s|m|h)");
    private static final Pattern SOCKET_ERRORS = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");

    @Override
    public String program() {
        return "wrk";
    }

    @Override
    public List<String> command(HttpArmPlan plan, URI target, Path workDir) throws IOException {
        long seconds = plan.countsRequests() ? limit(plan).toSeconds() : LoadTool.wholeSeconds(plan.load().duration());
        List<String> command = new ArrayList<>(List.of(program(), "-t1", "-c" + plan.users(), "-d" + seconds + "s",
                "--timeout", LabLoadEngine.REQUEST_TIMEOUT.toSeconds() + "s", "--latency"));
        Optional<String> script = script(plan);
        if (script.isPresent()) {
            Files.createDirectories(workDir);
            Path file = Files.createTempFile(workDir, "wrk-", ".lua");
            Files.writeString(file, script.get());
            command.addAll(List.of("-s", file.toString()));
        }
        command.add(target.toString());
        return command;
    }

    /**
     * The Lua the arm needs, if any: a stop after {@code requests} answers (the thread stops, then
     * a SIGINT a moment later ends wrk's wait, since a signal taken by the running thread would not),
     * and the pause as {@code delay()}.
     */
    static Optional<String> script(HttpArmPlan plan) {
        StringBuilder lua = new StringBuilder();
        if (!plan.load().pause().length().isZero()) {
            lua.append("function delay()\n  return ").append(plan.load().pause().length().toMillis()).append("\nend\n");
        }
        if (plan.countsRequests()) {
            lua.append("""
                    local ffi = require("ffi")
                    ffi.cdef[[
                    typedef struct { long tv_sec; long tv_nsec; } loomlab_timespec;
                    int clock_gettime(int clock, loomlab_timespec *now);
                    ]]
                    local function now()
                      local t = ffi.new("loomlab_timespec")
                      ffi.C.clock_gettime(1, t)
                      return tonumber(t.tv_sec) + tonumber(t.tv_nsec) / 1e9
                    end
                    local answered, started = 0, nil
                    function init(args)
                      started = now()
                    end
                    function response(status, headers, body)
                      answered = answered + 1
                      if answered == %d then
                        io.write(string.format("%s %%d responses in %%.6f s\\n", answered, now() - started))
                        io.flush()
                        wrk.thread:stop()
                        os.execute("(sleep 0.05; kill -INT $PPID) &")
                      end
                    end
                    """.formatted(plan.load().requests(), SCRIPT_LINE));
        }
        return lua.isEmpty() ? Optional.empty() : Optional.of(lua.toString());
    }

    @Override
    public String differences(HttpArmPlan plan) {
        return "one thread (-t1), latencies from each actual send (not corrected for coordinated omission)"
                + (plan.countsRequests() ? "; a script stops it after " + plan.load().requests() + " answers and times them"
                : "");
    }

    /**
     * wrk's summary: "N requests in T", "Requests/sec", the latency row (mean and max) and the
     * distribution (50/75/90/99 %, no 99.9th), socket errors and non-2xx answers. When the script
     * stopped wrk, its own count and time replace wrk's.
     */
    @Override
    public ToolFigures parse(String text) {
        ToolOutput output = new ToolOutput(program(), text);
        Matcher counted = output.match(REQUESTS_IN).orElseThrow(() -> new IllegalStateException(
                "wrk printed no 'requests in'; its output ends with: " + output.lastLine()));
        long requests = Long.parseLong(counted.group(1));
        double elapsed = ToolOutput.millis(counted.group(2), counted.group(3)) / 1000;
        double rate = output.requireDouble(RATE, "'Requests/sec'");
        Optional<Matcher> scripted = output.match(SCRIPTED);
        if (scripted.isPresent()) {
            requests = Long.parseLong(scripted.get().group(1));
            elapsed = Double.parseDouble(scripted.get().group(2));
            rate = requests / elapsed;
        }
        Double mean = null;
        Double max = null;
        Optional<Matcher> latency = output.match(LATENCY);
        if (latency.isPresent()) {
            mean = ToolOutput.millis(latency.get().group(1), latency.get().group(2));
            max = ToolOutput.millis(latency.get().group(5), latency.get().group(6));
        }
        long connect = 0;
        long timeout = 0;
        long broken = 0;
        Optional<Matcher> socket = output.match(SOCKET_ERRORS);
        if (socket.isPresent()) {
            connect = Long.parseLong(socket.get().group(1));
            broken = Long.parseLong(socket.get().group(2)) + Long.parseLong(socket.get().group(3));
            timeout = Long.parseLong(socket.get().group(4));
        }
        long status = output.optionalLong(NON_2XX);
        return new ToolFigures(requests, elapsed, rate, new Latency(mean, percentile(output, "50"),
                percentile(output, "90"), percentile(output, "99"), null, max),
                new ErrorCounts(connect, timeout, status, broken));
    }

    private static Double percentile(ToolOutput output, String percent) {
        Optional<Matcher> line = output.match(Pattern.compile(
                "\\n\\s+" + percent + "%\\s+([\\d.]+)(us|ms|s|m|h)"));
        return line.map(m -> ToolOutput.millis(m.group(1), m.group(2))).orElse(null);
    }
}
