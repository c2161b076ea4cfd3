package loomlab.core.arm;

/**
 * The task-level programs of seeds 001 and 003. Each runs in a child JVM from a jar this repository
 * builds and reports one JSON object, which the lab reads into the program's result record.
 */
public enum TaskProgram {
    FAIRNESS("tasks/target/tasks.jar", "fairness", false, FairnessArmResult.class),
    TASK_THROUGHPUT("tasks/target/tasks.jar", "task-throughput", false, TaskThroughputArmResult.class),
    THREAD_LIMIT("tasks/target/tasks.jar", "thread-limit", false, ThreadLimitArmResult.class),
    /** StructuredTaskScope.open() is a preview API in JDK 25. */
    STRUCTURED_CONCURRENCY("tasks-structured/target/tasks-structured.jar", "structured-concurrency", true,
            HandleOrderArmResult.class),
    /** JMH's own main; its results come from the JSON file JMH writes, not from stdout. */
    JMH("jmh/target/benchmarks.jar", null, false, JmhArmResult.class);

    private final String jar;
    private final String subcommand;
    private final boolean preview;
    private final Class<? extends ArmResult> resultType;

    TaskProgram(String jar, String subcommand, boolean preview, Class<? extends ArmResult> resultType) {
        this.jar = jar;
        this.subcommand = subcommand;
        this.preview = preview;
        this.resultType = resultType;
    }

    /** The jar, relative to the repository root. */
    public String jar() {
        return jar;
    }

    /** The first program argument, or null when the jar runs one program only. */
    public String subcommand() {
        return subcommand;
    }

    /** True when the child needs {@code --enable-preview}. */
    public boolean preview() {
        return preview;
    }

    public Class<? extends ArmResult> resultType() {
        return resultType;
    }
}
