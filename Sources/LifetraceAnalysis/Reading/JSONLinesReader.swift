import Lifetrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads JSON lines (`docs/json-lines.md`) one event at a time from a file, a pipe, standard input
/// or memory, in a window of input that does not grow with the trace.
///
/// Bytes come in blocks of ``blockSize`` with `read(2)`, so FIFOs, process substitutions
/// (`<(jq …)`), `/dev/null` and terminals read as files do. A line longer than the window widens
/// it to hold that line alone. Malformed, truncated or incomplete lines are counted in ``summary``
/// (the first ``keptIssues`` kept with their line and column) and skipped; blank lines are skipped.
public final class JSONLinesReader: TraceEventReader {
    /// The bytes read at a time.
    public static let blockSize = 1 << 20
    /// The longest line read (16 MiB; a record takes well under a kilobyte): past it the input is
    /// not JSON lines (a file without newlines, `/dev/zero`), and reading stops there with a
    /// located issue (what was read before it counts) instead of holding the line in a window
    /// that would grow without bound.
    public static let maximumLineLength = 16 << 20

    public let source: String
    public private(set) var position = 0
    public private(set) var summary = TraceReadSummary()
    /// The most issues kept in ``summary`` (the rest are counted).
    public let keptIssues: Int

    private let descriptor: Int32
    private let closesDescriptor: Bool
    /// The window: `storage[start..<end]` holds bytes read and not yet parsed.
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEndOfInput = false
    private var lineNumber = 0
    private var names = NameCache()
    /// The storage the details of one host's lines share (``JSONLineDecoder``).
    private var sharedHost = Details.SharedHost()
    /// Whether reading stopped at a line longer than ``maximumLineLength`` (the lines after it are
    /// not read: readers of later parts of the file must not count theirs either).
    public private(set) var stoppedAtLongLine = false
    /// The bytes read from the input so far (for a progress line); of a part, those in the part.
    public private(set) var bytesRead = 0
    /// Whether the input is a named pipe (an empty one is reported: it had no writer).
    private var isPipe = false
    /// The size of the input when it is a regular file (which can be read in parts), else `nil`.
    private var fileSize: Int?
    /// The offset in the file of `storage[0]`.
    private var windowOffset = 0
    /// Where the part this reader reads begins and ends: lines that begin before or after it are
    /// another's (``restrict(toLinesStartingIn:)``).
    private var partStart = 0
    private var partEnd = Int.max
    /// Whether the bytes up to the first newline are the end of a line of the part before, and how
    /// many of them were passed over so far.
    private var skipsPartialLine = false
    private var skipped = 0
    /// The bytes before this reader's part whose lines are not counted yet: a part's reader counts
    /// its lines from its start, and the lines before only once it has to name a line.
    private var uncountedPrefix = 0

    /// Opens the file at `path` (`-`: standard input, labelled `<stdin>`).
    ///
    /// - Throws: a ``TraceIssue`` with line 0 naming the path when it cannot be opened or is a
    ///   directory.
    public convenience init(path: String, keptIssues: Int = 100) throws(TraceIssue) {
        if path == "-" {
            self.init(fileDescriptor: STDIN_FILENO, source: "<stdin>", closesDescriptor: false, keptIssues: keptIssues)
            return
        }
        // Opened without blocking: a named pipe with no writer would hang `open(2)` for ever. A
        // pipe's reads then block again (a writer that is there streams as usual; with none, a
        // read returns the end of the input at once, reported below).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                switch errno {
                case ENOENT: "no such file"
                case EMFILE, ENFILE: "cannot be opened: too many open files (\(String(cString: strerror(errno))))"
                default: "cannot be read (\(String(cString: strerror(errno))))"
                }
            throw TraceIssue(source: path, line: 0, column: 0, message: reason)
        }
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        if kind == S_IFDIR {
            close(descriptor)
            throw TraceIssue(source: path, line: 0, column: 0, message: "is a directory, expected a JSON-lines file")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        self.init(fileDescriptor: descriptor, source: path, closesDescriptor: true, keptIssues: keptIssues)
        isPipe = kind == S_IFIFO
        if kind == S_IFREG { fileSize = Int(status.st_size) }
    }

    /// The size of the file read, when it is a regular file (so that parts of it can be read at
    /// once by several readers, ``restrict(toLinesStartingIn:)``); `nil` for a pipe, a terminal,
    /// standard input or memory.
    public var regularFileSize: Int? { fileSize }

    /// Reads only the lines that begin in `bytes` of the file (a line that begins there is read
    /// whole, wherever it ends), so that readers of consecutive parts read every line once: what
    /// `lifetrace stats --jobs` does with a large file. The issues and warnings it reports name the
    /// file's lines (it counts the lines before its part when it first has to); ``position``
    /// counts from the part's first line until then. Returns `false`, changing nothing, unless the
    /// input is a regular file and nothing was read yet.
    @discardableResult
    public func restrict(toLinesStartingIn bytes: Range<Int>) -> Bool {
        guard fileSize != nil, lineNumber == 0, end == 0, !atEndOfInput, bytes.lowerBound >= 0 else { return false }
        (partStart, partEnd) = (bytes.lowerBound, bytes.upperBound)
        guard bytes.lowerBound > 0 else { return true }
        // From the byte before the part: a newline there means the part begins with a line.
        guard lseek(descriptor, off_t(bytes.lowerBound - 1), SEEK_SET) >= 0 else { return false }
        windowOffset = bytes.lowerBound - 1
        skipsPartialLine = true
        uncountedPrefix = bytes.lowerBound
        return true
    }

    /// Another reader of the same open file (not of whatever its path names by now), restricted to
    /// the lines that begin in `bytes` (``restrict(toLinesStartingIn:)``), keeping as many issues.
    ///
    /// - Throws: a ``TraceIssue`` when the input is not a regular file, or cannot be opened again.
    package func reader(ofLinesStartingIn bytes: Range<Int>) throws(TraceIssue) -> JSONLinesReader {
        func issue(_ message: String) -> TraceIssue { TraceIssue(source: source, line: 0, column: 0, message: message) }
        guard let fileSize, descriptor >= 0 else { throw issue("cannot be read in parts: not a regular file") }
        // A new open file description of the same file, with an offset of its own.
        let again = open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC)
        guard again >= 0 else { throw issue("cannot be opened again to be read in parts (\(SystemError.describe(errno)))") }
        var first = stat()
        var second = stat()
        guard fstat(descriptor, &first) == 0, fstat(again, &second) == 0, first.st_dev == second.st_dev,
            first.st_ino == second.st_ino
        else {
            close(again)
            throw issue("cannot be opened again to be read in parts (another file took its place)")
        }
        let part = JSONLinesReader(fileDescriptor: again, source: source, closesDescriptor: true, keptIssues: keptIssues)
        part.fileSize = fileSize
        guard part.restrict(toLinesStartingIn: bytes) else { throw issue("cannot be read in parts (it cannot seek)") }
        return part
    }

    /// Counts the lines before this reader's part, once: from then on ``position`` and what it
    /// reports name the file's lines. (Lines that begin before offset `p`: the first, and one after
    /// each newline before `p - 1`.)
    private func countLinesBefore() {
        guard uncountedPrefix > 0 else { return }
        let prefix = uncountedPrefix
        uncountedPrefix = 0
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
        defer { block.deallocate() }
        var lines = 1
        var offset = 0
        while offset < prefix - 1 {
            let count = pread(descriptor, block, min(Self.blockSize, prefix - 1 - offset), off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var from = block
            let stop = block + count
            while from < stop, let newline = memchr(from, 0x0A, stop - from) {
                lines += 1
                from = UnsafeMutableRawPointer(newline) + 1
            }
            offset += count
        }
        lineNumber += lines
    }

    /// Reads from an open descriptor; `closesDescriptor` closes it when the reader goes.
    public init(fileDescriptor: Int32, source: String, closesDescriptor: Bool = false, keptIssues: Int = 100) {
        self.descriptor = fileDescriptor
        self.source = source
        self.closesDescriptor = closesDescriptor
        self.keptIssues = max(keptIssues, 0)
        storage = .allocate(byteCount: Self.blockSize, alignment: 16)
    }

    /// Reads JSON lines held in memory.
    public init(data: Data, source: String, keptIssues: Int = .max) {
        self.descriptor = -1
        self.source = source
        self.closesDescriptor = false
        self.keptIssues = max(keptIssues, 0)
        storage = .allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 {
                storage.baseAddress!.copyMemory(from: base, byteCount: bytes.count)
            }
        }
        end = data.count
        atEndOfInput = true
    }

    deinit {
        storage.deallocate()
        if closesDescriptor { close(descriptor) }
    }

    public func next() throws(TraceIssue) -> Event? {
        while true {
            guard let (lineStart, lineEnd, terminated) = try nextLine() else { return nil }
            lineNumber += 1
            let bytes = UnsafeRawBufferPointer(storage)
            if JSONLineDecoder.isBlank(bytes, lineStart, lineEnd) { continue }
            do {
                var repairedAt: Int?
                let event = try JSONLineDecoder.decode(
                    bytes, lineStart, lineEnd, names: &names, sharing: &sharedHost, repairedAt: &repairedAt)
                position = lineNumber
                summary.events += 1
                if let repairedAt, summary.warnings.count < keptIssues {
                    countLinesBefore()
                    summary.warnings.append(
                        "\(source):\(lineNumber):\(repairedAt + 1): warning: a string is not valid UTF-8 (or holds a lone surrogate); read with U+FFFD in its place"
                    )
                }
                return event
            } catch let error as JSONSyntaxError {
                countLinesBefore()
                var message = error.message
                if !terminated, !message.contains("truncated") {
                    message += " (the file ends inside this line: truncated?)"
                }
                summary.add(
                    TraceIssue(source: source, line: lineNumber, column: error.offset + 1, message: message), keeping: keptIssues)
            } catch {
                countLinesBefore()
                summary.add(TraceIssue(source: source, line: lineNumber, column: 0, message: "\(error)"), keeping: keptIssues)
            }
        }
    }

    /// The next line's bounds in `storage` (without its newline) and whether a newline ended it;
    /// `nil` at the end of the input (or of the reader's part).
    private func nextLine() throws(TraceIssue) -> (Int, Int, Bool)? {
        var searchFrom = start
        while true {
            if !skipsPartialLine, windowOffset + start >= partEnd { return nil }
            if searchFrom < end, let base = storage.baseAddress,
                let newline = memchr(base + searchFrom, 0x0A, end - searchFrom)
            {
                let lineEnd = base.distance(to: UnsafeMutableRawPointer(newline))
                let lineStart = start
                start = lineEnd + 1
                if skipsPartialLine {
                    // The end of the part before's last line: its reader reads it.
                    skipsPartialLine = false
                    searchFrom = start
                    continue
                }
                // A read may bring a long line's newline with the rest: the limit is the line's.
                if lineEnd - lineStart > Self.maximumLineLength { return stopAtLongLine() }
                return (lineStart, lineEnd, true)
            }
            searchFrom = end
            if skipsPartialLine {
                // Still inside the line the part before reads. Past the most a line may take, that
                // part's reader stops at it, and this part is not read (so no need to look further).
                skipped += end - start
                start = end
                if skipped > Self.maximumLineLength {
                    atEndOfInput = true
                    stoppedAtLongLine = true
                    return nil
                }
            } else if end - start > Self.maximumLineLength {
                return stopAtLongLine()
            }
            if atEndOfInput {
                guard start < end, !skipsPartialLine else { return nil }
                let lineStart = start
                start = end
                return (lineStart, end, false)
            }
            let kept = try fill()
            searchFrom -= kept
        }
    }

    /// Reports the line at hand as longer than ``maximumLineLength`` and ends the reading there
    /// (what was read before it stays read).
    private func stopAtLongLine() -> (Int, Int, Bool)? {
        countLinesBefore()
        summary.add(
            TraceIssue(
                source: source, line: lineNumber + 1, column: Self.maximumLineLength + 1,
                message:
                    "a line longer than \(Self.maximumLineLength >> 20) MiB, the most a record may take: not JSON lines? (reading stops here)"
            ),
            keeping: keptIssues)
        start = end
        atEndOfInput = true
        stoppedAtLongLine = true
        return nil
    }

    /// Moves the unparsed bytes to the front, widening the window when they fill it, then reads a
    /// block; returns how far the unparsed bytes moved.
    private func fill() throws(TraceIssue) -> Int {
        let moved = start
        windowOffset += moved
        let pending = end - start
        if pending > 0, start > 0 {
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: pending)
        }
        start = 0
        end = pending
        if storage.count - end < Self.blockSize / 2 {
            let wider = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
            wider.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
            storage.deallocate()
            storage = wider
        }
        while true {
            let count = read(descriptor, storage.baseAddress! + end, storage.count - end)
            if count > 0 {
                // Of a part, the bytes in it (a block read runs past its end).
                let offset = windowOffset + end
                bytesRead += max(0, min(offset + count, partEnd) - max(offset, partStart))
                end += count
                return moved
            }
            if count == 0 {
                atEndOfInput = true
                if isPipe, lineNumber == 0, end == 0 {
                    summary.warnings.append(
                        "\(source): warning: a named pipe that no one wrote to (no writer had it open): no events")
                }
                return moved
            }
            if errno == EINTR { continue }
            let reason = errno == EISDIR ? "is a directory, expected a JSON-lines file" : SystemError.describe(errno)
            throw TraceIssue(source: source, line: 0, column: 0, message: "cannot be read: \(reason)")
        }
    }
}
