/// A controller (of any UI runtime) whose hooks forward events to Lifetrace's sinks.
///
/// Conforming costs one line, `extension FeedViewController: Instrumented {}`, and gives the
/// controller a name (by default its type name), an identity (its address), and the hook methods
/// below. A runtime calls them around each callback:
///
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///     withInterval(.viewWillAppear, animated: animated) { super.viewWillAppear(animated) }
/// }
/// ```
///
/// With instrumentation off, each hook costs one load and a predictable branch.
public protocol Instrumented: AnyObject {
    /// The name shown in traces. Defaults to the type name; runtimes that name their controllers
    /// (scenarios, storyboard identifiers) return that name.
    var instrumentationName: String { get }
}

extension Instrumented {
    /// The type name, without module.
    public var instrumentationName: String { String(describing: type(of: self)) }

    /// The subject of this controller's events: its name and address.
    @inlinable
    public var instrumentationSubject: Subject {
        Subject(name: instrumentationName, object: self)
    }

    /// A probe for this controller, for hooks of your own.
    @inlinable
    public var probe: Probe { Probe(subject: instrumentationSubject) }

    /// Runs `body` as the interval of `hook`, so the callback's own cost is measured.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil,
        _ body: () throws -> R
    ) rethrows -> R {
        guard LifetraceSystem.wantsInterval(hook) else { return try body() }
        let details = Details(target: target?.instrumentationSubject, animated: animated)
        return try LifetraceSystem.withInterval(hook, instrumentationSubject, details, body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``.
    @inlinable
    public func beginInterval(
        _ hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil
    ) -> IntervalState {
        guard LifetraceSystem.wantsInterval(hook) else { return .inactive }
        return .begin(hook, instrumentationSubject, Details(target: target?.instrumentationSubject, animated: animated))
    }

    /// Emits the `end` record of an interval begun with ``beginInterval(_:animated:target:)``.
    @inlinable
    public func endInterval(_ state: IntervalState, count: Int? = nil) {
        state.end(count: count)
    }

    /// Emits an instant event for `hook`.
    @inlinable
    public func emitEvent(
        _ hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil,
        text: String? = nil
    ) {
        guard LifetraceSystem.wantsInstant(hook) else { return }
        _ = LifetraceSystem.emit(
            hook, .instant, instrumentationSubject,
            Details(target: target?.instrumentationSubject, animated: animated, text: text))
    }
}
