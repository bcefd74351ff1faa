import Hummingbird
import Logging
import Synchronization
import Tracing

/// The server's routes, behind Hummingbird's own middleware: `TracingMiddleware` makes each request
/// a server span (joining the caller's trace when the request carries a `traceparent` header), and
/// `LogRequestsMiddleware` logs each request with the request's logger, inside that span.
///
/// Every handler logs `handling req=N` (N: the request's `req` query parameter) directly in the
/// request's span, so a trace reader finds each request's span from its log line.
enum Routes {
    /// The requests the handlers answered (a failing one included).
    static let served = Atomic<Int>(0)

    static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(TracingMiddleware())
        router.middlewares.add(LogRequestsMiddleware(.info))
        router.middlewares.add(CountingMiddleware())

        router.get("/hello") { request, context -> String in
            context.logger.info("handling \(tag(of: request))")
            return "Hello\n"
        }

        // Nested spans: the request's span, `load user` in it, `db.query` in that, each with a log line.
        router.get("/users/:id") { request, context -> String in
            let tag = tag(of: request)
            let id = try context.parameters.require("id", as: Int.self)
            context.logger.info("handling \(tag)")
            return try await withSpan("load user") { span in
                span.attributes["user.id"] = id
                let name = try await withSpan("db.query", ofKind: .client) { query in
                    query.attributes["db.system"] = "memory"
                    context.logger.info("query users \(tag)")
                    await Task.yield()  // the span crosses an await
                    return try UserStore.name(of: id)
                }
                context.logger.info("loaded user \(tag)")
                return "\(name)\n"
            }
        }

        // A failing handler: its span ends with an error status and the error recorded.
        router.get("/fail") { request, context -> String in
            context.logger.warning("handling \(tag(of: request)): about to fail")
            throw HTTPError(.internalServerError, message: "planned failure")
        }
        return router
    }

    /// `req=N` from the request's query, the identity the client gave the request.
    static func tag(of request: Request) -> String {
        "req=\(request.uri.queryParameters.get("req") ?? "?")"
    }
}

/// Counts the requests that reach a handler, inside the request's span.
struct CountingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        Routes.served.add(1, ordering: .relaxed)
        return try await next(request, context)
    }
}
