package loomlab.spring;

import loomlab.http.ParentWatch;
import loomlab.http.RecordingAnnouncer;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Spring Boot on Tomcat, the framework arm of the blocking-endpoint experiment (seed 002). The lab
 * picks the thread model on the command line: {@code --server.tomcat.threads.max=N} for a platform
 * pool, {@code --spring.threads.virtual.enabled=true} for a virtual thread per request. Its database is
 * Spring Boot's own auto-configuration: a Hikari pool on {@code spring.datasource.url} when one is given
 * ({@code assess --postgres}), else on an embedded H2 that Boot makes and seeds at start
 * ({@code db/embedded-shop.sql}), as an application with H2 on its class path gets; JPA and Thymeleaf
 * on top of it serve {@link ShopPageController}'s page.
 */
@SpringBootApplication
public class SpringServerMain {

    public static void main(String[] args) {
        ParentWatch.startIfNamed();
        RecordingAnnouncer.start();
        SpringApplication application = new SpringApplication(SpringServerMain.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.run(args);
    }
}
