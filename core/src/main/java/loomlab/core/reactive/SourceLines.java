package loomlab.core.reactive;

/**
 * Lines of Java source that are code: not blank, not only a comment ({@code //}, or inside
 * {@code /* ... *}{@code /}, Javadoc included). Annotations, imports and braces count: they are
 * written and read like any other line. Comment markers inside string literals are not looked for:
 * the lab's endpoint code has none.
 */
public final class SourceLines {
    private SourceLines() {
    }

    public static int count(String source) {
        int lines = 0;
        boolean inBlock = false;
        for (String line : source.split("\\R", -1)) {
            StringBuilder code = new StringBuilder();
            int i = 0;
            while (i < line.length()) {
                if (inBlock) {
                    int end = line.indexOf("*/", i);
                    if (end < 0) {
                        i = line.length();
                    } else {
                        inBlock = false;
                        i = end + 2;
                    }
                } else if (line.startsWith("/*", i)) {
                    inBlock = true;
                    i += 2;
                } else if (line.startsWith("//", i)) {
                    i = line.length();
                } else {
                    code.append(line.charAt(i));
                    i++;
                }
            }
            if (!code.toString().isBlank()) {
                lines++;
            }
        }
        return lines;
    }
}
