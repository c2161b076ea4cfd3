package loomlab.lab.load.locust;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.stream.Collectors;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;

/**
 * The locustfile of one arm: a header of the arm's settings as Python constants, then a body that
 * is the same for every arm (a {@code FastHttpUser}, the start signal, the stop after a count, each
 * worker's own figures; see {@code locustfile-body.py}).
 *
 * <p>The pause follows the arm's model exactly: a fixed pause after each answer is Locust's
 * {@code constant(Z)} wait time (which Locust runs after each task); siege's random pause of 0 to Z
 * before each request is a uniform sleep inside the task before the request is sent, so the first
 * request waits too, as siege's does ({@code between(0, Z)} would leave the first request
 * unpaused).
 */
final class Locustfile {
    static final String BODY = body();

    private Locustfile() {
    }

    public static String render(LocustArm arm) {
        return header(arm) + "\n" + BODY;
    }

    static String header(LocustArm arm) {
        Pause pause = arm.pause();
        return "# Loom Lab's locustfile for one arm: " + printable(arm.label()) + "\n"
                + "# Written by the lab for this run; the workers download it from the master.\n"
                + "REQUESTS = " + arm.requests() + "  # in all, shared among the workers; 0: the arm runs for"
                + " DURATION_S\n"
                + "DURATION_S = " + seconds(arm.duration() == null ? 0 : arm.duration().toNanos() / 1e9)
                + "  # measured from the start signal; 0: the arm counts REQUESTS\n"
                + "# Each request as the lab's generator sends it: method, path, headers in order, body (base64)\n"
                + "MIX = [" + arm.paths().stream().map(Locustfile::request).collect(Collectors.joining(", ")) + "]\n"
                + "WEIGHTS = [" + arm.paths().stream().map(p -> Integer.toString(p.weight()))
                .collect(Collectors.joining(", ")) + "]\n"
                + "PAUSE_S = " + seconds(pause.seconds()) + "\n"
                + "PAUSE_MODEL = " + pythonString(pause.model().name().toLowerCase(Locale.ROOT))
                + "  # fixed_after_answer: constant wait time; uniform_before_request: 0 to PAUSE_S before"
                + " each request\n"
                + "TIMEOUT_S = " + seconds(arm.timeout().toNanos() / 1e9) + "\n";
    }

    /** One request as a Python tuple: method, path, a list of (name, value) pairs, the body in base64. */
    static String request(WeightedRequest request) {
        return "(" + pythonString(request.method()) + ", " + pythonString(request.path()) + ", ["
                + request.headers().stream().map(h -> "(" + pythonString(h.name()) + ", " + pythonString(h.value())
                + ")").collect(Collectors.joining(", ")) + "], " + pythonString(Base64.getEncoder()
                .encodeToString(request.body())) + ")";
    }

    /** A Python string literal: double quotes, with backslashes, quotes and anything not plain ASCII escaped. */
    static String pythonString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' || c == '"') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static String seconds(double value) {
        return Double.toString(value);
    }

    private static String printable(String label) {
        return label.replaceAll("\\p{Cntrl}", " ");
    }

    private static String body() {
        try (InputStream in = Locustfile.class.getResourceAsStream("locustfile-body.py")) {
            if (in == null) {
                throw new IllegalStateException("locustfile-body.py is missing from the lab's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
