package loomlab.core.fixes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Release versions compared as their publishers number them: {@code 7.0.2 < 7.1.0}, {@code 42.10.0 >
 * 42.6.0}, a pre-release before its release ({@code 7.1.0-rc1 < 7.1.0}) and pre-releases in their order
 * ({@code 5.0.0-alpha.12 < 5.0.0-alpha.15 < 5.0.0-beta.1}), a build suffix ignored ({@code 42.6.0.jre7}
 * is 42.6.0). A JDK's runtime version ({@code 21.0.8+9-LTS}) reads the same way.
 */
public final class Versions {
    private static final Pattern NUMBERS = Pattern.compile("^(\\d+(?:\\.\\d+)*)(.*)$");
    private static final Pattern PRE_RELEASE = Pattern.compile(
            "(?i)^[-.]?(snapshot|alpha|beta|rc|cr|milestone|m|ea|pre)[-.]?(\\d*)");
    /** The feature releases with long-term support up to JDK 25; from there one every four releases. */
    private static final int LAST_LISTED_LTS = 25;
    private static final int LTS_EVERY = 4;

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
        if (first.preRelease() == null || second.preRelease() == null) {
            return Boolean.compare(first.preRelease() == null, second.preRelease() == null);
        }
        int stage = Integer.compare(first.preRelease().stage(), second.preRelease().stage());
        return stage != 0 ? stage : Long.compare(first.preRelease().number(), second.preRelease().number());
    }

    /**
     * The first JDK feature release with long-term support at or after {@code feature} (24 gives 25): where
     * a fix came in a release without it, the advice names the supported release that carries it.
     */
    public static int longTermSupport(int feature) {
        if (feature <= 21) {
            return feature <= 8 ? 8 : feature <= 11 ? 11 : feature <= 17 ? 17 : 21;
        }
        if (feature <= LAST_LISTED_LTS) {
            return LAST_LISTED_LTS;
        }
        return LAST_LISTED_LTS + (feature - LAST_LISTED_LTS + LTS_EVERY - 1) / LTS_EVERY * LTS_EVERY;
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

    /** A pre-release's stage (a snapshot or early access, alpha, beta or milestone, candidate) and its number. */
    private record PreRelease(int stage, long number) {
    }

    /** @param preRelease null for a release */
    private record Parsed(List<Long> numbers, PreRelease preRelease) {
    }

    private static int stage(String label) {
        return switch (label.toLowerCase(Locale.ROOT)) {
            case "alpha" -> 1;
            case "beta", "m", "milestone" -> 2;
            case "rc", "cr" -> 3;
            default -> 0; // snapshot, ea, pre: before any numbered stage
        };
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
        Matcher pre = PRE_RELEASE.matcher(matcher.group(2));
        if (!pre.find()) {
            return new Parsed(numbers, null);
        }
        long number = pre.group(2).isEmpty() ? 0 : Long.parseLong(pre.group(2));
        return new Parsed(numbers, new PreRelease(stage(pre.group(1)), number));
    }
}
