import Instrumentation

/// Writes injected headers into a list of name and value pairs.
struct HeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into headers: inout [(String, String)]) {
        headers.append((key, value))
    }
}
