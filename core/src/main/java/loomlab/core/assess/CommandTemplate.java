package loomlab.core.assess;

import loomlab.core.ShellWords;

import java.util.List;
import java.util.Objects;
import loomlab.core.BadInput;

/**
 * The user's command for their service ({@code --cmd}), split into words, with the placeholders
 * the lab fills in per arm: {@code {port}} (required: where the service must listen),
 * {@code {threads}} ({@code platform} or {@code virtual}), {@code {virtual}} ({@code true} or
 * {@code false}, for frameworks switched by a boolean, as Spring Boot's
 * {@code spring.threads.virtual.enabled}), {@code {pool}} (the platform pool size) and {@code {java}}
 * (the arm's java binary, so {@code --jdk} reaches commands too). Braces that name none of these stay
 * as they are.
 */
public record CommandTemplate(List<String> words) {
    public static final String PORT = "{port}";
    public static final String THREADS = "{threads}";
    public static final String POOL = "{pool}";
    public static final String JAVA = "{java}";
    public static final String VIRTUAL = "{virtual}";

    public CommandTemplate {
        words = List.copyOf(words);
        if (words.isEmpty()) {
            throw new BadInput("--cmd needs a command");
        }
    }

    /** Splits {@code text} as a shell would; it must say where the service takes its port. */
    public static CommandTemplate parse(String text) {
        CommandTemplate template = new CommandTemplate(ShellWords.split(text, "--cmd"));
        if (!template.uses(PORT)) {
            throw new BadInput("--cmd must say where the service takes its port with {port}, e.g."
                    + " '{java} -jar app.jar --server.port={port}'; the lab picks a free one per arm");
        }
        return template;
    }

    public boolean uses(String placeholder) {
        return words.stream().anyMatch(w -> w.contains(placeholder));
    }

    /** The command of one arm: every placeholder replaced, in every word that holds it. */
    public List<String> expand(int port, Threads threads, Integer pool, String java) {
        Objects.requireNonNull(threads);
        Objects.requireNonNull(java);
        if (pool == null && uses(POOL)) {
            throw new IllegalStateException("{pool} needs a pool size");
        }
        return words.stream().map(w -> w.replace(PORT, Integer.toString(port)).replace(THREADS, threads.word())
                .replace(VIRTUAL, Boolean.toString(threads == Threads.VIRTUAL))
                .replace(POOL, pool == null ? POOL : pool.toString()).replace(JAVA, java)).toList();
    }

    /** Whether the arms can tell themselves apart: the command says where {threads} or {virtual} goes. */
    public boolean switchesThreads() {
        return uses(THREADS) || uses(VIRTUAL);
    }

    /** The command as the user wrote it, words joined by single spaces (quoted where a word needs it). */
    public String display() {
        return ShellWords.join(words);
    }

}
