package loomlab.core.finding;

/**
 * A comparison of two arms on one figure, or of ours against the seed's. Worded by the report side's
 * {@code LeadWords}.
 */
public sealed interface ComparisonFinding extends Finding
        permits Lead, PublishedLead {
}
