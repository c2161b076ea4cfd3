package loomlab.spring;

import loomlab.http.ParentWatch;
import loomlab.http.RecordingAnnouncer;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceInitializationAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;

/**
 * Spring Boot on Tomcat, the framework arm of the blocking-endpoint experiment (seed 002). The lab
 * picks the thread model on the command line: {@code --server.tomcat.threads.max=N} for a platform
 * pool, {@code --spring.threads.virtual.enabled=true} for a virtual thread per request. Spring's JDBC
 * auto-configuration is left out unless a datasource URL is given ({@link DatabaseConfiguration}), so the
 * server starts without a database for every experiment that has none.
 */
@SpringBootApplication(exclude = {DataSourceAutoConfiguration.class, DataSourceInitializationAutoConfiguration.class,
        DataSourceTransactionManagerAutoConfiguration.class, JdbcClientAutoConfiguration.class,
        JdbcTemplateAutoConfiguration.class, TransactionAutoConfiguration.class})
public class SpringServerMain {

    public static void main(String[] args) {
        ParentWatch.startIfNamed();
        RecordingAnnouncer.start();
        SpringApplication application = new SpringApplication(SpringServerMain.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.run(args);
    }
}
