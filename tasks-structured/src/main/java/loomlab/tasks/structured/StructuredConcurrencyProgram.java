package loomlab.tasks.structured;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import loomlab.tasks.TaskProgram;
import loomlab.tasks.cli.Options;
import loomlab.tasks.cli.UsageException;
import loomlab.tasks.json.Json;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Spelled;

/** {@code structured-concurrency}: seed 003's four handleOrder cases in each style, one JSON object. */
public final class StructuredConcurrencyProgram implements TaskProgram {
    public static final String NAME = "structured-concurrency";
    /** The seed's slides used a pool of 8 platform threads. */
    static final String DEFAULT_EXECUTOR = "platform:8";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> optionNames() {
        return Set.of("work-ms", "fail-ms", "slow-ms", "interrupt-ms", "executor", "cases", "styles");
    }

    @Override
    public String usage() {
        CaseTimings d = CaseTimings.defaults();
        return "[--work-ms " + d.workMillis() + "] [--fail-ms " + d.failMillis() + "] [--slow-ms " + d.slowMillis()
                + "] [--interrupt-ms " + d.interruptMillis() + "] [--executor " + DEFAULT_EXECUTOR + "] [--cases "
                + Spelled.choices(OrderCase.class).replace(", ", ",") + "] [--styles "
                + Spelled.choices(StyleChoice.class).replace(", ", ",") + "]";
    }

    @Override
    public Json.ObjectBuilder run(Options options) throws InterruptedException {
        CaseTimings defaults = CaseTimings.defaults();
        CaseTimings timings;
        try {
            timings = new CaseTimings(
                    options.longInteger("work-ms", defaults.workMillis(), 0),
                    options.longInteger("fail-ms", defaults.failMillis(), 0),
                    options.longInteger("slow-ms", defaults.slowMillis(), 1),
                    options.longInteger("interrupt-ms", defaults.interruptMillis(), 0));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        ExecutorMode executor = options.choice("executor", DEFAULT_EXECUTOR, ExecutorMode::parse);
        List<OrderCase> cases = list(options, "cases", Spelled.choices(OrderCase.class), OrderCase::parse);
        List<StyleChoice> styles = list(options, "styles", Spelled.choices(StyleChoice.class), StyleChoice::parse);

        List<CaseResult> results = new HandleOrderExperiment(timings, executor).run(cases, styles);
        return Json.object()
                .put("program", NAME)
                .put("api", "StructuredTaskScope.open() with the default joiner (JDK " + Runtime.version().feature() + " preview)")
                .put("executor", executor.toString())
                .put("work_ms", timings.workMillis())
                .put("fail_ms", timings.failMillis())
                .put("slow_ms", timings.slowMillis())
                .put("interrupt_ms", timings.interruptMillis())
                .put("results", results.stream().map(CaseResult::toJson).toList());
    }

    private static <T> List<T> list(Options options, String name, String all, Function<String, T> parser) {
        return options.choice(name, all.replace(", ", ","),
                text -> Arrays.stream(text.split(",")).map(String::trim).map(parser).distinct().toList());
    }
}
