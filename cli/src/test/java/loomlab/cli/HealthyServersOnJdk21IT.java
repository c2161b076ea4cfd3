package loomlab.cli;

/** {@link HealthyServers} on JDK 21. */
class HealthyServersOnJdk21IT extends HealthyServers {
    @Override
    int feature() {
        return 21;
    }
}
