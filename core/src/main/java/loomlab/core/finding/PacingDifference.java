package loomlab.core.finding;

/**
 * How much more often the seed's siege users came back than the lab's: siege's {@code -d Z} waits
 * a random 0 to Z before each request (Z / 2 on average); the lab's users pause Z after each
 * answer. With requests that take W, a siege user's cycle is W + Z / 2 against the lab's W + Z.
 */
public record PacingDifference(double waitS, double pauseS, double ratio) implements RunNote {
    public static PacingDifference of(double waitS, double pauseS) {
        return new PacingDifference(waitS, pauseS, (waitS + pauseS) / (waitS + pauseS / 2));
    }
}
