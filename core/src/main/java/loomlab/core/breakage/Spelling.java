package loomlab.core.breakage;

import java.util.Locale;

/** How results.json spells the constants of the breakage enums: the name in lower case, words joined by hyphens. */
final class Spelling {
    private Spelling() {
    }

    static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
