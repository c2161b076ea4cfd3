package loomlab.core.assess;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;

/**
 * The arms of {@code assess --extracted}: the same Spring Boot service run from its extracted jar
 * ({@code java -Djarmode=tools -jar app.jar extract}: the application's jar beside its libraries as plain
 * jars) instead of the fat jar, whose nested-jar loader takes a monitor on every class or resource lookup.
 * An extracted arm is its fat sibling's key with one parameter more, so the two differ in the jar's form
 * alone and are compared on the same thread model and JDK.
 */
public final class ExtractedJar {
    /** The arm parameter that says which form of the jar ran. */
    public static final String PARAM = "jar";
    /** Its value on an extracted arm; a fat-jar arm has no such parameter. */
    public static final ParamValue EXTRACTED = ParamValue.named("extracted");

    private ExtractedJar() {
    }

    /** Whether the arm runs the extracted jar. */
    public static boolean runs(ArmKey key) {
        return key.has(PARAM, EXTRACTED);
    }

    /** The fat-jar arm's key as the extracted one's. */
    public static ArmKey of(ArmKey fat) {
        return fat.withParam(PARAM, EXTRACTED);
    }

    /** The extracted arm's fat sibling: the same key without the parameter. */
    public static ArmKey fat(ArmKey extracted) {
        return extracted.withoutParam(PARAM);
    }
}
