#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The words for an `errno` value in messages: the system's own, and for running out of file
/// descriptors, its name and which limit was reached (its usual text, "Too many open files", reads
/// like a permission problem, or like something a user opened too much of).
package enum SystemError {
    /// `strerror(code)`, followed for EMFILE and ENFILE by the name and the limit reached.
    package static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case EMFILE:
            var limit = rlimit()
            let soft = getrlimit(Self.descriptorLimit, &limit) == 0 ? " of \(limit.rlim_cur)" : ""
            return "\(text) (EMFILE: the process has every descriptor its limit\(soft) allows open; raise it with ulimit -n)"
        case ENFILE:
            return "\(text) (ENFILE: the system's table of open files is full)"
        default:
            return text
        }
    }

    #if canImport(Glibc)
    private static let descriptorLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let descriptorLimit = RLIMIT_NOFILE
    #endif
}
