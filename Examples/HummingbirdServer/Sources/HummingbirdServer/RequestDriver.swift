import Instrumentation
import LifetraceTracing
import ServiceLifecycle
import Tracing
import W3CTraceContext

#if canImport(Glibc)
import Glibc
#endif

/// The example's own load: a bounded number of requests to the server, a few at a time, once it
/// runs; one JSON line per request in the manifest. Returning ends the service group gracefully.
///
/// Requests cycle through six kinds: `/hello` and `/users/N` without a `traceparent` (each the root
/// of a trace of its own), `/users/N` and `/fail` with a `traceparent` of an outside caller (a trace
/// id and parent span id made up here), and `/hello` and `/users/N` sent inside a client span of the
/// server's own tracer, whose context `inject` writes as the `traceparent` header.
struct RequestDriver: Service {
    let ports: AsyncStream<Int>
    let count: Int
    let manifest: String?
    /// Requests in flight at once.
    let concurrency = 3

    enum Caller: String { case none, external, injected }

    struct Plan: Sendable {
        let number: Int
        let path: String
        let route: String
        let caller: Caller
    }

    func run() async throws {
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { return }
        let client = HTTPClient(host: "127.0.0.1", port: port)
        let plans = (0..<count).map(Self.plan)
        var lines = [String](repeating: "", count: count)
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            var next = 0
            func launch() {
                guard next < plans.count else { return }
                let plan = plans[next]
                next += 1
                group.addTask { (plan.number, try await Self.send(plan, with: client)) }
            }
            for _ in 0..<concurrency { launch() }
            while let (number, line) = try await group.next() {
                lines[number] = line
                launch()
            }
        }
        try write(lines.joined(separator: "\n") + "\n")
    }

    static func plan(_ number: Int) -> Plan {
        switch number % 6 {
        case 0: Plan(number: number, path: "/hello?req=\(number)", route: "/hello", caller: .none)
        case 1: Plan(number: number, path: "/users/\(number)?req=\(number)", route: "/users/{id}", caller: .none)
        case 2: Plan(number: number, path: "/users/\(number)?req=\(number)", route: "/users/{id}", caller: .external)
        case 3: Plan(number: number, path: "/hello?req=\(number)", route: "/hello", caller: .injected)
        case 4: Plan(number: number, path: "/users/\(number)?req=\(number)", route: "/users/{id}", caller: .injected)
        default: Plan(number: number, path: "/fail?req=\(number)", route: "/fail", caller: .external)
        }
    }

    /// Sends one request; returns its manifest line.
    static func send(_ plan: Plan, with client: HTTPClient) async throws -> String {
        let response: HTTPClient.Response
        var parent: TraceContext?
        switch plan.caller {
        case .none:
            response = try await client.get(plan.path)
        case .external:
            let caller = TraceContext(traceID: .random(), spanID: .random(), flags: .sampled, state: TraceState())
            parent = caller
            response = try await client.get(plan.path, headers: [("traceparent", caller.traceParentHeaderValue)])
        case .injected:
            response = try await withSpan("GET \(plan.route)", ofKind: .client) { span in
                var headers: [(String, String)] = []
                InstrumentationSystem.instrument.inject(span.context, into: &headers, using: HeaderInjector())
                parent = span.context.lifetraceTraceContext
                return try await client.get(plan.path, headers: headers)
            }
        }
        let expected = plan.route == "/fail" ? 500 : 200
        guard response.status == expected else {
            throw HTTPClient.ClientError(description: "GET \(plan.path): status \(response.status), expected \(expected)")
        }
        let traceID = parent.map { "\"\($0.traceID)\"" } ?? "null"
        let parentID = parent.map { "\"\($0.spanID)\"" } ?? "null"
        return #"{"req":\#(plan.number),"path":"\#(plan.path)","route":"\#(plan.route)","caller":"\#(plan.caller.rawValue)","#
            + #""status":\#(response.status),"trace_id":\#(traceID),"parent_span_id":\#(parentID)}"#
    }

    private func write(_ text: String) throws {
        guard let manifest else { return Output.line(text, terminated: false) }
        guard let file = fopen(manifest, "w") else {
            throw HTTPClient.ClientError(description: "cannot write the manifest \(manifest)")
        }
        defer { fclose(file) }
        fputs(text, file)
    }
}
