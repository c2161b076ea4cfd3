package loomlab.lab.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PinningRecordingTest {
    @Test
    void hiddenClassesLoseTheAddressTheJvmGaveThemSoOneSiteStaysOneSite() {
        assertEquals("loomlab.loomcat.Pinning$SleepingInitializer", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Pinning$SleepingInitializer+0x0000000100167c00.1794071200"), "JDK 21's spelling");
        assertEquals("loomlab.loomcat.Pinning$SleepingInitializer", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Pinning$SleepingInitializer.0x0000000028091400"), "JDK 25's spelling");
        assertEquals("loomlab.loomcat.Endpoints$$Lambda", PinningRecording.withoutHiddenSuffix(
                "loomlab.loomcat.Endpoints$$Lambda/0x0000000100149fe0"));
        assertEquals("com.example.Orders", PinningRecording.withoutHiddenSuffix("com.example.Orders"));
        assertEquals("com.example.Ox0", PinningRecording.withoutHiddenSuffix("com.example.Ox0"));
    }
}
