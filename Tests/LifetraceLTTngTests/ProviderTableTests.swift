import Foundation
import Lifetrace
import LifetraceLTTng
import LifetraceTestSupport
import Testing

/// The provider's hook table (`tracepoints/hooks.def`), the tracepoints the provider registers (its
/// header expands hooks.def), and `Hook.wellKnown` (generated from hooks.def) agree.
@Suite("LTTng provider table")
struct ProviderTableTests {
    /// One `LIFETRACE_HOOK(code, hook, member, stem, shape, category, "doc")` line of hooks.def.
    struct HookLine: Equatable, CustomStringConvertible {
        var code: Int
        var name: String
        var stem: String
        var shape: String
        var category: String
        var description: String { "\(code) \(name) \(stem) \(shape) \(category)" }
    }

    private static func hooksDef() throws -> [HookLine] {
        let text = try readText(Repository.path("tracepoints/hooks.def"))
        return text.split(separator: "\n").compactMap { line in
            guard
                let match = line.wholeMatch(
                    of: #/\s*LIFETRACE_HOOK\(\s*(\d+)\s*,\s*([\w.]+)\s*,\s*\w+\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*".*"\s*\)\s*/#)
            else { return nil }
            return HookLine(
                code: Int(match.1) ?? -1, name: String(match.2), stem: String(match.3), shape: String(match.4),
                category: String(match.5))
        }
    }

    @Test("LTTngSink.providerHookNames is Hook.wellKnown, in order")
    func providerNamesMatchWellKnownHooks() {
        #expect(LTTngSink.providerHookNames == Hook.wellKnown.map(\.name))
        #expect(Hook.wellKnown.map { Int($0.code) } == Array(0..<Hook.wellKnown.count))
    }

    @Test("hooks.def lists Hook.wellKnown with codes 0, 1, 2, …, and their categories")
    func hooksDefMatchesWellKnownHooks() throws {
        let hooks = try Self.hooksDef()
        #expect(hooks.count == Hook.wellKnown.count, "a LIFETRACE_HOOK line the test cannot read?")
        #expect(hooks.map(\.name) == Hook.wellKnown.map(\.name))
        #expect(hooks.map(\.code) == Array(0..<hooks.count))
        #expect(hooks.map(\.category) == Hook.wellKnown.map(\.category))
        #expect(Set(hooks.map(\.stem)).count == hooks.count, "duplicate stems: \(hooks)")
    }

    @Test("the provider registers STEM_entry, STEM_exit and STEM for every stem of hooks.def, in its shape's classes")
    func providerRegistersEveryTracepoint() throws {
        let hooks = try Self.hooksDef()
        // What the compiled provider expands to: the preprocessed header, as the C target builds it.
        let preprocessed = try runProcess(
            "/usr/bin/env",
            ["cc", "-E", "-P", "-I", Repository.path("tracepoints"), Repository.path("tracepoints/lifetrace_tracepoints.c")])
        try #require(preprocessed.status == 0, "cc -E failed: \(preprocessed.stderr)")
        let entryClass = ["CONTROLLER": "controller_event", "TARGET": "target_event", "TEXT": "text_event",
                          "STEP": "step_event", "COUNT": "count_event", "TEXT_COUNT": "text_event"]
        for hook in hooks {
            let shapeClass = try #require(entryClass[hook.shape], "unknown shape \(hook.shape)")
            let exitClass = hook.shape.hasSuffix("COUNT") ? "count_exit_event" : "exit_event"
            for (name, eventClass) in [("\(hook.stem)_entry", shapeClass), ("\(hook.stem)_exit", exitClass), (hook.stem, shapeClass)] {
                // Each instance defines its event descriptor from its class's fields.
                #expect(
                    preprocessed.stdout.contains("lttng_ust__event_desc___lifetrace_\(name) ")
                        || preprocessed.stdout.contains("lttng_ust__event_desc___lifetrace_\(name)="),
                    "no tracepoint lifetrace:\(name)")
                #expect(
                    preprocessed.stdout.contains("lttng_ust__event_probe__lifetrace___\(eventClass)"),
                    "no class \(eventClass)")
            }
        }
    }
}
