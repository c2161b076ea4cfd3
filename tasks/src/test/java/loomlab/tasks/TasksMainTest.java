package loomlab.tasks;

import org.junit.jupiter.api.Test;

class TasksMainTest {

    @Test
    void rejectsMissingAndUnknownPrograms() {
        ProgramRun.of().assertUsageError("missing program; choose one of: fairness, task-throughput, thread-limit");
        ProgramRun.of("fairnes").assertUsageError("unknown program 'fairnes'");
    }

    @Test
    void rejectsBadOptionsWithOneLine() {
        ProgramRun.of("fairness", "--rounds", "0").assertUsageError("--rounds: 0 is out of range");
        ProgramRun.of("fairness", "--mode", "green").assertUsageError("choose one of: platform, virtual");
        ProgramRun.of("task-throughput", "--executor", "platform").assertUsageError("needs a pool size");
        ProgramRun.of("thread-limit", "--threads", "green").assertUsageError("choose one of: platform, virtual");
        ProgramRun.of("thread-limit", "--threads", "event-loop").assertUsageError(
                "--threads: unknown threads 'event-loop'; choose one of: platform, virtual");
        ProgramRun.of("thread-limit").assertUsageError("--threads is required");
    }
}
