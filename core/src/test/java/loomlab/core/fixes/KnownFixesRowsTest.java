package loomlab.core.fixes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each library and JDK row of the table: a stack that shows its defect names it with its fix or remedy,
 * and its reversed cases do not: a stack of the same library without the defect's frames, a version
 * without the defect, a JDK on which it cannot occur.
 */
class KnownFixesRowsTest {
    private static final KnownFixes FIXES = KnownFixes.standard();
    private static final String JDK21 = "21.0.8+9-LTS";
    private static final String JDK25 = "25.0.4+7-LTS";
    /** The top of a virtual thread parked while pinned on JDK 21, as its JSON thread dump writes it. */
    private static final List<String> PARKED_PINNED = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.lang.VirtualThread.park(Unknown Source)",
            "java.util.concurrent.locks.LockSupport.park(Unknown Source)");
    private static final List<String> LOCKING = List.of(
            "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(Unknown Source)",
            "java.util.concurrent.locks.ReentrantLock.lock(Unknown Source)");
    private static final List<String> SLEEPING_PINNED = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.lang.Thread.sleep(Unknown Source)");

    @SafeVarargs
    private static List<String> frames(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    private static KnownFixes.Stack pinned(List<String> frames) {
        return new KnownFixes.Stack(frames, true, true);
    }

    private static List<FixMatch> match(String jdk, Map<String, String> versions, KnownFixes.Stack... stacks) {
        return FIXES.matching(List.of(stacks), jdk, (fix, className) -> versions.containsKey(fix.artifact())
                ? new Seen(versions.get(fix.artifact()), "pom.properties") : Seen.unknown("not on the class path given"));
    }

    private static List<String> ids(List<FixMatch> matches) {
        return matches.stream().map(m -> m.fix().id()).toList();
    }

    private static FixMatch only(String id, List<FixMatch> matches) {
        return matches.stream().filter(m -> m.fix().id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " not in " + ids(matches)));
    }

    @Test
    void everyRowIsSourcedAndSaysWhatRemovesItOrWhatHelps() {
        for (KnownFix fix : FIXES.rows()) {
            assertTrue(fix.source().startsWith("https://"), fix.id());
            boolean named = fix.fixedIn() != null || fix.jdkFixedIn() != null || fix.remedy() != null;
            assertTrue(named, fix.id() + " says neither a fix nor a remedy");
        }
        assertEquals(FIXES.rows().size(), FIXES.rows().stream().map(KnownFix::id).distinct().count());
    }

    // HikariCP

    private static final List<String> HIKARI_RECYCLE = List.of(
            "com.zaxxer.hikari.pool.PoolEntry.recycle(PoolEntry.java:83)",
            "com.zaxxer.hikari.pool.ProxyConnection.close(ProxyConnection.java:272)",
            "ledger.LedgerService.balance(LedgerService.java:88)");

    @Test
    void hikariNamedOnlyWithThreadYieldOverRequiteOrUnreserve() {
        List<String> spinning = frames(List.of("java.lang.Thread.yield0(Native Method)", "java.lang.Thread.yield(Thread.java:443)",
                "com.zaxxer.hikari.util.ConcurrentBag.unreserve(ConcurrentBag.java:250)"), HIKARI_RECYCLE);
        assertEquals(List.of("hikaricp-yield-spin"), ids(match(JDK25, Map.of(), new KnownFixes.Stack(spinning, false, true))));
        // Reversed: requite running its own line, or waiting on the handoff queue, is no spin.
        List<String> handingOver = frames(List.of("java.util.concurrent.SynchronousQueue.offer(SynchronousQueue.java:880)",
                "com.zaxxer.hikari.util.ConcurrentBag.requite(ConcurrentBag.java:225)"), HIKARI_RECYCLE);
        List<String> running = frames(List.of("com.zaxxer.hikari.util.ConcurrentBag.requite(ConcurrentBag.java:221)"),
                HIKARI_RECYCLE);
        assertEquals(List.of(), ids(match(JDK25, Map.of(), new KnownFixes.Stack(handingOver, false, true),
                new KnownFixes.Stack(running, false, true))));
    }

    // Spring Boot's nested-jar loader

    private static final List<String> BELOW_LOADER = List.of(
            "org.springframework.boot.loader.net.protocol.jar.JarUrlConnection.connect(JarUrlConnection.java:289)",
            "shop.web.CatalogController.list(CatalogController.java:44)");

    @Test
    void springBootsLoaderNamedWhereThreadsQueueOnItsMonitorsVirtualOrPlatform() {
        List<String> queued = frames(List.of("org.springframework.boot.loader.jar.NestedJarFile.hasEntry(NestedJarFile.java:182)"),
                BELOW_LOADER);
        List<String> onCache = List.of(
                "org.springframework.boot.loader.net.protocol.jar.UrlJarFiles$Cache.get(UrlJarFiles.java:139)",
                "org.springframework.boot.loader.net.protocol.jar.UrlJarFiles.getCached(UrlJarFiles.java:75)",
                "shop.web.CatalogController.list(CatalogController.java:44)");
        for (String jdk : List.of(JDK21, JDK25, "26.0.1+8")) {
            for (boolean virtual : List.of(true, false)) {
                FixMatch match = only("spring-boot-nested-jar-monitors",
                        match(jdk, Map.of(), new KnownFixes.Stack(queued, false, virtual)));
                assertEquals("org.springframework.boot.loader.jar.NestedJarFile.hasEntry:182", match.frame());
                assertEquals(FixMatch.Status.AFFECTED, match.status(), "no release fixes it");
                assertTrue(match.fix().remedy().contains("java -Djarmode=tools -jar app.jar extract"));
            }
        }
        assertEquals("org.springframework.boot.loader.net.protocol.jar.UrlJarFiles$Cache.get:139",
                only("spring-boot-nested-jar-monitors", match(JDK25, Map.of(), new KnownFixes.Stack(onCache, false, false)))
                        .frame());
        // Reversed: the thread that holds the monitor and reads the jar, and one that only passed through the loader
        // to a socket, stand elsewhere.
        List<String> reading = frames(List.of("java.util.zip.Inflater.inflateBytesBytes(Native Method)",
                "org.springframework.boot.loader.zip.ZipContent.find(ZipContent.java:201)",
                "org.springframework.boot.loader.jar.NestedJarFile.hasEntry(NestedJarFile.java:185)"), BELOW_LOADER);
        assertEquals(List.of(), ids(match(JDK25, Map.of(), new KnownFixes.Stack(reading, false, true))));
    }

    // Apache HttpClient 4.x

    private static final List<String> HTTPCLIENT4_LEASE = List.of(
            "org.apache.http.pool.AbstractConnPool$2.get(AbstractConnPool.java:253)",
            "org.apache.http.impl.conn.PoolingHttpClientConnectionManager.leaseConnection(PoolingHttpClientConnectionManager.java:282)",
            "shop.Client.call(Client.java:40)");

    @Test
    void httpClient4sPoolWaitingInsideSynchronizedNamesHttpClient5AndJdk24() {
        List<String> waiting = frames(PARKED_PINNED, List.of(
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitUntil(Unknown Source)",
                "org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking(AbstractConnPool.java:393)"), HTTPCLIENT4_LEASE);
        List<FixMatch> matches = match(JDK21, Map.of("org.apache.httpcomponents:httpcore", "4.4.16"), pinned(waiting));
        assertEquals(List.of("httpclient4-pool-synchronized", "jep-491"), ids(matches));
        FixMatch match = matches.getFirst();
        assertEquals("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:393", match.frame());
        assertEquals(FixMatch.Status.AFFECTED, match.status(), "no 4.x release fixes it");
        assertNull(match.fix().fixedIn());
        assertEquals(24, match.fix().jdkFixedIn());
        assertTrue(match.fix().remedy().contains("HttpClient 5.4"));
        // Reversed: JDK 25 waits unmounted; a pinned read of a response through HttpClient is not the pool's wait.
        assertEquals(List.of(), ids(match(JDK25, Map.of(), pinned(waiting))));
        List<String> reading = frames(PARKED_PINNED, List.of("sun.nio.ch.NioSocketImpl.read(Unknown Source)",
                "org.apache.http.impl.io.SessionInputBufferImpl.fillBuffer(SessionInputBufferImpl.java:153)"),
                HTTPCLIENT4_LEASE);
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(reading))));
    }

    // Caffeine and Guava

    private static final List<String> LOADING = List.of("java.lang.Thread.sleep(Unknown Source)",
            "shop.Rates.load(Rates.java:30)");

    @Test
    void caffeinesLoaderInsideComputeNamesAsyncCache() {
        List<String> loading = frames(SLEEPING_PINNED, LOADING, List.of(
                "com.github.benmanes.caffeine.cache.BoundedLocalCache.lambda$doComputeIfAbsent$14(BoundedLocalCache.java:2688)",
                "java.util.concurrent.ConcurrentHashMap.compute(Unknown Source)",
                "com.github.benmanes.caffeine.cache.BoundedLocalCache.doComputeIfAbsent(BoundedLocalCache.java:2683)",
                "com.github.benmanes.caffeine.cache.LocalLoadingCache.get(LocalLoadingCache.java:58)",
                "shop.Rates.rate(Rates.java:20)"));
        FixMatch match = only("caffeine-sync-loader", match(JDK21, Map.of(), pinned(loading)));
        assertEquals("com.github.benmanes.caffeine.cache.BoundedLocalCache.doComputeIfAbsent:2683", match.frame(),
                "the caller of compute, not the loader's lambda above it");
        assertTrue(match.fix().remedy().contains("AsyncCache"));
        // Reversed: a pin through Caffeine's own lock (its eviction), not inside compute; and JDK 25.
        List<String> evicting = frames(PARKED_PINNED, LOCKING, List.of(
                "com.github.benmanes.caffeine.cache.BoundedLocalCache.performCleanUp(BoundedLocalCache.java:1505)",
                "com.github.benmanes.caffeine.cache.BoundedLocalCache.afterWrite(BoundedLocalCache.java:1480)",
                "shop.Rates.put(Rates.java:40)"));
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(evicting))));
        assertEquals(List.of(), ids(match(JDK25, Map.of(), pinned(loading))));
    }

    @Test
    void guavasLoaderUnderTheEntrysMonitor() {
        List<String> loading = frames(SLEEPING_PINNED, LOADING, List.of(
                "com.google.common.cache.LocalCache$LoadingValueReference.loadFuture(LocalCache.java:3533)",
                "com.google.common.cache.LocalCache$Segment.loadSync(LocalCache.java:2282)",
                "com.google.common.cache.LocalCache$Segment.lockedGetOrLoad(LocalCache.java:2159)",
                "com.google.common.cache.LocalCache$Segment.get(LocalCache.java:2049)",
                "shop.Rates.rate(Rates.java:20)"));
        assertEquals("com.google.common.cache.LocalCache$Segment.lockedGetOrLoad:2159",
                only("guava-localcache-loader", match(JDK21, Map.of(), pinned(loading))).frame());
        // Reversed: waiting for the segment's lock before any load, and JDK 25.
        List<String> locking = frames(PARKED_PINNED, LOCKING, List.of(
                "com.google.common.cache.LocalCache$Segment.lockedGetOrLoad(LocalCache.java:2102)",
                "com.google.common.cache.LocalCache$Segment.get(LocalCache.java:2049)", "shop.Rates.rate(Rates.java:20)"));
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(locking))));
        assertEquals(List.of(), ids(match(JDK25, Map.of(), pinned(loading))));
    }

    // Pools that wait on monitors

    private static final List<String> OBJECT_WAIT = List.of("java.lang.Object.wait0(Native Method)",
            "java.lang.Object.wait(Object.java:366)");

    @Test
    void c3p0sObjectWaitNamedForAVirtualThreadOnJdk21ThoughItsDumpShowsNoPin() {
        List<String> waiting = frames(OBJECT_WAIT, List.of(
                "com.mchange.v2.resourcepool.BasicResourcePool.awaitAvailable(BasicResourcePool.java:1440)",
                "com.mchange.v2.resourcepool.BasicResourcePool.prelimCheckoutResource(BasicResourcePool.java:580)",
                "com.mchange.v2.resourcepool.BasicResourcePool.checkoutResource(BasicResourcePool.java:490)",
                "shop.Repo.find(Repo.java:12)"));
        assertEquals(List.of("c3p0-await-available"), ids(match(JDK21, Map.of(), new KnownFixes.Stack(waiting, false, true))));
        // Reversed: a platform thread waits there by design; JDK 25 unmounts a virtual one.
        assertEquals(List.of(), ids(match(JDK21, Map.of(), new KnownFixes.Stack(waiting, false, false))));
        assertEquals(List.of(), ids(match(JDK25, Map.of(), new KnownFixes.Stack(waiting, false, true))));
    }

    @Test
    void commonsPool2sCreateWaitingInsideSynchronized() {
        List<String> borrow = List.of(
                "org.apache.commons.pool2.impl.GenericObjectPool.borrowObject(GenericObjectPool.java:298)",
                "shop.Pool.take(Pool.java:21)");
        List<String> waiting = frames(OBJECT_WAIT,
                List.of("org.apache.commons.pool2.impl.GenericObjectPool.create(GenericObjectPool.java:571)"), borrow);
        assertEquals("org.apache.commons.pool2.impl.GenericObjectPool.create:571", only("commons-pool2-create-synchronized",
                match(JDK21, Map.of(), new KnownFixes.Stack(waiting, false, true))).frame());
        // Reversed: making an object in create() with no wait, and waiting for an idle object in the deque.
        List<String> making = frames(List.of("shop.Pool.connect(Pool.java:40)",
                "org.apache.commons.pool2.impl.GenericObjectPool.create(GenericObjectPool.java:580)"), borrow);
        List<String> idleWait = frames(PARKED_PINNED, List.of(
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(Unknown Source)",
                "org.apache.commons.pool2.impl.LinkedBlockingDeque.takeFirst(LinkedBlockingDeque.java:1243)"), borrow);
        assertEquals(List.of(), ids(match(JDK21, Map.of(), new KnownFixes.Stack(making, false, true),
                new KnownFixes.Stack(idleWait, false, true))));
    }

    // Drivers

    private static final List<String> PGJDBC_LRU = frames(PARKED_PINNED, LOCKING, List.of(
            "org.postgresql.jdbc.ResourceLock.obtain(ResourceLock.java:28)",
            "org.postgresql.core.QueryExecutorBase.getStandardConformingStrings(QueryExecutorBase.java:370)",
            "org.postgresql.core.CachedQueryCreateAction.create(CachedQueryCreateAction.java:50)",
            "org.postgresql.util.LruCache.borrow(LruCache.java:123)",
            "org.postgresql.jdbc.PgConnection.prepareStatement(PgConnection.java:1250)", "shop.Repo.find(Repo.java:12)"));

    @Test
    void pgjdbcsLruCacheNamedFrom42_7_8AndNotTakenForTheOldSocketRow() {
        List<FixMatch> matches = match(JDK21, Map.of("org.postgresql:postgresql", "42.7.8"), pinned(PGJDBC_LRU));
        assertEquals(List.of("pgjdbc-lrucache-synchronized", "jep-491"), ids(matches));
        assertEquals("org.postgresql.util.LruCache.borrow:123", matches.getFirst().frame());
        assertEquals(FixMatch.Status.AFFECTED, matches.getFirst().status());
        assertEquals(FixMatch.Status.VERSION_UNKNOWN, only("pgjdbc-lrucache-synchronized",
                match(JDK21, Map.of(), pinned(PGJDBC_LRU))).status(), "an unread version may predate it");
        // Reversed: 42.7.7 does not have it, and JDK 25 unmounts the waiter.
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of("org.postgresql:postgresql", "42.7.7"), pinned(PGJDBC_LRU))));
        assertEquals(List.of(), ids(match(JDK25, Map.of("org.postgresql:postgresql", "42.7.8"), pinned(PGJDBC_LRU))));
    }

    @Test
    void mysqlsSynchronizedIoNamedForASocketWaitInsideTheDriverOnly() {
        List<String> reading = frames(PARKED_PINNED, List.of("sun.nio.ch.NioSocketImpl.read(Unknown Source)",
                "java.net.Socket$SocketInputStream.read(Unknown Source)",
                "com.mysql.cj.protocol.ReadAheadInputStream.fill(ReadAheadInputStream.java:107)",
                "com.mysql.cj.NativeSession.execSQL(NativeSession.java:1146)", "shop.Repo.find(Repo.java:12)"));
        FixMatch old = only("mysql-synchronized-io",
                match(JDK21, Map.of("com.mysql:mysql-connector-j", "8.4.0"), pinned(reading)));
        assertEquals("com.mysql.cj.protocol.ReadAheadInputStream.fill:107", old.frame());
        assertEquals(FixMatch.Status.AFFECTED, old.status());
        assertEquals(FixMatch.Status.HAS_FIX, only("mysql-synchronized-io",
                match(JDK21, Map.of("com.mysql:mysql-connector-j", "9.0.0"), pinned(reading))).status());
        // Reversed: the driver waiting for a lock of its own with no socket above it, and JDK 25.
        List<String> locking = frames(PARKED_PINNED, LOCKING, List.of(
                "com.mysql.cj.jdbc.ConnectionImpl.prepareStatement(ConnectionImpl.java:1700)", "shop.Repo.find(Repo.java:12)"));
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(locking))));
        assertEquals(List.of(), ids(match(JDK25, Map.of(), pinned(reading))));
    }

    private static final List<String> OKHTTP_SCHEDULE = frames(PARKED_PINNED, LOCKING, List.of(
            "okhttp3.internal.concurrent.TaskQueue.schedule(TaskQueue.kt:69)",
            "okhttp3.internal.connection.RealConnectionPool.scheduleCloser(RealConnectionPool.kt:403)",
            "okhttp3.internal.connection.RealConnectionPool.put(RealConnectionPool.kt:152)",
            "okhttp3.internal.connection.ConnectPlan.handleSuccess(ConnectPlan.kt:507)", "shop.Client.call(Client.java:40)"));

    @Test
    void okhttpsAlphasNamedBetweenAlpha12AndAlpha15() {
        FixMatch alpha14 = only("okhttp5-alpha-task-queue",
                match(JDK21, Map.of("com.squareup.okhttp3:okhttp", "5.0.0-alpha.14"), pinned(OKHTTP_SCHEDULE)));
        assertEquals(FixMatch.Status.AFFECTED, alpha14.status());
        assertEquals("okhttp3.internal.concurrent.TaskQueue.schedule:69", alpha14.frame());
        for (String fixed : List.of("5.0.0-alpha.15", "5.0.0", "5.1.0")) {
            assertEquals(FixMatch.Status.HAS_FIX, only("okhttp5-alpha-task-queue",
                    match(JDK21, Map.of("com.squareup.okhttp3:okhttp", fixed), pinned(OKHTTP_SCHEDULE))).status(), fixed);
        }
        // Reversed: 4.x and the alphas before 12 take no lock there; a pinned socket read in OkHttp is not the queue.
        for (String before : List.of("4.12.0", "5.0.0-alpha.11")) {
            assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of("com.squareup.okhttp3:okhttp", before),
                    pinned(OKHTTP_SCHEDULE))), before);
        }
        List<String> reading = frames(PARKED_PINNED, List.of("sun.nio.ch.NioSocketImpl.read(Unknown Source)",
                "okhttp3.internal.http1.Http1ExchangeCodec.readResponseHeaders(Http1ExchangeCodec.kt:180)",
                "shop.Client.call(Client.java:40)"));
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(reading))));
    }

    @Test
    void logbackNamesItsMitigationAndOnlyForAWaitOnItsLock() {
        List<String> onLock = frames(PARKED_PINNED, LOCKING, List.of(
                "ch.qos.logback.core.OutputStreamAppender.writeBytes(OutputStreamAppender.java:203)",
                "ledger.LedgerService.post(LedgerService.java:61)"));
        FixMatch match = only("logback-lock-under-synchronized", match(JDK21, Map.of(), pinned(onLock)));
        assertTrue(match.fix().remedy().startsWith("an AsyncAppender with neverBlock=true"), match.fix().remedy());
        // Reversed: a pinned socket write of a socket appender is a pin (JEP 491's) but not logback's lock.
        List<String> writing = frames(PARKED_PINNED, List.of("sun.nio.ch.NioSocketImpl.write(Unknown Source)",
                "ch.qos.logback.core.net.AbstractSocketAppender.dispatchEvents(AbstractSocketAppender.java:220)",
                "ledger.LedgerService.post(LedgerService.java:61)"));
        assertEquals(List.of("jep-491"), ids(match(JDK21, Map.of(), pinned(writing))));
    }

    // JDK rows by runtime version alone

    private static final KnownFixes.Stack PARKED_VIRTUAL = new KnownFixes.Stack(List.of(
            "java.lang.VirtualThread.park(VirtualThread.java:738)",
            "java.util.concurrent.locks.LockSupport.park(LockSupport.java:371)", "shop.Worker.run(Worker.java:30)",
            "java.lang.VirtualThread.run(VirtualThread.java:466)"), false, true);

    @Test
    void jdk25sStuckThreadBugsNamedOnTheirBuildsOnly() {
        assertEquals(List.of("jdk-8369227", "jdk-8373120"), ids(match("25+36-LTS", Map.of(), PARKED_VIRTUAL)));
        assertEquals(List.of("jdk-8369227", "jdk-8373120"), ids(match("25.0.2+10-LTS", Map.of(), PARKED_VIRTUAL)));
        List<FixMatch> on253 = match("25.0.3+9-LTS", Map.of(), PARKED_VIRTUAL);
        assertEquals(List.of("jdk-8373120"), ids(on253));
        assertNull(on253.getFirst().frame(), "named by the version, at no frame");
        assertEquals("25.0.3+9-LTS", on253.getFirst().seen().version());
        assertEquals("25.0.4", on253.getFirst().fix().fixedIn());
        assertEquals(List.of("jdk-8369227"), ids(match("26+35", Map.of(), PARKED_VIRTUAL)),
                "26.0.1 fixes the parked one there; where 26 fixes the blocked one is not known, so it is not named");
        // Reversed: fixed builds, JDK 21, an unknown JDK, and a finding with no virtual thread.
        for (String jdk : List.of("25.0.4+7-LTS", "26.0.1+8", "27+20", JDK21)) {
            assertEquals(List.of(), ids(match(jdk, Map.of(), PARKED_VIRTUAL)), jdk);
        }
        assertEquals(List.of(), ids(match(null, Map.of(), PARKED_VIRTUAL)));
        assertEquals(List.of(), ids(match("25.0.1+8-LTS", Map.of(),
                new KnownFixes.Stack(PARKED_VIRTUAL.frames(), false, false))));
    }
}
