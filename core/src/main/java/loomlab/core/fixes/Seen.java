package loomlab.core.fixes;

/**
 * The version of a library or JDK that ran, and where it was read; or, with no version, why none could be.
 *
 * @param version e.g. {@code 7.0.2}; null when it could not be read
 * @param from    where it was read ({@code META-INF/maven/com.zaxxer/HikariCP/pom.properties in /app/lib/HikariCP-7.0.2.jar}),
 *                or why it could not be ({@code the dump carries no class path})
 */
public record Seen(String version, String from) {
    public static Seen unknown(String why) {
        return new Seen(null, why);
    }

    public boolean known() {
        return version != null;
    }
}
