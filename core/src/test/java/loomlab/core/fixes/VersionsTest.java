package loomlab.core.fixes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VersionsTest {
    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource({"7.0.2, 7.1.0", "42.5.4, 42.6.0", "42.6.0, 42.10.0", "8.4.0, 9.0.0", "7.1.0-rc1, 7.1.0",
            "7.1.0-SNAPSHOT, 7.1.0", "21.0.8+9-LTS, 24", "25.0.3+9-LTS, 26", "1.5, 1.5.1",
            "5.0.0-alpha.12, 5.0.0-alpha.15", "5.0.0-alpha.15, 5.0.0-beta.1", "5.0.0-beta.2, 5.0.0-rc1",
            "5.0.0-alpha.14, 5.0.0", "4.12.0, 5.0.0-alpha.11", "5.0.0-alpha.9, 5.0.0-alpha.10"})
    void olderComesFirstWhicheverWayRound(String older, String newer) {
        assertTrue(Versions.compare(older, newer) < 0);
        assertTrue(Versions.compare(newer, older) > 0);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"7.1.0, 7.1", "42.6.0.jre7, 42.6.0", "24, 24.0.0", "21.0.8+9-LTS, 21.0.8"})
    void sameReleaseWrittenTwoWays(String a, String b) {
        assertEquals(0, Versions.compare(a, b));
    }

    @ParameterizedTest(name = "JDK {0}: LTS {1}")
    @CsvSource({"21, 21", "22, 25", "24, 25", "25, 25", "26, 29", "29, 29", "30, 33", "17, 17", "11, 11"})
    void theLongTermSupportReleaseThatCarriesAFeatureReleasesFix(int feature, int lts) {
        assertEquals(lts, Versions.longTermSupport(feature));
    }

    @Test
    void aJdksFeatureReleaseFromItsRuntimeVersion() {
        assertEquals(21, Versions.feature("21.0.8+9-LTS"));
        assertEquals(25, Versions.feature("25.0.3+9-LTS"));
        assertNull(Versions.feature("unknown"));
        assertNull(Versions.feature(null));
    }

    @Test
    void textThatIsNoVersionIsRefusedNotGuessed() {
        assertFalse(Versions.readable("${project.version}"));
        assertFalse(Versions.readable(""));
        assertThrows(IllegalArgumentException.class, () -> Versions.compare("latest", "1.0"));
    }
}
