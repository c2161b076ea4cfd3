package loomlab.spring;

/** Names the kind of thread serving a request, so a response shows which mode the server runs in. */
final class ThreadKind {
    private ThreadKind() {
    }

    static String current() {
        return Thread.currentThread().isVirtual() ? "virtual" : "platform";
    }
}
