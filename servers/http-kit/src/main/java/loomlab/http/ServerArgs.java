package loomlab.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The command line of a server main: {@code --name value} or {@code --name=value} options from a
 * fixed list, plus the common {@code --port N}, {@code --bind ADDRESS} and {@code --parent-pid PID},
 * and {@code --help}.
 */
public final class ServerArgs {

    /** An option a server accepts, e.g. {@code new Option("--mode", "MODE", "request executor")}. */
    public record Option(String name, String valueHint, String description) {
        String synopsis() {
            return name + " " + valueHint;
        }
    }

    public static final Option PORT = new Option("--port", "N", "port on 127.0.0.1, 0 picks a free one (default 0)");
    public static final Option BIND = new Option("--bind", "ADDRESS",
            "IP address to listen on (default 127.0.0.1), e.g. one of a test's network namespaces");
    public static final Option PARENT_PID = new Option("--parent-pid", "PID",
            "exit when this process is gone (or system property " + ParentWatch.PROPERTY + ")");

    private final Map<String, String> values;
    private final boolean help;

    private ServerArgs(Map<String, String> values, boolean help) {
        this.values = values;
        this.help = help;
    }

    /** Parses {@code args} against the common options and {@code serverOptions}. */
    public static ServerArgs parse(String[] args, List<Option> serverOptions) throws UsageException {
        Map<String, Option> known = new LinkedHashMap<>();
        for (Option option : allOptions(serverOptions)) {
            known.put(option.name(), option);
        }
        Map<String, String> values = new HashMap<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            int equals = arg.indexOf('=');
            String name = equals > 0 ? arg.substring(0, equals) : arg;
            Option option = known.get(name);
            if (option == null) {
                throw new UsageException("unknown argument '" + arg + "'; options: " + synopsis(serverOptions));
            }
            String value;
            if (equals > 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException(name + " needs a value: " + option.synopsis());
            }
            if (values.put(name, value) != null) {
                throw new UsageException(name + " given twice");
            }
        }
        ServerArgs parsed = new ServerArgs(values, help);
        parsed.port();
        parsed.bind();
        parsed.parentPid();
        return parsed;
    }

    public boolean helpRequested() {
        return help;
    }

    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** {@code --port}, 0 when absent. */
    public int port() throws UsageException {
        return (int) longValue(PORT.name(), 0, 0, 65535);
    }

    /** {@code --bind}: a literal IP address (no name lookup), 127.0.0.1 when absent. */
    public InetAddress bind() throws UsageException {
        String text = values.get(BIND.name());
        if (text == null) {
            return ServerConfig.LOOPBACK;
        }
        String literal = text.trim();
        // Only a literal: a name would need a lookup, and getByName resolves names.
        if (literal.matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
            try {
                return InetAddress.getByName(literal);
            } catch (UnknownHostException e) {
                // not a valid literal after all
            }
        }
        throw new UsageException(BIND.name() + " must be an IP address such as 127.0.0.1, not '" + text + "'");
    }

    /** {@code --parent-pid}, else the {@value ParentWatch#PROPERTY} system property. */
    public OptionalLong parentPid() throws UsageException {
        String text = values.get(PARENT_PID.name());
        String source = PARENT_PID.name();
        if (text == null) {
            text = System.getProperty(ParentWatch.PROPERTY);
            source = "-D" + ParentWatch.PROPERTY;
        }
        if (text == null) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(parseLong(source, text, 1, Long.MAX_VALUE));
    }

    /** An integer option between {@code min} and {@code max}, or {@code fallback} when absent. */
    public long longValue(String name, long fallback, long min, long max) throws UsageException {
        String text = values.get(name);
        return text == null ? fallback : parseLong(name, text, min, max);
    }

    private static long parseLong(String name, String text, long min, long max) throws UsageException {
        OptionalLong value = Numbers.parseInRange(text, min, max);
        if (value.isEmpty()) {
            throw new UsageException(name + " must be a whole number from " + min + " to " + max + ", not '" + text + "'");
        }
        return value.getAsLong();
    }

    /** One line per option, for --help. */
    public static String usage(String program, List<Option> serverOptions) {
        return "usage: " + program + " [options]\n" + allOptions(serverOptions).stream()
                .map(option -> String.format("  %-22s %s", option.synopsis(), option.description()))
                .collect(Collectors.joining("\n"));
    }

    private static String synopsis(List<Option> serverOptions) {
        return allOptions(serverOptions).stream().map(Option::synopsis).collect(Collectors.joining(", "));
    }

    private static List<Option> allOptions(List<Option> serverOptions) {
        List<Option> all = new ArrayList<>();
        all.add(PORT);
        all.add(BIND);
        all.addAll(serverOptions);
        all.add(PARENT_PID);
        return all;
    }
}
