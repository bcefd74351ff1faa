import Synchronization

/// The names of hooks: the well-known ones, in code order, and the ones of other runtimes,
/// numbered as they are first seen (for the life of the process).
@usableFromInline
enum HookNames {
    /// The number of well-known hooks; codes at or above it are hooks of other runtimes.
    @inlinable
    static var wellKnownCount: UInt32 { 29 }

    /// The name of a well-known hook as static text (no allocation, no reference count, nothing to
    /// escape), or `nil` for a hook of another runtime. Code order: `tracepoints/hooks.def` lists the same.
    static func staticName(of code: UInt32) -> StaticString? {
        switch code {
        case 0: "loadView"
        case 1: "viewDidLoad"
        case 2: "viewWillAppear"
        case 3: "viewIsAppearing"
        case 4: "viewDidAppear"
        case 5: "viewWillDisappear"
        case 6: "viewDidDisappear"
        case 7: "viewWillLayoutSubviews"
        case 8: "viewDidLayoutSubviews"
        case 9: "updateViewConstraints"
        case 10: "viewSafeAreaInsetsDidChange"
        case 11: "viewLayoutMarginsDidChange"
        case 12: "viewWillTransition"
        case 13: "didReceiveMemoryWarning"
        case 14: "willMove"
        case 15: "didMove"
        case 16: "prepareForSegue"
        case 17: "deinit"
        case 18: "willShowViewController"
        case 19: "didShowViewController"
        case 20: "shouldSelectViewController"
        case 21: "didSelectViewController"
        case 22: "textFieldShouldBeginEditing"
        case 23: "textFieldDidBeginEditing"
        case 24: "textFieldShouldEndEditing"
        case 25: "textFieldDidEndEditing"
        case 26: "layoutPass"
        case 27: "transition"
        case 28: "scenario.step"
        default: nil
        }
    }

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
