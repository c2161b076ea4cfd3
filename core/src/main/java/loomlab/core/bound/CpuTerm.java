package loomlab.core.bound;

import java.util.List;

/**
 * The CPU part of a bound, at the arm's own cost: the CPU the server, its helpers, the database and
 * the load generator used over the measured window, per request, against the machine's cores. Elapsed
 * time is at least requests x CPU per request / cores, and the rate at most cores / CPU per request.
 * Since the cost is this arm's own, an efficiency against this term is the arm's CPU utilisation (of
 * its successful requests), not a measure of how far another thread model could go: a model that
 * spends less CPU per request has a higher CPU bound of its own.
 *
 * @param processes       every process counted, an unknown one (null CPU) among them said so
 * @param requests        requests the CPU was spent on
 * @param cores           the machine's cores
 * @param cpuPerRequestS  the known CPU over the requests
 * @param rps             the highest rate the cores allow at that cost
 * @param elapsedS        for an arm that counts requests, the shortest time its successful requests
 *                        take at that cost; else null
 */
public record CpuTerm(List<ProcessCpu> processes, long requests, int cores, double cpuPerRequestS, double rps,
                      Double elapsedS) {
    public CpuTerm {
        processes = List.copyOf(processes);
    }

    /**
     * The term, or null when nothing can be said: no CPU figure at all, no request, or no CPU spent.
     *
     * @param countedRequests successful requests of an arm that counts requests, 0 for an arm that runs
     *                        for a duration
     */
    public static CpuTerm of(List<ProcessCpu> processes, long requests, int cores, long countedRequests) {
        double known = processes.stream().filter(ProcessCpu::known).mapToDouble(ProcessCpu::cpuS).sum();
        if (requests <= 0 || cores <= 0 || !(known > 0)) {
            return null;
        }
        double perRequest = known / requests;
        Double elapsed = countedRequests > 0 ? countedRequests * perRequest / cores : null;
        return new CpuTerm(processes, requests, cores, perRequest, cores / perRequest, elapsed);
    }

    /** True when a process's CPU could not be read, so the term counts less than was spent. */
    public boolean incomplete() {
        return processes.stream().anyMatch(p -> !p.known());
    }

    public Double cpuOf(String role) {
        return processes.stream().filter(p -> p.role().equals(role)).findFirst().map(ProcessCpu::cpuS).orElse(null);
    }
}
