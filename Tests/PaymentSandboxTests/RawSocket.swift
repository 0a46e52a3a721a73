import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client that writes exact bytes to a loopback port and reads what comes back: what hostile
/// requests need, since an HTTP client library refuses to send most of them.
enum RawSocket {
    /// What the server did with the bytes.
    struct Reply {
        /// The bytes read before the server closed the connection or the read timed out.
        let bytes: [UInt8]
        /// Whether the server closed the connection (rather than the read timing out).
        let closed: Bool
        /// How long until the connection closed or the read timed out.
        let elapsed: Duration

        /// The status code of the first response, when one arrived.
        var status: Int? {
            let text = String(decoding: bytes.prefix(64), as: UTF8.self)
            guard text.hasPrefix("HTTP/1."), text.count >= 12 else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }

        /// The whole reply as text (invalid UTF-8 replaced).
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    enum Failure: Error { case connect(Int32) }

    /// Connects to 127.0.0.1:`port`, writes `chunks` (`pause` seconds apart), and reads until the server closes or
    /// `readTimeout` passes without a byte. The blocking socket calls run on a thread of their own,
    /// never on the concurrency pool (the server under test may share it).
    static func exchange(port: Int, _ chunks: [[UInt8]], pause: TimeInterval = 0, readTimeout: TimeInterval = 10) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try blockingExchange(port: port, chunks, pause: pause, readTimeout: readTimeout) })
            }
            thread.start()
        }
    }

    private static func blockingExchange(port: Int, _ chunks: [[UInt8]], pause: TimeInterval, readTimeout: TimeInterval) throws -> Reply {
        let started = ContinuousClock.now
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.connect(errno) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.connect(errno) }
        var timeout = timeval()
        timeout.tv_sec = .init(readTimeout)
        timeout.tv_usec = .init((readTimeout - floor(readTimeout)) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        for (index, chunk) in chunks.enumerated() {
            if index > 0, pause > 0 { Thread.sleep(forTimeInterval: pause) }
            var offset = 0
            while offset < chunk.count {
                let sent = chunk[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { break }
                offset += sent
            }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while received.count < 16 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                closed = true
                break
            }
            if count < 0 {
                closed = errno == ECONNRESET
                break
            }
            received += buffer[0..<count]
        }
        return Reply(bytes: received, closed: closed, elapsed: ContinuousClock.now - started)
    }

    /// `text` as bytes with `\n` turned into CRLF line ends.
    static func lines(_ text: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }
}
