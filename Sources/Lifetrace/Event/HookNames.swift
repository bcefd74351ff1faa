import Synchronization

/// The names of hooks: the well-known ones, in code order (their table is generated from
/// `tracepoints/hooks.def` into Hook+WellKnown.swift), and the ones of other runtimes, numbered as
/// they are first seen (for the life of the process).
@usableFromInline
enum HookNames {
    /// The well-known names, in code order.
    static let wellKnown: [String] = (0..<wellKnownCount).map { staticName(of: $0)!.description }

    private static let wellKnownCodes: [String: UInt32] = Dictionary(
        uniqueKeysWithValues: wellKnown.enumerated().map { ($1, UInt32($0)) })

    private struct Custom {
        var names: [String] = []
        var codes: [String: UInt32] = [:]
    }

    private static let custom = Mutex(Custom())

    /// The code of a name, numbering it if it is new.
    static func code(of name: String) -> UInt32 {
        if let code = wellKnownCodes[name] { return code }
        return custom.withLock { custom in
            if let code = custom.codes[name] { return code }
            let code = wellKnownCount + UInt32(custom.names.count)
            custom.names.append(name)
            custom.codes[name] = code
            return code
        }
    }

    /// The name of a code.
    static func name(of code: UInt32) -> String {
        if code < wellKnownCount { return wellKnown[Int(code)] }
        return custom.withLock { custom in
            let index = Int(code - wellKnownCount)
            return index < custom.names.count ? custom.names[index] : "hook#\(code)"
        }
    }
}
