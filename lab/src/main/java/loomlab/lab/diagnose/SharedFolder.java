package loomlab.lab.diagnose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A folder the target JVM writes its dumps and recording into and the lab reads them from. jcmd has the
 * target write them itself, so the path must be one the target can write, as the target sees it: the
 * results folder when the target shares the lab's file system, else a folder in the target's own
 * {@code /tmp}, which the lab reaches through {@code /proc/PID/root} (a JVM in a container) and empties
 * into the results at the end. When the lab runs as root for another user's JVM, the folder is given to
 * that user so the JVM may write there.
 *
 * @param ours   the folder as the lab reads it
 * @param theirs the same folder as the target writes it
 * @param kept   where its files end up; {@code ours} itself when the target shares the lab's file system
 */
record SharedFolder(Path ours, Path theirs, Path kept) implements AutoCloseable {
    static SharedFolder of(long pid, Path kept, String name) throws IOException {
        Path root = Path.of("/proc", Long.toString(pid), "root");
        boolean sameRoot;
        try {
            sameRoot = Files.isSameFile(root, Path.of("/"));
        } catch (IOException e) {
            sameRoot = true; // cannot tell: write where the lab is
        }
        SharedFolder folder;
        if (sameRoot) {
            folder = new SharedFolder(Files.createDirectories(kept), kept, kept);
        } else {
            Path theirs = Path.of("/tmp", name);
            Path ours = root.resolve("tmp").resolve(name);
            Files.createDirectories(ours);
            Files.createDirectories(kept);
            folder = new SharedFolder(ours, theirs, kept);
        }
        folder.giveTo(pid);
        return folder;
    }

    /** A file's path as the target writes it. */
    Path theirs(String file) {
        return theirs.resolve(file);
    }

    /** The same file as the lab reads it. */
    Path ours(String file) {
        return ours.resolve(file);
    }

    /** The file in the results folder once it is there. */
    Path kept(String file) throws IOException {
        if (ours.equals(kept)) {
            return kept.resolve(file);
        }
        Path target = kept.resolve(file);
        if (Files.exists(ours(file))) {
            Files.move(ours(file), target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    private void giveTo(long pid) throws IOException {
        Object targetUid = Files.getAttribute(Path.of("/proc", Long.toString(pid)), "unix:uid");
        Object ourUid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        if (!targetUid.equals(ourUid)) {
            Files.setAttribute(ours, "unix:uid", targetUid);
        }
    }

    /** The temporary folder in the target's {@code /tmp}, with anything left in it, removed. */
    @Override
    public void close() throws IOException {
        if (ours.equals(kept)) {
            return;
        }
        try (Stream<Path> files = Files.walk(ours)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
