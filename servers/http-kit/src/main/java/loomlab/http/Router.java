package loomlab.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Routes GET and HEAD requests by path prefix; the longest matching prefix wins. A prefix matches a
 * path equal to it, or one continuing after a '/' (so "/hello" does not match "/helloworld").
 */
public final class Router implements Handler {
    private record Route(String prefix, Handler handler) {
        boolean matches(HttpRequest request) {
            if (!request.pathStartsWith(prefix)) {
                return false;
            }
            return request.pathLength() == prefix.length() || prefix.endsWith("/")
                    || request.pathChar(prefix.length()) == '/';
        }
    }

    private static final Response METHOD_NOT_ALLOWED = Response.text(405, "only GET and HEAD are served\n");

    private final List<Route> routes;

    private Router(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Response handle(HttpRequest request) throws Exception {
        String method = request.method();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return METHOD_NOT_ALLOWED;
        }
        for (Route route : routes) {
            if (route.matches(request)) {
                return route.handler().handle(request);
            }
        }
        return Response.notFound(request.path());
    }

    public static final class Builder {
        private final List<Route> routes = new ArrayList<>();

        /** Routes {@code prefix} (must start with '/') and everything below it to {@code handler}. */
        public Builder get(String prefix, Handler handler) {
            if (!prefix.startsWith("/")) {
                throw new IllegalArgumentException("a route prefix starts with '/': " + prefix);
            }
            routes.add(new Route(prefix, handler));
            return this;
        }

        public Router build() {
            routes.sort(Comparator.comparingInt((Route route) -> route.prefix().length()).reversed());
            return new Router(routes);
        }
    }
}
