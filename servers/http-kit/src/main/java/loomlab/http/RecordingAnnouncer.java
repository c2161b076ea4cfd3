package loomlab.http;

import java.io.PrintStream;
import java.nio.file.Path;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * Prints one line as soon as a flight recording with a file of its own has been written to it: the
 * lab's recording of pinned virtual threads ({@code -XX:StartFlightRecording:filename=...,dumponexit=true})
 * is written by the JVM's shutdown hooks, and the lab can end the server there. After its hooks,
 * HotSpot waits up to 300 ms for every thread blocked in native code (the virtual-thread poller's
 * epoll_wait, Tomcat's poller) before the process exits, with nothing left to write (docs/layout.md,
 * "Start-up").
 *
 * <p>JFR notifies a recording's listeners of its stop only after it has written the file, so the
 * line never comes before the last byte.
 */
public final class RecordingAnnouncer implements FlightRecorderListener {
    /** What the line starts with; the recording's file follows. */
    public static final String WRITTEN = "flight recording written: ";

    private final PrintStream out;

    RecordingAnnouncer(PrintStream out) {
        this.out = out;
    }

    /** Announces, on standard output, every recording of this JVM written to its file from now on. */
    public static void start() {
        FlightRecorder.addListener(new RecordingAnnouncer(System.out));
    }

    @Override
    public void recordingStateChanged(Recording recording) {
        Path file = recording.getDestination();
        if (recording.getState() == RecordingState.STOPPED && file != null) {
            out.println(WRITTEN + file);
            out.flush();
        }
    }
}
