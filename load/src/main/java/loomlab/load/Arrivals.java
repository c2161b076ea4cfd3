package loomlab.load;

/**
 * How the open model spaces its arrivals at a given rate: evenly (each the same gap apart, as wrk2
 * does), or as a Poisson process (exponential gaps, as independent users arrive). Even arrivals
 * never bunch, so their p99 is kinder than real traffic's; Poisson arrivals bunch as real ones do.
 */
public sealed interface Arrivals {
    Arrivals EVEN = new Even();

    /** The schedule of arrivals at {@code requestsPerSecond}; a new one per event loop (it may cache). */
    ArrivalSchedule at(double requestsPerSecond);

    /** As results name it: {@code even} or {@code poisson}. */
    String label();

    /** Evenly spaced: request {@code i} at {@code i / rate}. */
    record Even() implements Arrivals {
        @Override
        public ArrivalSchedule at(double requestsPerSecond) {
            return new ConstantRate(requestsPerSecond);
        }

        @Override
        public String label() {
            return "even";
        }
    }

    /** Exponential gaps drawn from {@code seed}: the same seed gives the same arrivals, run after run. */
    record Poisson(long seed) implements Arrivals {
        @Override
        public ArrivalSchedule at(double requestsPerSecond) {
            return new PoissonArrivals(requestsPerSecond, seed);
        }

        @Override
        public String label() {
            return "poisson";
        }
    }
}
