package loomlab.core.bound;

/**
 * The CPU one process on the machine used during an arm's measured window.
 *
 * @param role what it is: {@code server}, {@code downstream}, {@code database}, {@code generator}
 * @param cpuS user + system seconds, or null when it could not be read (an external database)
 */
public record ProcessCpu(String role, Double cpuS) {
    public static final String SERVER = "server";
    public static final String DOWNSTREAM = "downstream";
    public static final String DATABASE = "database";
    public static final String GENERATOR = "generator";

    public boolean known() {
        return cpuS != null;
    }
}
