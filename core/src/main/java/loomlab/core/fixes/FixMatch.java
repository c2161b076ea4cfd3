package loomlab.core.fixes;

/**
 * A known defect that a finding's stacks show, with the version that ran and what that version means.
 *
 * @param frame the frame of the finding's stacks where the defect lies (a library's), or the frame that
 *              shows a JDK row's cause; null for a JDK row named by the runtime version alone
 * @param seen  the version that ran and where it was read, or why it could not be
 */
public record FixMatch(KnownFix fix, String frame, Seen seen, Status status) {
    /** What the version seen says of the defect. */
    public enum Status {
        /** Older than the release that fixes it, or no release of the library fixes it. */
        AFFECTED,
        /** The version seen already has the fix: the finding has another cause, or the fix did not hold here. */
        HAS_FIX,
        /** The version could not be read, so whether the fix is in is unknown. */
        VERSION_UNKNOWN
    }
}
