package loomlab.core.assess;

import java.util.List;
import java.util.Objects;
import loomlab.core.BadInput;
import loomlab.core.ShellWords;
import loomlab.core.arm.ArmMode;

/**
 * The user's command for their service ({@code --cmd}), split into words, with the placeholders
 * the lab fills in per arm: {@code {port}} (required: where the service must listen),
 * {@code {threads}} ({@code platform} or {@code virtual}), {@code {virtual}} ({@code true} or
 * {@code false}, for frameworks switched by a boolean, as Spring Boot's
 * {@code spring.threads.virtual.enabled}), {@code {pool}} (the platform pool size) and {@code {java}}
 * (the arm's java binary, so {@code --jdk} reaches commands too), and with {@code --postgres} the
 * arm's own database: {@code {db_url}} (JDBC), {@code {db_user}}, {@code {db_password}}. Braces that
 * name none of these stay as they are.
 */
public record CommandTemplate(List<String> words) {
    public static final String PORT = "{port}";
    public static final String THREADS = "{threads}";
    public static final String POOL = "{pool}";
    public static final String JAVA = "{java}";
    public static final String VIRTUAL = "{virtual}";
    public static final String DB_URL = "{db_url}";
    public static final String DB_USER = "{db_user}";
    public static final String DB_PASSWORD = "{db_password}";
    /** The placeholders of the arm's database. */
    public static final List<String> DATABASE = List.of(DB_URL, DB_USER, DB_PASSWORD);

    /** Where an arm's database is, for the command's placeholders. */
    public record Db(String url, String user, String password) {
        public Db {
            Objects.requireNonNull(url);
            Objects.requireNonNull(user);
            Objects.requireNonNull(password);
        }

        @Override
        public String toString() {
            return "Db[" + url + ", " + user + "]";
        }
    }

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

    /** The command of one arm without a database of the lab's. */
    public List<String> expand(int port, ArmMode mode, Integer pool, String java) {
        return expand(port, mode, pool, java, null);
    }

    /** Whether the command says where the service finds its database. */
    public boolean usesDatabase() {
        return DATABASE.stream().anyMatch(this::uses);
    }

    /** The command of one arm: every placeholder replaced, in every word that holds it. */
    public List<String> expand(int port, ArmMode mode, Integer pool, String java, Db db) {
        if (db == null && usesDatabase()) {
            throw new IllegalStateException("{db_url}, {db_user} and {db_password} need the arm's database");
        }
        String threads = mode.threads().orElseThrow(() -> new IllegalArgumentException("the mode '" + mode
                + "' names no threads for " + THREADS)).id();
        Objects.requireNonNull(java);
        if (pool == null && uses(POOL)) {
            throw new IllegalStateException("{pool} needs a pool size");
        }
        return words.stream().map(w -> w.replace(PORT, Integer.toString(port)).replace(THREADS, threads)
                .replace(VIRTUAL, Boolean.toString(mode.onVirtualThreads()))
                .replace(POOL, pool == null ? POOL : pool.toString()).replace(JAVA, java)
                .replace(DB_URL, db == null ? DB_URL : db.url()).replace(DB_USER, db == null ? DB_USER : db.user())
                .replace(DB_PASSWORD, db == null ? DB_PASSWORD : db.password())).toList();
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
