// The hook methods of an Instrumented object, typed by the hook's shape (Hook.Shaped): each shape's
// methods take exactly the details its records carry (tracepoints/hooks.def), so a detail that a
// hook cannot carry does not compile. Each one is the untyped method with the hook unwrapped: the
// same inlined check, and nothing more, with no sink.

extension Instrumented {
    // MARK: Controller: animated

    /// Runs `body` as the interval of `hook`, so the callback's own cost is measured.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook.Shaped<Hook.Shapes.Controller>, animated: Bool? = nil, _ body: () throws -> R
    ) rethrows -> R {
        try withInterval(untyped: hook.hook, animated: animated, body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``.
    @inlinable
    public func beginInterval(_ hook: Hook.Shaped<Hook.Shapes.Controller>, animated: Bool? = nil) -> IntervalState {
        beginInterval(untyped: hook.hook, animated: animated)
    }

    /// Emits an instant of `hook`.
    @inlinable
    public func emitEvent(_ hook: Hook.Shaped<Hook.Shapes.Controller>, animated: Bool? = nil) {
        emitEvent(untyped: hook.hook, animated: animated)
    }

    // MARK: Target: target, animated, text

    /// Runs `body` as the interval of `hook`, which concerns `target` (another controller); `text`
    /// is built only when a sink wants the event.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook.Shaped<Hook.Shapes.Target>, animated: Bool? = nil, target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil, _ body: () throws -> R
    ) rethrows -> R {
        try withInterval(untyped: hook.hook, animated: animated, target: target, text: text(), body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``.
    @inlinable
    public func beginInterval(
        _ hook: Hook.Shaped<Hook.Shapes.Target>, animated: Bool? = nil, target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil
    ) -> IntervalState {
        beginInterval(untyped: hook.hook, animated: animated, target: target, text: text())
    }

    /// Emits an instant of `hook`.
    @inlinable
    public func emitEvent(
        _ hook: Hook.Shaped<Hook.Shapes.Target>, animated: Bool? = nil, target: (any Instrumented)? = nil,
        text: @autoclosure () -> String? = nil
    ) {
        emitEvent(untyped: hook.hook, animated: animated, target: target, text: text())
    }

    // MARK: Text: animated, text

    /// Runs `body` as the interval of `hook`; `text` is built only when a sink wants the event.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook.Shaped<Hook.Shapes.Text>, animated: Bool? = nil, text: @autoclosure () -> String? = nil,
        _ body: () throws -> R
    ) rethrows -> R {
        try withInterval(untyped: hook.hook, animated: animated, text: text(), body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``.
    @inlinable
    public func beginInterval(
        _ hook: Hook.Shaped<Hook.Shapes.Text>, animated: Bool? = nil, text: @autoclosure () -> String? = nil
    ) -> IntervalState {
        beginInterval(untyped: hook.hook, animated: animated, text: text())
    }

    /// Emits an instant of `hook`.
    @inlinable
    public func emitEvent(
        _ hook: Hook.Shaped<Hook.Shapes.Text>, animated: Bool? = nil, text: @autoclosure () -> String? = nil
    ) {
        emitEvent(untyped: hook.hook, animated: animated, text: text())
    }

    // MARK: Step: index, text

    /// Runs `body` as the interval of `hook`, the step at `index`.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook.Shaped<Hook.Shapes.Step>, index: Int? = nil, text: @autoclosure () -> String? = nil,
        _ body: () throws -> R
    ) rethrows -> R {
        try withInterval(untyped: hook.hook, text: text(), index: index, body)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)``.
    @inlinable
    public func beginInterval(
        _ hook: Hook.Shaped<Hook.Shapes.Step>, index: Int? = nil, text: @autoclosure () -> String? = nil
    ) -> IntervalState {
        beginInterval(untyped: hook.hook, text: text(), index: index)
    }

    // MARK: Count and TextCount: a count on the end

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)`` with the count.
    @inlinable
    public func beginInterval(_ hook: Hook.Shaped<Hook.Shapes.Count>) -> IntervalState {
        beginInterval(untyped: hook.hook)
    }

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:count:)`` with the count.
    @inlinable
    public func beginInterval(
        _ hook: Hook.Shaped<Hook.Shapes.TextCount>, animated: Bool? = nil, text: @autoclosure () -> String? = nil
    ) -> IntervalState {
        beginInterval(untyped: hook.hook, animated: animated, text: text())
    }

    // MARK: Frame: animated, a frame on the end and on instants

    /// Emits the `begin` record of `hook`; pass the result to ``endInterval(_:frame:)``.
    @inlinable
    public func beginInterval(_ hook: Hook.Shaped<Hook.Shapes.Frame>, animated: Bool? = nil) -> IntervalState {
        beginInterval(untyped: hook.hook, animated: animated)
    }

    /// Emits an instant of `hook` with the subject's place on screen (a view's `frameChange`):
    /// `frame` runs only when a sink wants the instant.
    @inlinable
    public func emitEvent(_ hook: Hook.Shaped<Hook.Shapes.Frame>, frame: @autoclosure () -> Details.Frame?) {
        emitEvent(untyped: hook.hook, frame: frame())
    }
}
