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
                    of:
                        #/\s*LIFETRACE_HOOK\(\s*(\d+)\s*,\s*([\w.]+)\s*,\s*\w+\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*".*"\s*\)\s*/#
                )
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
        for hook in hooks {
            let tracepoints = try #require(Self.tracepoints(of: hook), "unknown shape \(hook.shape)")
            for (name, eventClass) in tracepoints {
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

    @Test("the LOG hook's tracepoints carry LTTng's log levels, from TRACE_DEBUG (trace) to TRACE_CRIT (critical)")
    func logTracepointsHaveLogLevels() throws {
        let log = try #require(try Self.hooksDef().first { $0.shape == "LOG" }, "no LOG hook in hooks.def")
        let preprocessed = try runProcess(
            "/usr/bin/env",
            ["cc", "-E", "-P", "-I", Repository.path("tracepoints"), Repository.path("tracepoints/lifetrace_tracepoints.c")])
        try #require(preprocessed.status == 0, "cc -E failed: \(preprocessed.stderr)")
        // Each level's descriptor points at its own loglevel constant, defined from the enum value.
        let expected = [("trace", 14), ("debug", 8), ("info", 6), ("notice", 5), ("warning", 4), ("error", 3), ("critical", 2)]
        #expect(LTTngStructuredRecords.logLevels == expected.map(\.0))
        let text = preprocessed.stdout.replacingOccurrences(of: "\n", with: " ")
        for (level, value) in expected {
            let name = "\(log.stem)_\(level)"
            let pattern = try Regex("_loglevel_value___lifetrace___\(name)\\s*=\\s*(\\w+)")
            let match = try #require(text.firstMatch(of: pattern), "no loglevel for lifetrace:\(name)")
            let constant = String(match.output[1].substring ?? "")
            let enumValue = try Regex("\\b\(constant)\\s*=\\s*(\\d+)")
            let number = text.firstMatch(of: enumValue).flatMap { Int($0.output[1].substring ?? "") }
            #expect(number == value, "lifetrace:\(name): \(constant) is \(number.map(String.init) ?? "?"), expected \(value)")
        }
    }

    /// The tracepoints a hook's shape registers, with their event classes.
    private static func tracepoints(of hook: HookLine) -> [(String, String)]? {
        let stem = hook.stem
        switch hook.shape {
        case "LOG":
            return LTTngStructuredRecords.logLevels.map { ("\(stem)_\($0)", "log_event") }
        case "SPAN":
            return [("\(stem)_entry", "span_begin_event"), ("\(stem)_exit", "span_end_event"), (stem, "span_instant_event")]
        case "FRAME":
            return [("\(stem)_entry", "controller_event"), ("\(stem)_exit", "frame_event"), (stem, "frame_event")]
        default:
            let entryClass = [
                "CONTROLLER": "controller_event", "TARGET": "target_event", "TEXT": "text_event",
                "STEP": "step_event", "COUNT": "count_event", "TEXT_COUNT": "text_event",
            ]
            guard let shapeClass = entryClass[hook.shape] else { return nil }
            let exitClass = hook.shape.hasSuffix("COUNT") ? "count_exit_event" : "exit_event"
            return [("\(stem)_entry", shapeClass), ("\(stem)_exit", exitClass), (stem, shapeClass)]
        }
    }
}
