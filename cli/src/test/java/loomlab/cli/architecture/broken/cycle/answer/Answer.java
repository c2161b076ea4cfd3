package loomlab.cli.architecture.broken.cycle.answer;

import loomlab.cli.architecture.broken.cycle.ask.Question;

/** An answer that knows its question back: the two packages form a cycle. */
public record Answer(Question question, String text) {
}
