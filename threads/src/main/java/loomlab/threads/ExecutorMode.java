package loomlab.threads;

import java.util.concurrent.ExecutorService;

/**
 * A request executor as written on the command line: {@code platform:N}, {@code cached},
 * {@code per-task}, {@code virtual} or {@code virtual:N}.
 *
 * @param model the thread model
 * @param limit N for the models that take one, {@link ThreadModel#UNBOUNDED} otherwise
 */
public record ExecutorMode(ThreadModel model, int limit) {

    /** The valid spellings, for error messages. */
    public static final String CHOICES = "platform:N, cached, per-task, virtual, virtual:N";

    public ExecutorMode {
        if (limit < 0 || (limit > 0 && !model.takesLimit())) {
            throw new IllegalArgumentException("bad limit " + limit + " for " + model.label());
        }
        if (model == ThreadModel.PLATFORM && limit == ThreadModel.UNBOUNDED) {
            throw new IllegalArgumentException("platform needs a pool size: platform:N");
        }
    }

    /**
     * Parses a mode; throws {@link IllegalArgumentException} with a one-line message naming the
     * valid choices when the text is not one of them.
     */
    public static ExecutorMode parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty executor mode; choose one of: " + CHOICES);
        }
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        String label = colon < 0 ? trimmed : trimmed.substring(0, colon);
        ThreadModel model = ThreadModel.byLabel(label);
        if (model == null) {
            throw new IllegalArgumentException("unknown executor mode '" + text + "'; choose one of: " + CHOICES);
        }
        if (colon < 0) {
            if (model == ThreadModel.PLATFORM) {
                throw new IllegalArgumentException("executor mode 'platform' needs a pool size, e.g. platform:10");
            }
            return new ExecutorMode(model, ThreadModel.UNBOUNDED);
        }
        if (!model.takesLimit()) {
            throw new IllegalArgumentException("executor mode '" + label + "' takes no size; choose one of: " + CHOICES);
        }
        String number = trimmed.substring(colon + 1);
        int limit;
        try {
            limit = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("executor mode '" + text + "': '" + number + "' is not a whole number");
        }
        if (limit <= 0) {
            throw new IllegalArgumentException("executor mode '" + text + "': the size must be at least 1");
        }
        return new ExecutorMode(model, limit);
    }

    public static ExecutorMode platform(int threads) {
        return new ExecutorMode(ThreadModel.PLATFORM, threads);
    }

    public static ExecutorMode virtual() {
        return new ExecutorMode(ThreadModel.VIRTUAL, ThreadModel.UNBOUNDED);
    }

    public ExecutorService newExecutor(String threadNamePrefix) {
        return model.newExecutor(limit, threadNamePrefix);
    }

    /** How many tasks this mode can run at once, or {@code Integer.MAX_VALUE} when it has no cap. */
    public int concurrencyLimit() {
        return limit == ThreadModel.UNBOUNDED ? Integer.MAX_VALUE : limit;
    }

    /** The threads this mode's executor runs its tasks on. */
    public Threads threads() {
        return model.threads();
    }

    public boolean isVirtual() {
        return threads() == Threads.VIRTUAL;
    }

    /** The command-line spelling, the inverse of {@link #parse}. */
    @Override
    public String toString() {
        return limit == ThreadModel.UNBOUNDED ? model.label() : model.label() + ":" + limit;
    }
}
