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

    /// The details of one of this controller's events: only what is given is set. The text is
    /// built only when a sink wants the event.
    @inlinable
    func instrumentationDetails(
        animated: Bool?, target: (any Instrumented)?, text: String?, index: Int?, count: Int?
    ) -> Details {
        Details(target: target?.instrumentationSubject, animated: animated, index: index, text: text, count: count)
    }

    /// Runs `body` as the interval of `hook`, so the callback's own cost is measured.
    ///
    /// Untyped: it takes every detail whatever the hook's shape (a sink keeps what the hook's records
    /// carry). For the package's runtimes, whose hook is sometimes chosen at run time; the public
    /// hook methods are typed by shape (`Instrumented+Shapes.swift`).
    @inlinable
    package func withInterval<R>(
        untyped hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil,
        index: Int? = nil,
        _ body: () throws -> R
    ) rethrows -> R {
        guard LifetraceSystem.wantsInterval(hook) else { return try body() }
        let details = instrumentationDetails(animated: animated, target: target, text: text(), index: index, count: nil)
        return try Dispatch.withInterval(hook, instrumentationSubject, details, body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``. Untyped, as
    /// ``withInterval(untyped:animated:target:text:index:_:)`` is.
    @inlinable
    package func beginInterval(
        untyped hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil,
        index: Int? = nil
    ) -> IntervalState {
        guard LifetraceSystem.wantsInterval(hook) else { return .inactive }
        let details = instrumentationDetails(animated: animated, target: target, text: text(), index: index, count: nil)
        return .begin(hook, instrumentationSubject, details)
    }

    /// Emits the `end` record of an interval begun with `beginInterval`, with its details and, if
    /// given, a count (such as the views a layout pass laid out: a hook of the `Count` or `TextCount`
    /// shape).
    @inlinable
    public func endInterval(_ state: IntervalState, count: Int? = nil) {
        state.end(instrumentationSubject, count: count)
    }

    /// Emits the `end` record of an interval begun with `beginInterval` with the subject's place on
    /// screen (a view's `layoutSubviews`, a hook of the `Frame` shape): `frame` runs only when a sink wants the record, so with none it costs
    /// nothing.
    @inlinable
    public func endInterval(_ state: IntervalState, frame: @autoclosure () -> Details.Frame?) {
        state.end(instrumentationSubject, frame: frame)
    }

    /// Emits an instant of `hook` with the subject's place on screen (a view's `frameChange`):
    /// `frame` runs only when a sink wants the instant.
    @inlinable
    package func emitEvent(untyped hook: Hook, frame: @autoclosure () -> Details.Frame?) {
        guard LifetraceSystem.wantsInstant(hook) else { return }
        Dispatch.instant(hook, instrumentationSubject, .none, frame: frame)
    }

    /// Emits an instant event for `hook`. Untyped, as ``withInterval(untyped:animated:target:text:index:_:)`` is.
    @inlinable
    package func emitEvent(
        untyped hook: Hook,
        animated: Bool? = nil,
        target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil,
        index: Int? = nil,
        count: Int? = nil
    ) {
        guard LifetraceSystem.wantsInstant(hook) else { return }
        let details = instrumentationDetails(animated: animated, target: target, text: text(), index: index, count: count)
        Dispatch.instant(hook, instrumentationSubject, details)
    }
}
