package loomlab.lab.jdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a folder says about the JDK in it without starting it: its {@code release} file's
 * {@code JAVA_VERSION}, from which the feature version is read, and whether it has a java to run.
 */
final class JdkHome {
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([^\"]+)\"");
    private static final Pattern IMPLEMENTOR = Pattern.compile("(?m)^IMPLEMENTOR=\"([^\"]+)\"");

    private JdkHome() {
    }

    /** The feature version of the JDK in {@code home}, or empty when it holds no JDK the lab can run. */
    static OptionalInt feature(Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return OptionalInt.empty();
        }
        return release(home).map(text -> featureOf(text)).orElse(OptionalInt.empty());
    }

    static Optional<String> vendor(Path home) {
        return release(home).map(IMPLEMENTOR::matcher).filter(Matcher::find).map(m -> m.group(1));
    }

    /** {@code 21} of {@code JAVA_VERSION="21.0.8"}, {@code 8} of {@code "1.8.0_412"}. */
    static OptionalInt featureOf(String release) {
        Matcher version = JAVA_VERSION.matcher(release);
        if (!version.find()) {
            return OptionalInt.empty();
        }
        String[] parts = version.group(1).split("[.+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return OptionalInt.of(first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first);
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    private static Optional<String> release(Path home) {
        try {
            return Optional.of(Files.readString(home.resolve("release")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
