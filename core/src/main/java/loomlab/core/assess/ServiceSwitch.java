package loomlab.core.assess;

import java.util.List;

/**
 * How the lab started the service in an arm and switched its thread model, for the record.
 *
 * @param kind      {@code spring-properties} (a Spring Boot jar the lab started), {@code command}
 *                  (the user's {@code --cmd}, placeholders filled in) or {@code lab-server} (the lab's own)
 * @param arguments what decided the arm: the Spring properties, or the whole command as run
 * @param notes     what else the lab did to the process and the reader should know (the flight
 *                  recording and how it got in, a command that does not switch threads)
 * @param cannotSwitch why the lab cannot switch this service's threads (a command without
 *                  {@code {threads}}, a Spring Boot older than 3.2), or null when it can
 */
public record ServiceSwitch(String kind, List<String> arguments, List<String> notes, String cannotSwitch) {
    public static final String SPRING = "spring-properties";
    public static final String COMMAND = "command";
    /** One of the lab's own servers, switched by its own adapter (the reactive experiment). */
    public static final String LAB_SERVER = "lab-server";

    public ServiceSwitch {
        arguments = List.copyOf(arguments);
        notes = List.copyOf(notes);
    }
}
