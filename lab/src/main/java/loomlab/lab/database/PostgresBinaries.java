package loomlab.lab.database;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A folder holding the PostgreSQL server programs the lab needs: initdb, pg_ctl and postgres. */
record PostgresBinaries(Path bin) {
    static final List<String> PROGRAMS = List.of("initdb", "pg_ctl", "postgres");
    private static final Path DEBIAN_VERSIONS = Path.of("/usr/lib/postgresql");

    Path program(String name) {
        return bin.resolve(name);
    }

    /**
     * The machine's own binaries: the newest {@code /usr/lib/postgresql/VERSION/bin} (Debian and
     * Ubuntu keep them off the PATH), else the first entry of {@code path} (as {@code PATH} lists
     * them) that has all three programs.
     */
    static Optional<PostgresBinaries> onThisMachine(String path) {
        List<Path> candidates = new ArrayList<>(newestFirst(versionBinFolders(DEBIAN_VERSIONS)));
        candidates.addAll(pathEntries(path));
        return firstComplete(candidates);
    }

    static Optional<PostgresBinaries> firstComplete(List<Path> candidates) {
        return candidates.stream()
                .filter(PostgresBinaries::hasAllPrograms)
                .findFirst()
                .map(folder -> new PostgresBinaries(realFolder(folder)));
    }

    /** Orders {@code .../VERSION/bin} folders by version, newest first (16 before 9.6). */
    static List<Path> newestFirst(List<Path> versionBinFolders) {
        return versionBinFolders.stream()
                .sorted(Comparator.comparing((Path bin) -> versionOf(bin.getParent().getFileName().toString()))
                        .reversed())
                .toList();
    }

    private static VersionNumber versionOf(String folderName) {
        return VersionNumber.parse(folderName);
    }

    private static List<Path> versionBinFolders(Path versions) {
        if (!Files.isDirectory(versions)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(versions)) {
            return children.map(version -> version.resolve("bin")).filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    static List<Path> pathEntries(String path) {
        if (path == null || path.isBlank()) {
            return List.of();
        }
        return Stream.of(path.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).map(Path::of).toList();
    }

    private static boolean hasAllPrograms(Path folder) {
        return PROGRAMS.stream().map(folder::resolve).allMatch(Files::isExecutable);
    }

    /**
     * Follows a PATH entry's symlinks to the folder the programs really live in: pg_ctl finds
     * postgres next to its own real location, so a folder of symlinks alone would not do.
     */
    private static Path realFolder(Path folder) {
        try {
            return folder.resolve("pg_ctl").toRealPath().getParent();
        } catch (IOException e) {
            return folder;
        }
    }

    /** Numeric version parts, compared part by part; anything unparsable sorts first. */
    record VersionNumber(List<Integer> parts) implements Comparable<VersionNumber> {
        static VersionNumber parse(String text) {
            List<Integer> parts = new ArrayList<>();
            for (String part : text.split("\\.")) {
                try {
                    parts.add(Integer.parseInt(part));
                } catch (NumberFormatException e) {
                    return new VersionNumber(List.of());
                }
            }
            return new VersionNumber(List.copyOf(parts));
        }

        @Override
        public int compareTo(VersionNumber other) {
            for (int i = 0; i < Math.max(parts.size(), other.parts.size()); i++) {
                int mine = i < parts.size() ? parts.get(i) : -1;
                int theirs = i < other.parts.size() ? other.parts.get(i) : -1;
                if (mine != theirs) {
                    return Integer.compare(mine, theirs);
                }
            }
            return 0;
        }
    }
}
