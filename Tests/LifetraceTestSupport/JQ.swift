/// `jq`, run for real: the independent judge of the JSON lines the sinks write.
public enum JQ {
    /// Runs `jq` with `arguments` on `input`; throws when jq is missing or fails.
    public static func run(_ arguments: [String], input: String) throws -> String {
        let result = try runProcess(try tool("jq"), arguments, standardInput: input)
        guard result.status == 0 else {
            throw TestSupportError("jq \(arguments.joined(separator: " ")) failed with status \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// Parses every line of `text` on its own (`jq -R 'fromjson'`), so a line split in two or two
    /// lines run together fail, and applies `filter` to each; returns one output line per input line.
    public static func eachLine(_ text: String, _ filter: String = ".") throws -> [String] {
        LifetraceTestSupport.lines(try run(["-R", "-c", "fromjson | \(filter)"], input: text))
    }

    /// Like ``eachLine(_:_:)`` with raw (`-r`) output, for strings and numbers.
    public static func eachLineRaw(_ text: String, _ filter: String) throws -> [String] {
        LifetraceTestSupport.lines(try run(["-R", "-r", "fromjson | \(filter)"], input: text))
    }

    /// `jq -c FILTER FILE` (`-s`: the whole file as one array), one output line per result; throws
    /// when jq is missing or fails.
    public static func lines(_ filter: String, file: String, slurp: Bool = false) throws -> [String] {
        let result = try runProcess(try tool("jq"), (slurp ? ["-s"] : []) + ["-c", filter, file])
        guard result.status == 0 else {
            throw TestSupportError("jq -c '\(filter)' \(file) failed: \(result)")
        }
        return LifetraceTestSupport.lines(result.stdout)
    }

    /// `jq -r FILTER FILE`, for strings and numbers; throws when jq is missing or fails.
    public static func raw(_ filter: String, file: String) throws -> [String] {
        let result = try runProcess(try tool("jq"), ["-r", filter, file])
        guard result.status == 0 else {
            throw TestSupportError("jq -r '\(filter)' \(file) failed: \(result)")
        }
        return LifetraceTestSupport.lines(result.stdout)
    }
}
