package loomlab.load;

import java.util.ArrayList;
import java.util.List;

/**
 * The requests of a run and their weights: {@code POST /orders} twice as often as {@code GET /stock}.
 * Which request number {@code i} is is a pure function of {@code i}, laid out once by smooth
 * weighted round-robin (nginx's): over every {@link #cycle()} requests each gets exactly its
 * weight, spread out rather than in runs, so even a short window sees the mix. The hot path reads
 * one array slot.
 */
public final class RequestMix {
    /** Enough for any mix a person types; keeps the precomputed cycle small. */
    public static final int MAX_CYCLE = 100_000;

    private final List<Request> requests;
    private final List<Integer> weights;
    private final int[] cycle;

    private RequestMix(List<Request> requests, List<Integer> weights) {
        this.requests = List.copyOf(requests);
        this.weights = List.copyOf(weights);
        this.cycle = layOut(reduced(weights));
    }

    /** A GET of one target, every request. */
    public static RequestMix single(String target) {
        return of(List.of(target), List.of(1));
    }

    /**
     * GETs of targets by weight.
     *
     * @param targets each a request target as it goes on the request line ({@code /path?query})
     * @param weights one per target, at least 1 each
     */
    public static RequestMix of(List<String> targets, List<Integer> weights) {
        return ofRequests(targets.stream().map(Request::get).toList(), weights);
    }

    /**
     * @param requests each sent as it is
     * @param weights  one per request, at least 1 each
     */
    public static RequestMix ofRequests(List<Request> requests, List<Integer> weights) {
        if (requests.isEmpty() || requests.size() != weights.size()) {
            throw new IllegalArgumentException("a request mix needs at least one request and one weight per request,"
                    + " got " + requests.size() + " requests and " + weights.size() + " weights");
        }
        long total = 0;
        for (int i = 0; i < requests.size(); i++) {
            if (weights.get(i) < 1) {
                throw new IllegalArgumentException("the weight of " + requests.get(i).label() + " must be at least 1,"
                        + " got " + weights.get(i));
            }
            total += weights.get(i);
        }
        if (total > MAX_CYCLE) {
            throw new IllegalArgumentException("the weights add up to " + total + ", more than " + MAX_CYCLE);
        }
        return new RequestMix(requests, weights);
    }

    public int size() {
        return requests.size();
    }

    public List<Request> requests() {
        return requests;
    }

    /** Each request as figures name it ({@link Request#label()}), in the mix's order. */
    public List<String> labels() {
        return requests.stream().map(Request::label).toList();
    }

    public List<Integer> weights() {
        return weights;
    }

    /** Requests after which the mix repeats: the weights' sum over their greatest common divisor. */
    public int cycle() {
        return cycle.length;
    }

    /** Which request of the mix request number {@code index} is (0-based, any non-negative index). */
    public int targetAt(long index) {
        return cycle[(int) Math.floorMod(index, (long) cycle.length)];
    }

    /** Weights over their greatest common divisor: 2 and 4 mix as 1 and 2, in a cycle of 3. */
    private static int[] reduced(List<Integer> weights) {
        int gcd = 0;
        for (int weight : weights) {
            gcd = gcd(gcd, weight);
        }
        int[] reduced = new int[weights.size()];
        for (int i = 0; i < reduced.length; i++) {
            reduced[i] = weights.get(i) / gcd;
        }
        return reduced;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * Smooth weighted round-robin: each turn every target's credit grows by its weight, the target
     * with the most credit (the first on a tie) is chosen and pays the total back.
     */
    private static int[] layOut(int[] weights) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        int[] order = new int[total];
        long[] credit = new long[weights.length];
        for (int turn = 0; turn < total; turn++) {
            int chosen = 0;
            for (int i = 0; i < weights.length; i++) {
                credit[i] += weights[i];
                if (credit[i] > credit[chosen]) {
                    chosen = i;
                }
            }
            credit[chosen] -= total;
            order[turn] = chosen;
        }
        return order;
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            String label = requests.get(i).label();
            parts.add(weights.get(i) == 1 ? label : label + "@" + weights.get(i));
        }
        return String.join(" ", parts);
    }
}
