package loomlab.spring;

import loomlab.http.ParentWatch;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Spring Boot on Tomcat, the framework arm of the blocking-endpoint experiment (seed 002). The lab
 * picks the thread model on the command line: {@code --server.tomcat.threads.max=N} for a platform
 * pool, {@code --spring.threads.virtual.enabled=true} for a virtual thread per request.
 */
@SpringBootApplication
public class SpringServerMain {

    public static void main(String[] args) {
        watchParentIfNamed();
        SpringApplication application = new SpringApplication(SpringServerMain.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.run(args);
    }

    /** The lab names its pid so that a lab killed outright still leaves no server behind. */
    private static void watchParentIfNamed() {
        String pid = System.getProperty(ParentWatch.PROPERTY);
        if (pid != null && !pid.isBlank()) {
            ParentWatch.start(Long.parseLong(pid.strip()));
        }
    }
}
