package loomlab.core;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A command line split into words as a POSIX shell splits them, for running it without a shell:
 * blanks separate words; single quotes keep everything up to the next one; double quotes keep
 * everything but a backslash before {@code $ ` " \} or a newline; a backslash outside quotes keeps
 * the next character (a backslash-newline joins lines). Nothing is expanded, so what a shell would
 * expand or interpret (variables, command substitution, a leading {@code ~}, pipes, redirections,
 * command lists) is bad input naming the character, rather than passed on as a literal word the
 * user did not mean. Glob characters stay literal. And the other way: words quoted so that a shell
 * reads them back as they are (a command shown to the user, or run on another host over ssh).
 */
public final class ShellWords {
    private static final String OPERATORS = "|&;<>()";

    /** Characters a word may hold and still need no quotes; braces only where no shell expands them. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,{}-]+");
    private static final Pattern BRACE_EXPANSION = Pattern.compile(
            "\\{[^}]*(,|\\.\\.)[^}]*}");

    private ShellWords() {
    }

    /** A word as a POSIX shell needs it written to read it back unchanged: as it is when plain, else in single quotes. */
    public static String quote(String word) {
        if (PLAIN.matcher(word).matches() && !BRACE_EXPANSION.matcher(word).find()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Words quoted where they need it, joined by single spaces. */
    public static String join(List<String> words) {
        return String.join(" ", words.stream().map(ShellWords::quote).toList());
    }

    /** @param what names the text in messages, e.g. {@code --cmd} */
    public static List<String> split(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new BadInput(what + " needs a command, e.g. '{java} -jar app.jar --port {port}'");
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '\'') {
                int end = text.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new BadInput(what + " has a single quote that is not closed: " + text.strip());
                }
                word.append(text, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted(text, i + 1, word, what);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= text.length()) {
                    throw new BadInput(what + " ends with a backslash that escapes nothing");
                }
                char next = text.charAt(i + 1);
                if (next != '\n') {
                    word.append(next);
                    inWord = true;
                }
                i += 2;
            } else {
                refuseUnquoted(c, inWord, what);
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** Appends a double-quoted part that starts at {@code from}; returns the index after its closing quote. */
    private static int doubleQuoted(String text, int from, StringBuilder word, String what) {
        int i = from;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < text.length() && "$`\"\\\n".indexOf(text.charAt(i + 1)) >= 0) {
                if (text.charAt(i + 1) != '\n') {
                    word.append(text.charAt(i + 1));
                }
                i += 2;
                continue;
            }
            if (c == '$' || c == '`') {
                throw notExpanded(c, what);
            }
            word.append(c);
            i++;
        }
        throw new BadInput(what + " has a double quote that is not closed: " + text.strip());
    }

    private static void refuseUnquoted(char c, boolean inWord, String what) {
        if (c == '$' || c == '`') {
            throw notExpanded(c, what);
        }
        if (c == '~' && !inWord) {
            throw new BadInput(what + " runs without a shell, so a leading ~ is not your home folder: write the"
                    + " folder out, or quote it if it is meant literally");
        }
        if (OPERATORS.indexOf(c) >= 0) {
            throw new BadInput(what + " runs without a shell, so '" + c + "' would be passed on as a word rather"
                    + " than piping, redirecting or chaining: drop it, or quote it if it is meant literally");
        }
    }

    private static BadInput notExpanded(char c, String what) {
        return new BadInput(what + " runs without a shell, so '" + c + "' expands nothing: write the value out,"
                + " or put it in single quotes if it is meant literally");
    }
}
