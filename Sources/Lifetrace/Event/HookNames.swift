import Synchronization

/// The names of hooks: the well-known ones, in code order, and the ones of other runtimes,
/// numbered as they are first seen (for the life of the process).
@usableFromInline
enum HookNames {
    /// The number of well-known hooks; codes at or above it are hooks of other runtimes.
    @inlinable
    static var wellKnownCount: UInt32 { 29 }

    /// The well-known names, in code order (`tracepoints/hooks.def` lists the same).
    static let wellKnown: [String] = [
        "loadView",
        "viewDidLoad",
        "viewWillAppear",
        "viewIsAppearing",
        "viewDidAppear",
        "viewWillDisappear",
        "viewDidDisappear",
        "viewWillLayoutSubviews",
        "viewDidLayoutSubviews",
        "updateViewConstraints",
        "viewSafeAreaInsetsDidChange",
        "viewLayoutMarginsDidChange",
        "viewWillTransition",
        "didReceiveMemoryWarning",
        "willMove",
        "didMove",
        "prepareForSegue",
        "deinit",
        "willShowViewController",
        "didShowViewController",
        "shouldSelectViewController",
        "didSelectViewController",
        "textFieldShouldBeginEditing",
        "textFieldDidBeginEditing",
        "textFieldShouldEndEditing",
        "textFieldDidEndEditing",
        "layoutPass",
        "transition",
        "scenario.step",
    ]

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
