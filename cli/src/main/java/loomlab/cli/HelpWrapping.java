package loomlab.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;

/**
 * Keeps names whole in the help. Picocli wraps at every break a line-break iterator allows, and that
 * allows one after a '.', '/' or '-' inside a word: "results.\njson", "--spring.threads.\nvirtual.enabled".
 * A reader copies such a name from the help, so a word broken so is joined again on the next line, and
 * what then runs past the width flows on to the lines below it.
 */
final class HelpWrapping {
    /** Picocli's default width, which the help keeps. */
    static final int WIDTH = 80;
    /** Where picocli broke inside a name: a line's last word, a name's characters ending in one of these, ... */
    private static final Pattern BROKEN_END = Pattern.compile("(?=.{2})\\(?(?:[\\w.\\-/<>~@={}|\\[\\]]*\\w[\\w.\\-/<>~@={}|\\[\\]]*)?[./\\-_]");
    /** ... and the next line's text going on with a name's character. */
    private static final Pattern GOES_ON = Pattern.compile("\\s*[a-z0-9_/<~].*");

    private HelpWrapping() {
    }

    /** Every section of {@code cli}'s help and its subcommands' with names kept whole. */
    static void keepNamesWhole(CommandLine cli) {
        Map<String, IHelpSectionRenderer> sections = new LinkedHashMap<>();
        cli.getHelpSectionMap().forEach((key, renderer) -> sections.put(key, help -> joined(renderer.render(help))));
        cli.setHelpSectionMap(sections);
        cli.getSubcommands().values().forEach(HelpWrapping::keepNamesWhole);
    }

    /** {@code text}'s lines with each name picocli broke at a line's end moved whole to the next line. */
    static String joined(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        for (int i = 0; i + 1 < lines.size(); i++) {
            String line = lines.get(i);
            String next = lines.get(i + 1);
            int cut = line.lastIndexOf(' ') + 1;
            int indent = indent(next);
            // The next line goes on with this one's text: the same margin, or a description's column.
            boolean continuation = indent == indent(line) || indent >= 20;
            if (!continuation || !BROKEN_END.matcher(line.substring(cut)).matches()
                    || !GOES_ON.matcher(next).matches() || line.substring(0, cut).isBlank()) {
                continue;
            }
            lines.set(i, line.substring(0, cut).stripTrailing());
            lines.set(i + 1, next.substring(0, indent) + line.substring(cut) + next.substring(indent));
            flow(lines, i + 1, indent);
        }
        return String.join("\n", lines);
    }

    /** Lines from {@code k} on kept within the width, at their indent; a continuation takes what runs over. */
    private static void flow(List<String> lines, int k, int indent) {
        while (k < lines.size() && lines.get(k).length() > WIDTH) {
            String line = lines.get(k);
            int cut = line.lastIndexOf(' ', WIDTH);
            if (cut <= indent) {
                return;
            }
            String over = line.substring(cut + 1);
            lines.set(k, line.substring(0, cut).stripTrailing());
            String pad = " ".repeat(indent);
            boolean continues = indent > 0 && k + 1 < lines.size() && indent(lines.get(k + 1)) == indent
                    && !lines.get(k + 1).isBlank();
            if (continues) {
                // A name broken at this line's end stays whole when it flows on.
                String gap = BROKEN_END.matcher(over.substring(over.lastIndexOf(' ') + 1)).matches()
                        && GOES_ON.matcher(lines.get(k + 1)).matches() ? "" : " ";
                lines.set(k + 1, pad + over + gap + lines.get(k + 1).substring(indent));
            } else {
                lines.add(k + 1, pad + over);
            }
            k++;
        }
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }
}
