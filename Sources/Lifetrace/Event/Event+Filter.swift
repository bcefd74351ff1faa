extension Event {
    /// Which events to keep, by hook and by controller name, with shell-style patterns
    /// (`*` any run of characters, `?` one character): `hooks: ["view*Layout*"], controllers: ["Feed*"]`.
    public struct Filter: Sendable, Hashable {
        /// Patterns for hook names; `nil` keeps every hook.
        public var hooks: [String]? { didSet { hookPatterns = hooks?.map { Array($0.utf8) } } }
        /// Patterns for controller names; `nil` keeps every controller.
        public var controllers: [String]? { didSet { controllerPatterns = controllers?.map { Array($0.utf8) } } }

        private var hookPatterns: [[UInt8]]?
        private var controllerPatterns: [[UInt8]]?

        /// Creates a filter; a `nil` list keeps everything on that axis.
        public init(hooks: [String]? = nil, controllers: [String]? = nil) {
            self.hooks = hooks
            self.controllers = controllers
            self.hookPatterns = hooks?.map { Array($0.utf8) }
            self.controllerPatterns = controllers?.map { Array($0.utf8) }
        }

        /// Whether the filter keeps `event`. Section markers (hooks of shape `STEP` in hooks.def, such
        /// as a scenario's steps) pass the controller filter, so a filtered trace still shows where each
        /// section begins (name them among the hooks, `scenario.*`, to keep them when hooks are filtered).
        public func accepts(_ event: Event) -> Bool {
            acceptsHook(event.hook) && acceptsSubject(of: event)
        }

        /// Whether the hook patterns keep `hook`.
        public func acceptsHook(_ hook: Hook) -> Bool {
            guard let hookPatterns else { return true }
            return Self.anyMatches(hookPatterns, hook.name)
        }

        /// Whether the controller patterns keep the event's subject (section markers always pass).
        public func acceptsSubject(of event: Event) -> Bool {
            guard let controllerPatterns, HookNames.lineShape(of: event.hook.code) != .marker else { return true }
            return Self.anyMatches(controllerPatterns, event.subject.name)
        }

        /// Whether `text` matches the shell-style `pattern` (`*` and `?`).
        public static func matches(_ pattern: String, _ text: String) -> Bool {
            anyMatches([Array(pattern.utf8)], text)
        }

        private static func anyMatches(_ patterns: [[UInt8]], _ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in
                patterns.contains { pattern in
                    pattern.withUnsafeBufferPointer { glob($0, bytes) }
                }
            }
        }

        private static func glob(_ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeBufferPointer<UInt8>) -> Bool {
            var pi = 0
            var ti = 0
            var star = -1
            var mark = 0
            while ti < t.count {
                if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == t[ti] {
                    pi += 1
                    ti += 1
                } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                    star = pi
                    mark = ti
                    pi += 1
                } else if star >= 0 {
                    pi = star + 1
                    mark += 1
                    ti = mark
                } else {
                    return false
                }
            }
            while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
            return pi == p.count
        }
    }
}
