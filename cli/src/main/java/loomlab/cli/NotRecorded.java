package loomlab.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An option the recorded command line leaves out ({@link TypedCommand}): a password. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface NotRecorded {
}
