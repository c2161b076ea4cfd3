package loomlab.core.fixes;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Release versions compared as their publishers number them: {@code 7.0.2 < 7.1.0}, {@code 42.10.0 >
 * 42.6.0}, a pre-release before its release ({@code 7.1.0-rc1 < 7.1.0}), a build suffix ignored
 * ({@code 42.6.0.jre7} is 42.6.0). A JDK's runtime version ({@code 21.0.8+9-LTS}) reads the same way.
 */
public final class Versions {
    private static final Pattern NUMBERS = Pattern.compile("^(\\d+(?:\\.\\d+)*)(.*)$");
    private static final Pattern PRE_RELEASE = Pattern.compile("(?i)^[-.]?(snapshot|alpha|beta|rc|cr|m|milestone|ea|pre)");

    private Versions() {
    }

    /**
     * Negative, zero or positive as {@code a} is older than, the same as, or newer than {@code b}.
     *
     * @throws IllegalArgumentException when either does not start with a number
     */
    public static int compare(String a, String b) {
        Parsed first = parse(a);
        Parsed second = parse(b);
        int length = Math.max(first.numbers().size(), second.numbers().size());
        for (int i = 0; i < length; i++) {
            long x = i < first.numbers().size() ? first.numbers().get(i) : 0;
            long y = i < second.numbers().size() ? second.numbers().get(i) : 0;
            if (x != y) {
                return Long.compare(x, y);
            }
        }
        return Boolean.compare(!first.preRelease(), !second.preRelease());
    }

    /** True when the text starts with a version number. */
    public static boolean readable(String version) {
        return version != null && NUMBERS.matcher(version.strip()).matches();
    }

    /** The feature release of a JDK's runtime version ({@code 21.0.8+9-LTS} is 21); null when unreadable. */
    public static Integer feature(String runtimeVersion) {
        if (!readable(runtimeVersion)) {
            return null;
        }
        return (int) (long) parse(runtimeVersion).numbers().getFirst();
    }

    private record Parsed(List<Long> numbers, boolean preRelease) {
    }

    private static Parsed parse(String version) {
        if (!readable(version)) {
            throw new IllegalArgumentException("not a version: '" + version + "'");
        }
        Matcher matcher = NUMBERS.matcher(version.strip());
        matcher.matches();
        List<Long> numbers = new ArrayList<>();
        for (String part : matcher.group(1).split("\\.")) {
            numbers.add(Long.parseLong(part));
        }
        return new Parsed(numbers, PRE_RELEASE.matcher(matcher.group(2)).find());
    }
}
