/// Runs `body` with a C string of `string`, or with `NULL` when it is absent: how the tracer paths
/// hand optional texts to C (LTTng records `NULL` as "(null)").
@inlinable
package func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
