package loomlab.lab.diagnose;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import loomlab.core.fixes.KnownFix;
import loomlab.core.fixes.KnownFixes;
import loomlab.core.fixes.Seen;
import loomlab.core.fixes.Versions;

/**
 * The version of a library that a JVM ran, read from its class path: the jar that holds the class of a
 * frame, and in it Maven's {@code pom.properties}, else the manifest's {@code Implementation-Version} or
 * {@code Bundle-Version}, else the jar's file name, each said as its source. A Spring Boot jar's nested
 * jars ({@code BOOT-INF/lib/}) are read where they lie. Where no version can be read the answer says why.
 */
public final class ClassPathVersions implements KnownFixes.VersionLookup {
    private static final Pattern FILE_VERSION = Pattern.compile("-(\\d+(?:\\.\\d+)+(?:[-.][A-Za-z0-9]+)*)\\.jar$");
    private static final String NESTED = "BOOT-INF/lib/";

    private final List<Path> entries;
    private final String unknownWhy;

    private ClassPathVersions(List<Path> entries, String unknownWhy) {
        this.entries = List.copyOf(entries);
        this.unknownWhy = unknownWhy;
    }

    /** The class path as given, each entry a jar, a folder or {@code folder/*}; relative ones against {@code base}. */
    public static ClassPathVersions of(List<String> classPath, Path base) {
        return new ClassPathVersions(expand(classPath, base), null);
    }

    /** No class path is known: every answer says why. */
    public static ClassPathVersions unknown(String why) {
        return new ClassPathVersions(List.of(), why);
    }

    /** The entries read, wildcards expanded and a jar's manifest {@code Class-Path} followed. */
    public List<Path> entries() {
        return entries;
    }

    private static final String SPRING_BOOT_GROUP = "org.springframework.boot:";
    private static final String SPRING_BOOT_VERSION = "Spring-Boot-Version";

    @Override
    public Seen of(KnownFix fix, String className) {
        if (unknownWhy != null) {
            return Seen.unknown(unknownWhy);
        }
        String resource = className.replace('.', '/') + ".class";
        for (Path entry : entries) {
            try {
                Optional<Seen> seen = Files.isDirectory(entry) ? inFolder(entry, resource) : inJar(entry, resource, fix);
                if (seen.isPresent()) {
                    return seen.get();
                }
            } catch (IOException e) {
                // an entry that cannot be read is skipped, as the JVM skips it
            }
        }
        return Seen.unknown("no entry of the class path holds " + className);
    }

    private static Optional<Seen> inFolder(Path folder, String resource) {
        return Files.isRegularFile(folder.resolve(resource))
                ? Optional.of(Seen.unknown(resource + " was loaded from the folder " + folder + ", which names no version"))
                : Optional.empty();
    }

    private static Optional<Seen> inJar(Path jar, String resource, KnownFix fix) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return Optional.empty();
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            if (file.getEntry(resource) != null) {
                return Optional.of(version(new JarContents.OfFile(file), jar.toString(), fix));
            }
            var nested = file.stream().filter(e -> e.getName().startsWith(NESTED) && e.getName().endsWith(".jar"))
                    .toList();
            for (var entry : nested) {
                try (InputStream in = file.getInputStream(entry)) {
                    JarContents.Nested contents = JarContents.Nested.read(in);
                    if (contents.has(resource)) {
                        return Optional.of(version(contents, entry.getName() + " in " + jar, fix));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The jar's version as its own files state it, and where. */
    static Seen version(JarContents jar, String where, KnownFix fix) throws IOException {
        String wanted = fix.artifact() == null ? null
                : "META-INF/maven/" + fix.artifact().replace(':', '/') + "/pom.properties";
        List<String> poms = jar.names().stream().filter(n -> n.startsWith("META-INF/maven/")
                && n.endsWith("/pom.properties")).toList();
        Manifest bootManifest = poms.contains(wanted) || fix.artifact() == null
                || !fix.artifact().startsWith(SPRING_BOOT_GROUP) ? null : jar.manifest();
        String boot = bootManifest == null ? null
                : bootManifest.getMainAttributes().getValue(new Attributes.Name(SPRING_BOOT_VERSION));
        if (Versions.readable(boot)) {
            // Spring Boot's loader sits at the root of the fat jar, whose own pom.properties is the application's.
            return new Seen(boot.strip(), SPRING_BOOT_VERSION + " in the manifest of " + where);
        }
        String pom = poms.contains(wanted) ? wanted : poms.size() == 1 ? poms.getFirst() : null;
        if (pom != null) {
            Properties properties = new Properties();
            try (InputStream in = jar.open(pom)) {
                properties.load(in);
            }
            String version = properties.getProperty("version");
            if (Versions.readable(version)) {
                return new Seen(version.strip(), pom + " in " + where);
            }
        }
        Manifest manifest = jar.manifest();
        if (manifest != null) {
            for (String key : List.of("Implementation-Version", "Bundle-Version")) {
                String version = manifest.getMainAttributes().getValue(new Attributes.Name(key));
                if (Versions.readable(version)) {
                    return new Seen(version.strip(), key + " in the manifest of " + where);
                }
            }
        }
        Matcher name = FILE_VERSION.matcher(where.contains(" in ") ? where.substring(0, where.indexOf(" in "))
                : where);
        if (name.find()) {
            return new Seen(name.group(1), "the file name " + where + " (the jar itself names no version)");
        }
        return Seen.unknown(where + " names no version: no pom.properties, no Implementation-Version, no version in"
                + " its file name");
    }

    /** A class path's entries, {@code dir/*} expanded to its jars, and each jar's manifest {@code Class-Path} followed. */
    static List<Path> expand(List<String> classPath, Path base) {
        List<Path> expanded = new ArrayList<>();
        for (String item : classPath) {
            if (item.isBlank()) {
                continue;
            }
            if (item.equals("*") || item.endsWith("/*")) {
                Path folder = base.resolve(item.substring(0, item.length() - 1).isEmpty() ? "."
                        : item.substring(0, item.length() - 2));
                try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, "*.{jar,JAR}")) {
                    jars.forEach(jar -> addWithManifestPath(jar, expanded));
                } catch (IOException e) {
                    // a folder that cannot be listed adds nothing, as for the JVM
                }
            } else {
                addWithManifestPath(base.resolve(item).normalize(), expanded);
            }
        }
        return expanded;
    }

    private static void addWithManifestPath(Path entry, List<Path> into) {
        if (into.contains(entry)) {
            return;
        }
        into.add(entry);
        if (!Files.isRegularFile(entry)) {
            return;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest manifest = jar.getManifest();
            String path = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (path != null) {
                for (String relative : path.trim().split("\\s+")) {
                    if (!relative.isEmpty() && !relative.contains(":")) {
                        addWithManifestPath(entry.toAbsolutePath().getParent().resolve(relative).normalize(), into);
                    }
                }
            }
        } catch (IOException e) {
            // not a jar: the JVM ignores it too
        }
    }

    /** A jar's entries, whether it is a file or lies inside another. */
    sealed interface JarContents {
        List<String> names();

        InputStream open(String name) throws IOException;

        Manifest manifest() throws IOException;

        record OfFile(JarFile file) implements JarContents {
            @Override
            public List<String> names() {
                return file.stream().map(ZipEntry::getName).toList();
            }

            @Override
            public InputStream open(String name) throws IOException {
                return file.getInputStream(file.getEntry(name));
            }

            @Override
            public Manifest manifest() throws IOException {
                return file.getManifest();
            }
        }

        /** A nested jar, read whole (a library's jar: small, and only the one holding the class). */
        record Nested(Map<String, byte[]> files) implements JarContents {
            static Nested read(InputStream in) throws IOException {
                Map<String, byte[]> files = new LinkedHashMap<>();
                try (ZipInputStream zip = new ZipInputStream(in)) {
                    for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                        boolean wanted = entry.getName().startsWith("META-INF/");
                        files.put(entry.getName(), wanted ? zip.readAllBytes() : new byte[0]);
                    }
                }
                return new Nested(files);
            }

            boolean has(String name) {
                return files.containsKey(name);
            }

            @Override
            public List<String> names() {
                return List.copyOf(files.keySet());
            }

            @Override
            public InputStream open(String name) {
                return new ByteArrayInputStream(files.get(name));
            }

            @Override
            public Manifest manifest() throws IOException {
                byte[] bytes = files.get(JarFile.MANIFEST_NAME);
                return bytes == null ? null : new Manifest(new ByteArrayInputStream(bytes));
            }
        }
    }
}
