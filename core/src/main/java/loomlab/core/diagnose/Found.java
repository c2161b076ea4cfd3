package loomlab.core.diagnose;

import java.util.List;
import loomlab.core.breakage.Breakage;
import loomlab.core.fixes.FixMatch;

/**
 * One kind of breakage a diagnosis found, as results.json keeps it: its kind and frames up front, what
 * the classifier carries, and the known defects its stacks show.
 *
 * @param kind           {@code carrier-deadlock}, {@code slow-call}, ...
 * @param frames         the user's frames it names
 * @param classification the classifier's record
 * @param knownFixes     known defects of a library or JDK that its stacks show, each with the fixing
 *                       release and the version that ran
 */
public record Found(String kind, List<String> frames, Breakage classification, List<FixMatch> knownFixes) {
    public Found {
        frames = List.copyOf(frames);
        knownFixes = List.copyOf(knownFixes);
    }

    public static Found of(Breakage breakage, List<FixMatch> fixes) {
        return new Found(breakage.kind().id(), breakage.frames(), breakage, fixes);
    }

    /** True for a kind that names what broke; an unclassified finding only says that something did. */
    public boolean named() {
        return !(classification instanceof Breakage.Unclassified);
    }
}
