package loomlab.cli;

import java.util.concurrent.Callable;
import loomlab.lab.jdk.JdkSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code loomlab jdks}: the JDKs {@code --jdk} can use, in the order it looks, each once, read from their release files. */
@Command(name = "jdks", mixinStandardHelpOptions = true, description = "Lists the JDKs --jdk finds, in the order it"
        + " looks (" + JdkSearch.ORDER + "), with the feature version, vendor and home of each; 'loomlab install"
        + " jdk21' adds JDK 21.")
final class JdksCommand implements Callable<Integer> {
    private final Lab lab;

    @Spec
    CommandSpec spec;

    JdksCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws InterruptedException {
        var out = spec.commandLine().getOut();
        lab.jdks().described().forEach(out::println);
        out.flush();
        return 0;
    }
}
