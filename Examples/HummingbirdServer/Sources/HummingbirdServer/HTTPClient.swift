import NIOCore
import NIOHTTP1
import NIOPosix

/// A minimal HTTP/1.1 client on SwiftNIO: one GET per connection (`connection: close`), the
/// response's status and body returned. Enough to drive the example without another package.
struct HTTPClient: Sendable {
    let host: String
    let port: Int

    struct Response: Sendable {
        let status: Int
        let body: String
    }

    /// Sends `GET path` with `headers` and waits for the whole response.
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Response {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
            head.headers.add(name: "host", value: "\(host):\(port)")
            head.headers.add(name: "connection", value: "close")
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            // Head and end in one write: the server may answer (and close) once it has the head.
            try await outbound.write(contentsOf: [.head(head), .end(nil)])
            var status = 0
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let response): status = Int(response.status.code)
                case .body(var bytes): body.writeBuffer(&bytes)
                case .end: return Response(status: status, body: String(buffer: body))
                }
            }
            throw ClientError(description: "the connection closed before the response's end (\(path))")
        }
    }

    struct ClientError: Error, CustomStringConvertible {
        let description: String
    }
}
