import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

@Suite("Sink configuration")
struct SinkConfigurationTests {
    // MARK: Good configurations

    @Test("the example of the design notes")
    func designExample() throws {
        let configuration = try SinkConfiguration(parsing: "text,jsonl=/tmp/run.jsonl")
        #expect(configuration.sinks.map(\.name) == ["text", "jsonl"])
        #expect(configuration.sinks[0].destination == nil)
        #expect(configuration.sinks[1].destination == .file("/tmp/run.jsonl"))
        #expect(configuration.sinks[1].origin == "LIFETRACE_SINKS item 2 (column 6)")
        #expect(configuration.filter == Event.Filter())
    }

    @Test(
        "specifications",
        arguments: [
            ("text", "text", [String](), ByteOutput.Destination?.none),
            ("text:ends", "text", ["ends"], nil),
            ("text:ends:time=stderr", "text", ["ends", "time"], .standardError),
            ("jsonl=-", "jsonl", [], .standardOutput),
            ("jsonl=stdout", "jsonl", [], .standardOutput),
            ("jsonl=fd:3", "jsonl", [], .fileDescriptor(3)),
            ("jsonl=/tmp/a=b.jsonl", "jsonl", [], .file("/tmp/a=b.jsonl")),
            ("jsonl=relative/run.jsonl", "jsonl", [], .file("relative/run.jsonl")),
            ("my-sink_2:x", "my-sink_2", ["x"], nil),
        ])
    func specification(text: String, name: String, options: [String], destination: ByteOutput.Destination?) throws {
        let specification = try SinkRegistry.Specification(parsing: text, origin: "test")
        #expect(specification.name == name)
        #expect(specification.options == options)
        #expect(specification.destination == destination)
    }

    @Test("a specification prints as it is written")
    func description() throws {
        for text in ["text", "text:ends:time=stderr", "jsonl=fd:3", "jsonl=/tmp/x.jsonl", "jsonl=stdout"] {
            #expect(try SinkRegistry.Specification(parsing: text, origin: "test").description == text)
        }
        #expect(try SinkRegistry.Specification(parsing: "jsonl=-", origin: "test").description == "jsonl=stdout")
    }

    @Test("spaces around items are ignored")
    func spaces() throws {
        let configuration = try SinkConfiguration(parsing: " text , jsonl=stderr ")
        #expect(configuration.sinks.map(\.description) == ["text", "jsonl=stderr"])
    }

    @Test("the environment: unset or blank LIFETRACE_SINKS means no configuration")
    func environmentOff() throws {
        #expect(try SinkConfiguration(environment: [:]) == nil)
        #expect(try SinkConfiguration(environment: ["LIFETRACE_SINKS": ""]) == nil)
        #expect(try SinkConfiguration(environment: ["LIFETRACE_SINKS": "  "]) == nil)
        #expect(try SinkConfiguration(environment: ["LIFETRACE_HOOKS": "viewDid*"]) == nil)
    }

    @Test("the environment: a filter variable set to nothing filters nothing")
    func environmentBlankFilters() throws {
        let configuration = try #require(
            try SinkConfiguration(environment: [
                "LIFETRACE_SINKS": "jsonl=stderr", "LIFETRACE_HOOKS": "", "LIFETRACE_CONTROLLERS": "  ",
            ]))
        #expect(configuration.filter.hooks == nil)
        #expect(configuration.filter.controllers == nil)
        #expect(try configuration.makeSink() is JSONLinesSink)
    }

    @Test("the environment: sinks and both filters")
    func environmentWithFilters() throws {
        let configuration = try #require(
            try SinkConfiguration(environment: [
                "LIFETRACE_SINKS": "jsonl=stderr",
                "LIFETRACE_HOOKS": "viewWill*, viewDid*",
                "LIFETRACE_CONTROLLERS": "Feed*",
            ]))
        #expect(configuration.sinks.map(\.description) == ["jsonl=stderr"])
        #expect(configuration.filter.hooks == ["viewWill*", "viewDid*"])
        #expect(configuration.filter.controllers == ["Feed*"])
        let sink = try configuration.makeSink()
        let filtered = try #require(sink as? FilteredSink)
        #expect(filtered.base is JSONLinesSink)
        #expect(filtered.filter == configuration.filter)
    }

    @Test("one sink is made as itself, several behind a multiplex sink, none as the no-op sink")
    func madeSinks() throws {
        try withScratchDirectory { directory in
            let file = directory.path("run.jsonl")
            #expect(try SinkConfiguration(parsing: "jsonl=\(file)").makeSink() is JSONLinesSink)
            #expect(try SinkConfiguration(parsing: "text:ends=\(file)").makeSink() is TextSink)
            #expect(try SinkConfiguration(parsing: "none").makeSink() is NoOpSink)
            let multiplex = try #require(try SinkConfiguration(parsing: "text=stderr,jsonl=\(file)").makeSink() as? MultiplexSink)
            #expect(multiplex.sinks.count == 2)
            #expect(multiplex.sinks[0] is TextSink)
            #expect(multiplex.sinks[1] is JSONLinesSink)
            let text = try #require(try SinkConfiguration(parsing: "text:time:ends=\(file)").makeSink() as? TextSink)
            #expect(text.format == TextSink.Format(showsEnds: true, showsTimestamps: true))
            #expect(FileManager.default.fileExists(atPath: file))
        }
    }

    @Test("a registry takes sinks of other modules")
    func customRegistry() throws {
        let recorder = RecordingSink()
        let registry = SinkRegistry.standard.adding(
            SinkRegistry.Entry(name: "memory", summary: "in memory") { specification in
                try specification.checkOptions(allowed: ["deep"])
                return recorder
            })
        #expect(registry.names == ["jsonl", "memory", "none", "text"])
        #expect(registry.allEntries.map(\.name) == registry.names)
        let sink = try SinkConfiguration(parsing: "memory:deep", registry: registry).makeSink()
        #expect((sink as? RecordingSink) === recorder)
        #expect(throws: ConfigurationError.self) {
            try SinkConfiguration(parsing: "memory:shallow", registry: registry).makeSink()
        }
        #expect(SinkRegistry().names.isEmpty)
    }

    // MARK: Bad configurations

    /// A configuration that must fail, and the parts its message must name.
    struct BadConfiguration: CustomTestStringConvertible, Sendable {
        var environment: [String: String]
        var mentions: [String]
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }
    }

    static let badConfigurations: [BadConfiguration] = [
        .init(
            environment: ["LIFETRACE_SINKS": "bogus"],
            mentions: ["LIFETRACE_SINKS item 1 (column 1)", #"unknown sink "bogus""#, "expected one of: jsonl, none, text"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text, bogus=stderr"],
            mentions: ["LIFETRACE_SINKS item 2 (column 6)", #"unknown sink "bogus""#]),
        .init(
            environment: ["LIFETRACE_SINKS": "text,,jsonl"],
            mentions: ["LIFETRACE_SINKS item 2 (column 6)", "empty sink specification", "NAME[:OPTION…][=DESTINATION]"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text,"],
            mentions: ["LIFETRACE_SINKS item 2", "empty sink specification"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text:bold"],
            mentions: ["LIFETRACE_SINKS item 1", #"sink "text" has no option "bold""#, "ends, time"]),
        .init(
            environment: ["LIFETRACE_SINKS": "jsonl:pretty"],
            mentions: ["LIFETRACE_SINKS item 1", #"sink "jsonl" has no option "pretty""#, "no options"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text::ends"],
            mentions: ["LIFETRACE_SINKS item 1", #""text::ends""#, "empty option"]),
        .init(
            environment: ["LIFETRACE_SINKS": "jsonl="],
            mentions: ["LIFETRACE_SINKS item 1", #""jsonl=""#, "expected a destination"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text,jsonl=fd:x"],
            mentions: ["LIFETRACE_SINKS item 2 (column 6)", #""jsonl=fd:x""#, "expected a destination"]),
        .init(
            environment: ["LIFETRACE_SINKS": "jsonl=fd:-1"],
            mentions: ["LIFETRACE_SINKS item 1", #""jsonl=fd:-1""#]),
        .init(
            environment: ["LIFETRACE_SINKS": ":ends"],
            mentions: ["LIFETRACE_SINKS item 1", #"":ends""#, "expected a sink name"]),
        .init(
            environment: ["LIFETRACE_SINKS": "te$t"],
            mentions: ["LIFETRACE_SINKS item 1", #""te$t" is not a sink name"#]),
        .init(
            environment: ["LIFETRACE_SINKS": "none=stderr"],
            mentions: ["LIFETRACE_SINKS item 1", #"sink "none" takes no destination"#, "stderr"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text,jsonl=/nonexistent-lifetrace-dir/run.jsonl"],
            mentions: [
                "LIFETRACE_SINKS item 2 (column 6)", #"cannot open "/nonexistent-lifetrace-dir/run.jsonl""#,
                "No such file or directory",
            ]),
        .init(
            environment: ["LIFETRACE_SINKS": "jsonl=fd:987"],
            mentions: ["LIFETRACE_SINKS item 1", "file descriptor 987 is not open"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text", "LIFETRACE_HOOKS": "viewWill*,,viewDid*"],
            mentions: ["LIFETRACE_HOOKS item 2", "empty pattern"]),
        .init(
            environment: ["LIFETRACE_SINKS": "text", "LIFETRACE_CONTROLLERS": " , "],
            mentions: ["LIFETRACE_CONTROLLERS item 1", "empty pattern"]),
    ]

    @Test("bad configurations name the variable, the item and the bad part", arguments: badConfigurations)
    func badConfiguration(_ bad: BadConfiguration) throws {
        let error = try #require(throws: ConfigurationError.self) {
            _ = try SinkConfiguration(environment: bad.environment)?.makeSink()
        }
        for part in bad.mentions {
            #expect(error.message.contains(part), "\(error.message.debugDescription) does not mention \(part.debugDescription)")
        }
        #expect(error.description == error.message)
    }

    @Test("a bad configuration leaves the global system untouched")
    func badBootstrapThrowsBeforeInstalling() throws {
        // Throws before installing anything: safe to run in parallel with other tests.
        #expect(throws: ConfigurationError.self) {
            try LifetraceSystem.bootstrapFromEnvironment(["LIFETRACE_SINKS": "text,bogus"])
        }
    }

    @Test("a command line can be the source named in messages")
    func otherSource() {
        #expect {
            try SinkConfiguration(parsing: "jsonl,xml", source: "--sinks").makeSink()
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix(#"--sinks item 2 (column 7): unknown sink "xml""#) == true
        }
    }

    @Test("pattern lists")
    func patternLists() throws {
        #expect(try SinkConfiguration.parsePatterns("a, b* ,?c", source: "X") == ["a", "b*", "?c"])
        #expect(throws: ConfigurationError("X item 3: empty pattern; expected a name or a pattern with * and ?")) {
            try SinkConfiguration.parsePatterns("a,b, ", source: "X")
        }
    }
}
