import CLifetraceText
import Foundation

extension Font {
    /// How fonts measure text: shaped by HarfBuzz, or approximated when HarfBuzz or the fonts are
    /// missing.
    public enum MeasurementBackend: Sendable, Hashable {
        /// HarfBuzz shapes the text in the DejaVu font files: advances with kerning and ligatures,
        /// and the faces' own metrics.
        case harfBuzz
        /// Each grapheme cluster is 0.55 em wide and a line 1.2 em high, because HarfBuzz or the
        /// regular DejaVu face could not be loaded; `reason` says which and why, and what installs it.
        case approximation(reason: String)
    }

    /// How this process measures text, chosen once, at the first use of a font's metrics or
    /// measurements: ``MeasurementBackend/harfBuzz`` when `libharfbuzz.so.0` (Debian's
    /// `libharfbuzz0b`) and `DejaVuSans.ttf` (`fonts-dejavu-core`) load.
    public static var measurementBackend: MeasurementBackend { chosenBackend }

    private static let chosenBackend = textShaping.withLock { $0.backend }

    /// The size of a text set in this font, as UIKit's `NSString.boundingRect(with:options:attributes:context:)`
    /// and `UILabel.sizeThatFits(_:)` give it.
    ///
    /// Hard line breaks (`"\n"`, `"\r\n"`, and the other newline characters) start new lines.
    /// With a width, each paragraph wraps greedily at spaces: a line takes words while they fit,
    /// the spaces where it breaks are not counted in its width, and a word wider than the width
    /// breaks between grapheme clusters. With a line limit the lines past it are dropped (a label
    /// truncates its last line), so the width is then at most the constraint; it is at most the
    /// constraint with any line count, as a single cluster wider than it is clipped.
    ///
    /// The width is the widest line's advance, the height the number of lines times
    /// ``lineHeight``; both are rounded up to the pixel grid of a 3× screen (`ceil(x * 3) / 3`), as
    /// UIKit rounds a label's size up to whole pixels. Each word is shaped by HarfBuzz (with the
    /// ``measurementBackend``), and the time is linear in the text's length.
    ///
    /// - Parameters:
    ///   - text: The text. Empty text measures `.zero`, as a label without text has no intrinsic size.
    ///   - width: The width lines wrap at, in points; `nil`, as well as a width that is not positive
    ///     and finite (UIKit code asks `sizeThatFits(.zero)` for a label's natural size), means lines
    ///     never wrap.
    ///   - numberOfLines: The most lines, as `UILabel.numberOfLines`: 0 (or less) for no limit.
    /// - Returns: The bounding size, in points.
    public func size(of text: String, constrainedToWidth width: CGFloat? = nil, numberOfLines: Int = 1) -> CGSize {
        guard !text.isEmpty else { return .zero }
        let limit: CGFloat =
            if let width, width > 0, width.isFinite { width } else { .infinity }
        let maxLines = numberOfLines > 0 ? numberOfLines : Int.max
        let file = FontFile(for: self)
        let pointSize = pointSize
        return textShaping.withLock { state in
            // The bytes are taken inside the lock: the state's fonts and the text then share one
            // region, which the closure owns.
            var text = text
            return text.withUTF8 { bytes in
                let (face, shaper) = state.entry(for: file)
                let measurer = RunMeasurer(
                    bytes: bytes, shaper: shaper, scale: pointSize / CGFloat(face.metrics.unitsPerEm))
                var lines = LineBreaker(limit: limit, maxLines: maxLines)
                measurer.layOut(into: &lines)
                let lineHeight = measurer.scale * CGFloat(face.metrics.lineHeight)
                return CGSize(
                    width: Self.roundedUpToPixels(min(lines.widest, limit)),
                    height: Self.roundedUpToPixels(CGFloat(lines.count) * lineHeight))
            }
        }
    }

    /// A length rounded up to the pixel grid of a 3× screen. A length a rounding error above a
    /// pixel boundary (a millionth of a pixel) stays on it.
    static func roundedUpToPixels(_ length: CGFloat) -> CGFloat {
        max(0, (length * 3 - 1e-6).rounded(.up) / 3)
    }
}

/// Measures the runs of one text (its UTF-8 bytes) in one face, and feeds its words and spaces to
/// a ``LineBreaker``.
struct RunMeasurer {
    let bytes: UnsafeBufferPointer<UInt8>
    let shaper: Shaper
    /// Points per font unit (per em for the approximation).
    let scale: CGFloat

    /// The approximation's advance of a grapheme cluster, in ems.
    static let approximateAdvance: CGFloat = 0.55

    /// Walks the text once: words (runs without spaces or newlines), runs of spaces, and newlines.
    func layOut(into lines: inout LineBreaker) {
        let count = bytes.count
        var index = 0
        var wordStart: Int?
        func endWord(at end: Int) {
            guard let start = wordStart else { return }
            wordStart = nil
            let range = start..<end
            lines.addWord(width(of: range)) { clusterWidths(of: range) }
        }
        while index < count, !lines.isFull {
            if bytes[index] == 0x20 {
                endWord(at: index)
                if lines.isFull { break }
                var end = index + 1
                while end < count, bytes[end] == 0x20 { end += 1 }
                lines.addSpaces(CGFloat(end - index) * spaceWidth)
                index = end
            } else if let length = newlineLength(at: index) {
                endWord(at: index)
                if lines.isFull { break }
                lines.endParagraph()
                index += length
            } else {
                if wordStart == nil { wordStart = index }
                index += 1
            }
        }
        if !lines.isFull {
            endWord(at: count)
            if !lines.isFull { lines.endParagraph() }
        }
    }

    /// The length in bytes of the newline at `index` (Swift's `Character.isNewline`: LF, VT, FF,
    /// CR, CR LF, NEL, LS, PS), or `nil`.
    private func newlineLength(at index: Int) -> Int? {
        switch bytes[index] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : nil
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            else { return nil }
            return 3
        default: return nil
        }
    }

    /// The width of one space, in points.
    private var spaceWidth: CGFloat {
        switch shaper {
        case .harfBuzz(_, let spaceAdvance): CGFloat(spaceAdvance) * scale
        case .approximation: Self.approximateAdvance * scale
        }
    }

    /// The text of a range of bytes.
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The C string pointer to a range's first byte (`UInt8` and `CChar` memory may alias).
    private func characters(_ range: Range<Int>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(bytes.baseAddress! + range.lowerBound).assumingMemoryBound(to: CChar.self)
    }

    /// The advance of a word shaped as one run, in points.
    private func width(of range: Range<Int>) -> CGFloat {
        switch shaper {
        case .harfBuzz(let font, _):
            CGFloat(lifetrace_text_font_advance(font, characters(range), Int32(clamping: range.count))) * scale
        case .approximation:
            CGFloat(string(range).count) * Self.approximateAdvance * scale
        }
    }

    /// The advances of a word's grapheme clusters, in points, from one shaping of the whole word:
    /// where a word too wide for a line breaks.
    private func clusterWidths(of range: Range<Int>) -> [CGFloat] {
        let word = string(range)
        switch shaper {
        case .harfBuzz(let font, _):
            var advances = [Int32](repeating: 0, count: range.count)
            lifetrace_text_font_cluster_advances(font, characters(range), Int32(clamping: range.count), &advances)
            var widths: [CGFloat] = []
            var offset = 0
            for character in word {
                let end = offset + character.utf8.count
                widths.append(CGFloat(advances[offset..<end].reduce(0) { $0 + Int64($1) }) * scale)
                offset = end
            }
            return widths
        case .approximation:
            return Array(repeating: Self.approximateAdvance * scale, count: word.count)
        }
    }
}

/// Greedy line breaking: counts the lines words and spaces fill, and the widest.
///
/// Invariants: `line` is the current line's width without its trailing spaces, which wait in
/// `pendingSpaces` (they count only if a word follows on the same line, or the paragraph ends);
/// `lineHasContent` is false exactly when nothing was placed on the current line; once `isFull`,
/// the line limit is reached and nothing more is placed.
struct LineBreaker {
    /// The width lines wrap at (`.infinity`: never).
    let limit: CGFloat
    /// The most lines (`Int.max`: no limit).
    let maxLines: Int
    /// The lines finished so far.
    private(set) var count = 0
    /// The widest finished line.
    private(set) var widest: CGFloat = 0
    /// Whether `maxLines` lines are finished: the rest of the text is dropped.
    private(set) var isFull = false

    private var line: CGFloat = 0
    private var pendingSpaces: CGFloat = 0
    private var lineHasContent = false

    /// A word that fits within the limit by this much (rounding errors of sums) still fits.
    private static let tolerance: CGFloat = 1e-6

    init(limit: CGFloat, maxLines: Int) {
        self.limit = limit
        self.maxLines = maxLines
    }

    /// Spaces: between words they wait for the next word; at a paragraph's start they take room.
    mutating func addSpaces(_ width: CGFloat) {
        if lineHasContent {
            pendingSpaces += width
        } else {
            line += width
            lineHasContent = true
        }
    }

    /// A word of a width, on this line if it fits, else on the next; one wider than the limit
    /// breaks between the clusters `clusters` gives (asked only then).
    mutating func addWord(_ width: CGFloat, clusters: () -> [CGFloat]) {
        if lineHasContent {
            if line + pendingSpaces + width <= limit + Self.tolerance {
                line += pendingSpaces + width
                pendingSpaces = 0
                return
            }
            finishLine()
            if isFull { return }
        }
        if width <= limit + Self.tolerance {
            line = width
            lineHasContent = true
            return
        }
        for cluster in clusters() {
            if lineHasContent, line + cluster > limit + Self.tolerance {
                finishLine()
                if isFull { return }
            }
            line += cluster
            lineHasContent = true
        }
    }

    /// The end of a paragraph: its last line is finished, with its trailing spaces as far as the
    /// limit leaves room (an empty paragraph is an empty line).
    mutating func endParagraph() {
        line = min(line + pendingSpaces, max(line, limit))
        finishLine()
    }

    private mutating func finishLine() {
        count += 1
        widest = max(widest, line)
        line = 0
        pendingSpaces = 0
        lineHasContent = false
        if count >= maxLines { isFull = true }
    }
}
