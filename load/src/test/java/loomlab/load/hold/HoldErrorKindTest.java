package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

class HoldErrorKindTest {

    @Test
    void classifiesConnectFailuresByThePlatformsMessage() {
        assertEquals(HoldErrorKind.REFUSED, HoldErrorKind.ofConnectFailure(new ConnectException("Connection refused")));
        assertEquals(HoldErrorKind.RESET, HoldErrorKind.ofConnectFailure(new SocketException("Connection reset by peer")));
        assertEquals(HoldErrorKind.TIMEOUT, HoldErrorKind.ofConnectFailure(new ConnectException("Connection timed out")));
        assertEquals(HoldErrorKind.OPEN_FILES, HoldErrorKind.ofConnectFailure(new IOException("Too many open files")));
        assertEquals(HoldErrorKind.OTHER, HoldErrorKind.ofConnectFailure(new BindException("Cannot assign requested address")));
        assertEquals(HoldErrorKind.OTHER, HoldErrorKind.ofConnectFailure(new IOException()));
    }

    @Test
    void anOpenConnectionThatFailsWasReset() {
        assertEquals(HoldErrorKind.RESET, HoldErrorKind.ofOpenConnectionFailure(new SocketException("Connection reset")));
        assertEquals(HoldErrorKind.RESET, HoldErrorKind.ofOpenConnectionFailure(new IOException("Broken pipe")));
    }

    @Test
    void labelsAreTheResultsNames() {
        assertEquals("open-files", HoldErrorKind.OPEN_FILES.label());
        assertEquals("refused", HoldErrorKind.REFUSED.label());
    }
}
