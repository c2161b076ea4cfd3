package loomlab.cli;

import java.util.function.IntConsumer;
import picocli.CommandLine.TypeConversionException;

/** A whole number from an option (thousands separators allowed), checked by the type that owns its range. */
final class CheckedWhole {
    private CheckedWhole() {
    }

    /** @param check throws IllegalArgumentException with the valid range when the value is outside it */
    static Integer parse(String text, IntConsumer check) {
        int value;
        try {
            value = Integer.parseInt(text.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        try {
            check.accept(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
        return value;
    }
}
