extension Hook {
    /// A well-known hook typed by its shape (the fields its records carry, from
    /// `tracepoints/hooks.def`): an ``Instrumented`` object's hook methods take exactly the details
    /// its shape has, so a detail that a hook's records cannot carry does not compile.
    ///
    /// Write it as the hook's name where a hook method expects one:
    /// `withInterval(.viewWillAppear, animated: animated) { … }` takes a `Shaped<Shapes.Controller>`,
    /// `withInterval(.willMove, target: parent) { … }` a `Shaped<Shapes.Target>`.
    public struct Shaped<Shape>: Sendable, Hashable {
        /// The hook.
        public let hook: Hook

        @usableFromInline
        init(_ hook: Hook) { self.hook = hook }
    }

    /// The shapes of the well-known hooks (``Shaped``'s `Shape`): what their records carry besides the
    /// controller.
    public enum Shapes {
        /// `animated`: most of a controller's callbacks (`viewWillAppear`, `loadView`, …).
        public enum Controller {}
        /// `target` (another controller), `animated` and `text`: containment and transitions.
        public enum Target {}
        /// `animated` and `text`: callbacks with an argument worth reading (`viewWillTransition`'s size).
        public enum Text {}
        /// `index` and `text`: a scenario's steps.
        public enum Step {}
        /// Nothing on its begin, a `count` on its end: `layoutPass` and the views it laid out.
        public enum Count {}
        /// `animated` and `text`, and a `count` on its end (`layoutEngineSolve`'s rows).
        public enum TextCount {}
        /// `animated`, and a view's frame on its end and its instants (`layoutSubviews`, `frameChange`).
        public enum Frame {}
    }
}
