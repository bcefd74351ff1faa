#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, from `stat(2)` (links followed): the question the trace readers and the
/// scenario parser ask before they open a path (without Foundation, whose `ObjCBool` overload of
/// `fileExists(atPath:isDirectory:)` is not in FoundationEssentials).
package enum FileKind: Equatable, Sendable {
    case directory
    /// A regular file, a device, a FIFO, a socket.
    case other

    /// The kind of what `path` names; `nil` when nothing does (or it cannot be looked at).
    package init?(atPath path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self = (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }
}
