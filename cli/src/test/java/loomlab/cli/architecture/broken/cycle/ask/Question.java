package loomlab.cli.architecture.broken.cycle.ask;

import loomlab.cli.architecture.broken.cycle.answer.Answer;

/** A question that knows its answer, in a package of its own. */
public record Question(String text) {
    public Answer answer() {
        return new Answer(this, "yes");
    }
}
