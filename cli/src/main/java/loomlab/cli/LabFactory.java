package loomlab.cli;

import java.lang.reflect.Constructor;
import picocli.CommandLine;

/**
 * Picocli's factory: a command (or a converter, a mixin) whose constructor takes the lab gets the one
 * lab object of the process; every other class picocli makes as it always does.
 */
final class LabFactory implements CommandLine.IFactory {
    private final Lab lab;

    LabFactory(Lab lab) {
        this.lab = lab;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        Constructor<K> withLab;
        try {
            withLab = type.getDeclaredConstructor(Lab.class);
        } catch (NoSuchMethodException takesNoLab) {
            return CommandLine.defaultFactory().create(type);
        }
        return withLab.newInstance(lab);
    }
}
