package loomlab.cli;

/** {@link HealthyServers} on JDK 25. */
class HealthyServersOnJdk25IT extends HealthyServers {
    @Override
    int feature() {
        return 25;
    }
}
