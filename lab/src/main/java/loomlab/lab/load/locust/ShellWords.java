package loomlab.lab.load.locust;

import java.util.List;
import java.util.stream.Collectors;

/** Quoting for POSIX sh: every word in single quotes unless it is plainly safe. */
final class ShellWords {
    private ShellWords() {
    }

    static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=@%+,-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }
}
