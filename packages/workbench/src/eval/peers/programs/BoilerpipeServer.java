// pith's bench: one boilerpipe extractor (Debian's libboilerpipe-java) serving pages.
//
//   java -cp <build>:<boilerpipe, nekohtml, xerces jars> BoilerpipeServer <article|default>
//
// Compiled at run time into .cache/peers by src/eval/peers/boilerpipe.ts (never committed as a
// class file). The protocol is that of peer_server.py beside this file (every integer a 4-byte
// big-endian length):
//
//   child -> parent, once:  frame(JSON hello: {"ready": true, "version", "versions"} or {"error"})
//   parent -> child:        frame(JSON header, unused here) frame(UTF-8 page, decoded by pith)
//   child -> parent:        frame(JSON: {"text", "ms", "cpu_ms"} or {"error"})
//
// Each page goes to <Extractor>.INSTANCE.getText(String), as in ../shared/peers/java's runner. A
// reader thread takes requests off stdin; when stdin closes the JVM halts at once, even mid-page.
import de.l3s.boilerpipe.BoilerpipeExtractor;
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.extractors.DefaultExtractor;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

public final class BoilerpipeServer {
    private static final DataOutputStream OUT = new DataOutputStream(System.out);

    public static void main(String[] argv) throws Exception {
        String which = argv.length > 0 ? argv[0] : "";
        BoilerpipeExtractor extractor;
        if (which.equals("article")) extractor = ArticleExtractor.INSTANCE;
        else if (which.equals("default")) extractor = DefaultExtractor.INSTANCE;
        else {
            send("{\"error\": " + quote("extractor must be article|default, not " + which) + "}");
            return;
        }
        String version = BoilerpipeExtractor.class.getPackage().getImplementationVersion();
        send("{\"ready\": true, \"version\": " + quote(version == null ? "unknown" : version)
            + ", \"versions\": {\"java\": " + quote(System.getProperty("java.version")) + "}}");

        BlockingQueue<byte[]> requests = new ArrayBlockingQueue<>(4);
        Thread reader = new Thread(() -> {
            DataInputStream in = new DataInputStream(System.in);
            try {
                while (true) {
                    readFrame(in); // the header: boilerpipe needs no URL
                    requests.put(readFrame(in));
                }
            } catch (EOFException | InterruptedException e) {
                Runtime.getRuntime().halt(0); // the parent is gone: stop now, even mid-page
            } catch (IOException e) {
                Runtime.getRuntime().halt(1);
            }
        });
        reader.setDaemon(true);
        reader.start();

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        while (true) {
            String html = new String(requests.take(), StandardCharsets.UTF_8);
            long wall0 = System.nanoTime();
            long cpu0 = threads.getCurrentThreadCpuTime();
            String reply;
            try {
                String text = extractor.getText(html);
                reply = "{\"text\": " + quote(text == null ? "" : text);
            } catch (Throwable t) {
                String message = t.getClass().getSimpleName() + ": " + t.getMessage();
                reply = "{\"error\": " + quote(message.length() > 500 ? message.substring(0, 500) : message);
            }
            double ms = (System.nanoTime() - wall0) / 1e6;
            double cpuMs = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
            send(reply + ", \"ms\": " + ms + ", \"cpu_ms\": " + cpuMs + "}");
        }
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        int length = in.readInt();
        byte[] data = new byte[length];
        in.readFully(data);
        return data;
    }

    private static void send(String json) throws IOException {
        byte[] data = json.getBytes(StandardCharsets.US_ASCII);
        OUT.writeInt(data.length);
        OUT.write(data);
        OUT.flush();
    }

    /** A JSON string literal in ASCII (everything else escaped; lone surrogates become U+FFFD). */
    private static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(String.format("\\u%04x\\u%04x", (int) c, (int) s.charAt(++i)));
                continue;
            }
            if (Character.isSurrogate(c)) c = '\uFFFD';
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
