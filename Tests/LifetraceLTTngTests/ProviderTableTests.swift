import Foundation
import Lifetrace
import LifetraceLTTng
import LifetraceTestSupport
import Testing

/// The provider's hook table (`tracepoints/hooks.def`), its tracepoint definitions
/// (`tracepoints/lifetrace_provider.h`) and `Hook.wellKnown` agree: same hooks, same order.
@Suite("LTTng provider table")
struct ProviderTableTests {
    /// One `LIFETRACE_HOOK(code, hook, stem, shape)` line of hooks.def.
    struct HookLine: Equatable, CustomStringConvertible {
        var code: Int
        var name: String
        var stem: String
        var shape: String
        var description: String { "\(code) \(name) \(stem) \(shape)" }
    }

    private static func hooksDef() throws -> [HookLine] {
        let text = try readText(Repository.path("tracepoints/hooks.def"))
        return text.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: #/\s*LIFETRACE_HOOK\(\s*(\d+)\s*,\s*([\w.]+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)\s*/#)
            else { return nil }
            return HookLine(code: Int(match.1) ?? -1, name: String(match.2), stem: String(match.3), shape: String(match.4))
        }
    }

    /// The `(class, name)` of every `LTTNG_UST_TRACEPOINT_EVENT_INSTANCE` of the provider header, in order.
    private static func providerInstances() throws -> [String] {
        let text = try readText(Repository.path("tracepoints/lifetrace_provider.h"))
        return text.matches(of: #/LTTNG_UST_TRACEPOINT_EVENT_INSTANCE\(\s*lifetrace\s*,\s*(\w+)\s*,\s*lifetrace\s*,\s*(\w+)\s*,/#)
            .map { "\($0.1) \($0.2)" }
    }

    @Test("LTTngSink.providerHookNames is Hook.wellKnown, in order")
    func providerNamesMatchWellKnownHooks() {
        #expect(LTTngSink.providerHookNames == Hook.wellKnown.map(\.name))
        #expect(Hook.wellKnown.map { Int($0.code) } == Array(0..<Hook.wellKnown.count))
    }

    @Test("hooks.def lists Hook.wellKnown with codes 0, 1, 2, …")
    func hooksDefMatchesWellKnownHooks() throws {
        let hooks = try Self.hooksDef()
        #expect(hooks.map(\.name) == Hook.wellKnown.map(\.name))
        #expect(hooks.map(\.code) == Array(0..<hooks.count))
        #expect(Set(hooks.map(\.stem)).count == hooks.count, "duplicate stems: \(hooks)")
    }

    @Test("lifetrace_provider.h defines STEM_entry, STEM_exit and STEM for the stems of hooks.def, in its order")
    func providerHeaderMatchesHooksDef() throws {
        let hooks = try Self.hooksDef()
        let instances = try Self.providerInstances()
        #expect(!hooks.isEmpty)

        // The stems, in order, as the header defines them (each `_entry`, without the custom `event_entry`).
        let headerStems = instances.compactMap { instance -> String? in
            let name = instance.split(separator: " ")[1]
            guard name.hasSuffix("_entry"), name != "event_entry" else { return nil }
            return String(name.dropLast("_entry".count))
        }
        #expect(headerStems == hooks.map(\.stem))

        // Each hook's three tracepoints, in the classes of its shape, then the custom ones.
        let entryClass = ["CONTROLLER": "controller_event", "TARGET": "target_event", "TEXT": "text_event",
                          "STEP": "step_event", "COUNT": "count_event"]
        var expected: [String] = []
        for hook in hooks {
            let shapeClass = entryClass[hook.shape] ?? "unknown shape \(hook.shape)"
            let exitClass = hook.shape == "COUNT" ? "count_exit_event" : "exit_event"
            expected += ["\(shapeClass) \(hook.stem)_entry", "\(exitClass) \(hook.stem)_exit", "\(shapeClass) \(hook.stem)"]
        }
        expected += ["custom_event event_entry", "custom_event event_exit", "custom_event event"]
        if let difference = firstDifference(expected, instances, expectedName: "hooks.def", actualName: "lifetrace_provider.h") {
            Issue.record(Comment(rawValue: difference))
        }

        // The header's `/* CODE: hook */` comments name the hooks of hooks.def.
        let text = try readText(Repository.path("tracepoints/lifetrace_provider.h"))
        let comments = text.matches(of: #/\/\* (\d+): ([\w.]+) \*\//#).map { "\($0.1) \($0.2)" }
        #expect(comments == hooks.map { "\($0.code) \($0.name)" })
    }
}
