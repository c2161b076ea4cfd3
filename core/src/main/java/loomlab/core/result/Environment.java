package loomlab.core.result;

import java.util.List;

/**
 * Where and how a result was measured, recorded with every result so that figures from different
 * machines or builds are never compared blindly.
 */
public record Environment(String jdk, String jdkVendor, String jvm, int cores, long memoryMb, String os,
                          String arch, String hostname, List<String> labJvmFlags, List<String> serverJvmFlags,
                          String gitCommit, Boolean gitDirty, String loadEngine) {
}
