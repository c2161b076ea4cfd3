package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.WeightedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsFileTest {
    @TempDir
    Path dir;

    @Test
    void eachFieldGoesWhereItSaysAndABodyFileIsReadBesideTheRequestsFile() throws Exception {
        byte[] bytes = {0, 1, (byte) 0xff, '\n'};
        Files.write(dir.resolve("blob.bin"), bytes);
        Path file = Files.writeString(dir.resolve("mix.json"), """
                [{"method": "post", "path": "/orders", "headers": {"Content-Type": "application/json", "X-A": "1"},
                  "body": {"item": 7, "note": "caf\u00e9"}, "weight": 3},
                 {"path": "/stock?id=7"},
                 {"method": "PUT", "path": "/blob", "body_file": "blob.bin"},
                 {"method": "PATCH", "path": "/t", "body": "plain text"}]
                """);
        List<WeightedRequest> mix = RequestsFile.read(file);
        assertEquals(4, mix.size());
        assertEquals("POST /orders@3 (2 headers, a 25-byte body)", mix.get(0).toString());
        assertArrayEquals("{\"item\":7,\"note\":\"caf\u00e9\"}".getBytes(StandardCharsets.UTF_8), mix.get(0).body(),
                "a JSON body is sent as its compact text, UTF-8");
        assertEquals(List.of(new WeightedRequest.Header("Content-Type", "application/json"),
                new WeightedRequest.Header("X-A", "1")), mix.get(0).headers(), "in the file's order");
        assertEquals(WeightedRequest.get("/stock?id=7"), mix.get(1));
        assertArrayEquals(bytes, mix.get(2).body());
        assertArrayEquals("plain text".getBytes(StandardCharsets.UTF_8), mix.get(3).body());
    }

    @Test
    void whatIsWrongInAFileIsSaidWithWhereItIs() throws Exception {
        for (String[] bad : new String[][] {
                {"{\"path\": \"/a\"}", "must hold a JSON array"},
                {"[]", "must hold a JSON array"},
                {"[3]", "request 1 is not a JSON object"},
                {"[{\"method\": \"GET\"}]", "request 1 has no \"path\""},
                {"[{\"path\": 7}]", "\"path\" is a string"},
                {"[{\"path\": \"/a\", \"weight\": 1.5}]", "\"weight\" is a whole number"},
                {"[{\"path\": \"/a\", \"headers\": [\"X: 1\"]}]", "\"headers\" is an object"},
                {"[{\"path\": \"/a\", \"headers\": {\"Bad Name\": \"1\"}}]", "a header name is"},
                {"[{\"method\": \"POST\", \"path\": \"/a\", \"body\": \"x\", \"body_file\": \"y\"}]", "both"},
                {"[{\"method\": \"GET\", \"path\": \"/a\", \"body\": \"x\"}]", "has a body"},
                {"[{\"method\": \"FETCH\", \"path\": \"/a\"}]", "choose from: GET, HEAD, POST"}}) {
            Path file = Files.writeString(dir.resolve("bad.json"), bad[0]);
            BadInput e = assertThrows(BadInput.class, () -> RequestsFile.read(file), bad[0]);
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
    }
}
