import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// A JSON-lines file read in consecutive parts, each by a reader of its own into a continuation of
/// the accumulator before (what `lifetrace stats --jobs` does with a large file), gives what one
/// reader of the whole gives: the same statistics, the same issues at the same lines.
@Suite("Reading a file in parts")
struct PartedReadingTests {
    /// A random trace whose statistics depend on order across any cut: solves counted in the next
    /// layout pass of their window, frames judged against the budget their begin announced (and
    /// frames with no begin against the trace's first), three windows interleaved, transitions and
    /// spans, unreadable lines and a line with invalid UTF-8 here and there, blank lines.
    static func trace(lines count: Int, using random: inout SeededRandom) -> Data {
        var out = Data()
        var seq = 0
        var time: UInt64 = 1_000_000
        var framesOpen: Set<Int> = []
        func line(_ hook: String, _ phase: String, window: Int, _ extra: String = "") {
            seq += 1
            time += UInt64(random.int(1...500))
            out.append(
                contentsOf:
                    "{\"seq\":\(seq),\"ts\":\(time),\"event\":\"\(hook)\",\"phase\":\"\(phase)\",\"controller\":\"W\(window)\",\"id\":\"0x\(window)\"\(extra),\"thread\":7}\n"
                    .utf8)
        }
        while seq < count {
            let window = random.int(1...3)
            let duration = random.int(1_000...20_000_000)
            switch random.int(0...9) {
            case 0, 1:
                line("layoutEngineSolve", "end", window: window, ",\"count\":\(random.int(0...40)),\"dur_ns\":\(duration)")
            case 2:
                line(
                    "layoutPass", "end", window: window,
                    ",\"index\":\(seq),\"count\":\(random.int(1...90)),\"dur_ns\":\(duration)")
            case 3:
                let budget = random.pick(["8.333", "16.667", "4.167"])
                line("frame", "begin", window: window, ",\"text\":\"#\(seq) budget \(budget) ms\"")
                framesOpen.insert(window)
            case 4:
                // Now and then an end with no begin: judged against the trace's first budget.
                guard framesOpen.remove(window) != nil || random.chance(0.2) else { continue }
                line("frame", "end", window: window, ",\"count\":\(random.int(0...6)),\"dur_ns\":\(duration)")
            case 5:
                line(
                    "transition", "end", window: window,
                    ",\"target\":\"W\(window % 3 + 1)\",\"target_id\":\"0x9\",\"animated\":true,\"text\":\"push\",\"dur_ns\":\(duration)"
                )
            case 6:
                line("span", "end", window: window, ",\"dur_ns\":\(duration)")
            case 7:
                line("viewDidAppear", "end", window: window, ",\"animated\":false,\"dur_ns\":\(duration)")
            case 8:
                line("viewWillAppear", "instant", window: window)
            default:
                switch random.int(0...3) {
                case 0: out.append(contentsOf: "{\"seq\":\(seq),\"ts\":oops}\n".utf8)
                case 1: out.append(contentsOf: "\n".utf8)
                case 2:
                    out.append(
                        contentsOf:
                            "{\"seq\":\(seq + 1),\"ts\":\(time),\"event\":\"viewDidLoad\",\"phase\":\"instant\",\"controller\":\"W"
                            .utf8)
                    out.append(contentsOf: [0xFF, 0xFE])
                    out.append(contentsOf: "\",\"id\":\"0x1\",\"thread\":7}\n".utf8)
                    seq += 1
                default: out.append(contentsOf: "not json at all\n".utf8)
                }
            }
        }
        return out
    }

    /// The statistics and what reading met, reading `path` in the parts that `cuts` make.
    static func read(_ path: String, cuts: [Int], size: Int) throws -> (TraceStatistics, TraceReadSummary) {
        let bounds = [0] + cuts + [size]
        var whole = TraceStatistics.Accumulator(listing: 50)
        var summary = TraceReadSummary()
        for part in 0..<bounds.count - 1 {
            let reader = try JSONLinesReader(path: path)
            #expect(reader.restrict(toLinesStartingIn: bounds[part]..<bounds[part + 1]))
            var accumulator = part == 0 ? whole : whole.continuation()
            while let event = try reader.next() { accumulator.add(event) }
            if part == 0 { whole = accumulator } else { whole.append(accumulator) }
            summary.events += reader.summary.events
            summary.issues += reader.summary.issues
            summary.issueCount += reader.summary.issueCount
            summary.warnings += reader.summary.warnings
        }
        return (whole.statistics(source: path, issues: summary.issueCount), summary)
    }

    @Test("parts cut anywhere (inside lines, at newlines, next to each other) read as the whole file")
    func partsReadAsTheWhole() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("PartedReadingTests.partsReadAsTheWhole seed: \(seed)")
        try withScratchDirectory { directory in
            for trial in 0..<40 {
                var random = SeededRandom(seed: SeededRandom.seed(seed, system: trial))
                let data = Self.trace(lines: random.int(1...600), using: &random)
                let path = directory.path("trace-\(trial).jsonl")
                try data.write(to: URL(fileURLWithPath: path))
                let (expected, expectedSummary) = try Self.read(path, cuts: [], size: data.count)
                // Cuts anywhere, newlines and line starts among them, two at the same place sometimes.
                var cuts = (0..<random.int(1...6)).map { _ in random.int(0...data.count) }
                if let newline = data.firstIndex(of: 0x0A), random.chance(0.5) { cuts.append(newline + random.int(0...1)) }
                cuts.sort()
                let (statistics, summary) = try Self.read(path, cuts: cuts, size: data.count)
                let context = "seed \(seed), trial \(trial), cuts \(cuts) of \(data.count) bytes"
                // On a difference, the lines of the JSON that differ (the whole is long).
                let (got, wanted) = (statistics.json().split(separator: "\n"), expected.json().split(separator: "\n"))
                let same = statistics == expected
                #expect(same, "\(context): \(zip(got, wanted).filter { $0 != $1 }.prefix(6))")
                #expect(summary.events == expectedSummary.events, "\(context)")
                #expect(summary.issues == expectedSummary.issues, "\(context)")
                #expect(summary.issueCount == expectedSummary.issueCount, "\(context)")
                #expect(summary.warnings == expectedSummary.warnings, "\(context)")
            }
        }
    }

    @Test("a part's issue names the file's line, counted only once the part has one to report")
    func partIssuesNameTheFilesLines() throws {
        try withScratchDirectory { directory in
            let lines = (1...9).map { index in
                index == 7
                    ? "{\"seq\":7,\"ts\":broken}"
                    : "{\"seq\":\(index),\"ts\":\(index),\"event\":\"viewDidLoad\",\"phase\":\"instant\",\"controller\":\"C\",\"id\":\"0x1\",\"thread\":1}"
            }
            let text = lines.joined(separator: "\n") + "\n"
            let path = directory.path("trace.jsonl")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            // The part that begins inside line 5 reads lines 6 to 9.
            let start = lines.prefix(4).reduce(0) { $0 + $1.utf8.count + 1 } + 3
            let reader = try JSONLinesReader(path: path)
            #expect(reader.restrict(toLinesStartingIn: start..<text.utf8.count))
            var events = 0
            while try reader.next() != nil { events += 1 }
            #expect(events == 3)
            #expect(reader.summary.issues.map(\.line) == [7])
            #expect(reader.position == 9)
            // Reading began: the reader cannot be restricted any more; nor can one of standard input.
            #expect(!reader.restrict(toLinesStartingIn: 0..<10))
            #expect(!JSONLinesReader(fileDescriptor: 0, source: "<stdin>").restrict(toLinesStartingIn: 0..<10))
        }
    }

    @Test("stats --jobs of a large JSON-lines file prints what one reader prints, issues and their lines included")
    func statsInPartsMatchesOneReader() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("PartedReadingTests.statsInPartsMatchesOneReader seed: \(seed)")
        var random = SeededRandom(seed: seed)
        try withScratchDirectory { directory in
            let path = directory.path("large.jsonl")
            // Over three times the smallest part, so that --jobs 3 reads it in three parts.
            var data = Data()
            while data.count < 13 << 20 { data += Self.trace(lines: 20_000, using: &random) }
            try data.write(to: URL(fileURLWithPath: path))
            let binary = try LifetraceBinary.path()
            let one = try runProcess(binary, ["stats", path, "--jobs", "1", "--rows", "5"])
            #expect(one.status == 1, "unreadable lines make the status 1: \(one.stderr.prefix(300))")
            #expect(one.stderr.contains("\(path):"), "\(one.stderr.prefix(300))")
            for jobs in ["2", "3"] {
                let parts = try runProcess(binary, ["stats", path, "--jobs", jobs, "--rows", "5"])
                #expect(parts.status == one.status, "seed \(seed), --jobs \(jobs)")
                #expect(parts.stdout == one.stdout, "seed \(seed), --jobs \(jobs)")
                #expect(parts.stderr == one.stderr, "seed \(seed), --jobs \(jobs)")
            }
        }
    }

    @Test("stats --jobs stops where one reader stops: at a line too long to read, the parts after it are left out")
    func partsStopAtALineTooLong() throws {
        var random = SeededRandom(seed: 7)
        try withScratchDirectory { directory in
            let path = directory.path("long-line.jsonl")
            // Lines, then one of 17 MiB (past the most a record may take) across the middle of the
            // file, then lines again: --jobs 2's second part begins inside the long line.
            var data = Data()
            while data.count < 5 << 20 { data += Self.trace(lines: 2_000, using: &random) }
            let before = data
            data += Data(repeating: UInt8(ascii: "x"), count: 17 << 20) + Data("\n".utf8)
            while data.count < 28 << 20 { data += Self.trace(lines: 2_000, using: &random) }
            try data.write(to: URL(fileURLWithPath: path))
            let beforePath = directory.path("before.jsonl")
            try before.write(to: URL(fileURLWithPath: beforePath))
            let binary = try LifetraceBinary.path()
            let one = try runProcess(binary, ["stats", path, "--jobs", "1", "--rows", "3"])
            // One reader counts the lines before the long one, no more.
            let events = { (output: String) in output.firstMatch(of: #/: ([0-9]+) events/#).map { String($0.1) } }
            let onlyBefore = try runProcess(binary, ["stats", beforePath, "--jobs", "1", "--rows", "3"])
            #expect(events(one.stdout) != nil && events(one.stdout) == events(onlyBefore.stdout), "\(one.stdout.prefix(200))")
            let two = try runProcess(binary, ["stats", path, "--jobs", "2", "--rows", "3"])
            #expect(two.status == one.status)
            #expect(two.stdout == one.stdout)
            #expect(two.stderr == one.stderr)
        }
    }

    @Test("a part's reader reads the file the first reader opened, even once another file took its path")
    func partsReadTheOpenFile() throws {
        try withScratchDirectory { directory in
            let line = { (name: String) in
                "{\"seq\":1,\"ts\":1,\"event\":\"viewDidLoad\",\"phase\":\"instant\",\"controller\":\"\(name)\",\"id\":\"0x1\",\"thread\":1}\n"
            }
            let path = directory.path("trace.jsonl")
            try String(repeating: line("Before"), count: 100).write(toFile: path, atomically: false, encoding: .utf8)
            let first = try JSONLinesReader(path: path)
            // An atomic rewrite of the path (a writer's or an editor's) after the first reader opened it.
            let other = directory.path("other.jsonl")
            try String(repeating: line("After"), count: 100).write(toFile: other, atomically: false, encoding: .utf8)
            #expect(rename(other, path) == 0)
            let size = try #require(first.regularFileSize)
            let part = try first.reader(ofLinesStartingIn: size / 2..<size)
            var names: Set<String> = []
            var events = 0
            while let event = try part.next() {
                names.insert(event.subject.name)
                events += 1
            }
            #expect(names == ["Before"])
            #expect(events == 50)
        }
    }

    @Test("a part that begins inside a line too long to read stops looking for its end past the longest line")
    func partInsideALongLineStops() throws {
        try withScratchDirectory { directory in
            let path = directory.path("long.jsonl")
            var data = Data("{\"seq\":1}\n".utf8)
            data += Data(repeating: UInt8(ascii: "x"), count: 40 << 20) + Data("\n{\"seq\":2}\n".utf8)
            try data.write(to: URL(fileURLWithPath: path))
            let reader = try JSONLinesReader(path: path)
            #expect(reader.restrict(toLinesStartingIn: 100..<data.count))
            #expect(try reader.next() == nil)
            #expect(reader.stoppedAtLongLine)
            // It read past the longest line a record may take, not to the end of the long line.
            #expect(reader.bytesRead < 24 << 20, "\(reader.bytesRead) bytes read")
        }
    }
}
