package loomlab.core.finding;

import java.util.List;

/**
 * How an experiment ranks its own findings for the facts it is summed up by, in its headline and its
 * overview row. Each experiment knows which of its findings make its point, so none is told from
 * another by the findings it happens to hold.
 */
@FunctionalInterface
public interface Ranking {
    /** The rule most experiments rank by: {@link KeyFacts#comparison}. */
    Ranking COMPARISONS = findings -> KeyFacts.of(KeyFacts.comparison(findings));

    /** The facts these findings are summed up by; {@link KeyFacts#NONE} leaves the verdict to open with its first. */
    KeyFacts keyFacts(List<Finding> findings);
}
