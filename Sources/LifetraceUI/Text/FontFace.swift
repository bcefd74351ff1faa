import CLifetraceText
import Foundation
import Synchronization

/// The DejaVu font files that ``Font`` draws with, each with the face it holds.
enum FontFile: String, Sendable, Hashable, CaseIterable {
    case regular = "DejaVuSans.ttf"
    case bold = "DejaVuSans-Bold.ttf"
    case extraLight = "DejaVuSans-ExtraLight.ttf"
    case oblique = "DejaVuSans-Oblique.ttf"
    case monospaced = "DejaVuSansMono.ttf"
    case monospacedBold = "DejaVuSansMono-Bold.ttf"

    /// The file a font asks for: by design, then by weight (semibold and heavier are bold, light and
    /// lighter extra light).
    init(for font: Font) {
        let bold = font.weight >= .semibold
        switch font.design {
        case .italic: self = .oblique
        case .monospaced: self = bold ? .monospacedBold : .monospaced
        case .regular:
            if bold {
                self = .bold
            } else if font.weight <= .light {
                self = .extraLight
            } else {
                self = .regular
            }
        }
    }

    /// The face's full name, as the font file names it.
    var fullName: String {
        switch self {
        case .regular: "DejaVu Sans"
        case .bold: "DejaVu Sans Bold"
        case .extraLight: "DejaVu Sans ExtraLight"
        case .oblique: "DejaVu Sans Oblique"
        case .monospaced: "DejaVu Sans Mono"
        case .monospacedBold: "DejaVu Sans Mono Bold"
        }
    }

    /// The face's family.
    var familyName: String {
        switch self {
        case .monospaced, .monospacedBold: "DejaVu Sans Mono"
        default: "DejaVu Sans"
        }
    }

    /// The file drawn with when this one is not installed (`fonts-dejavu-core` has only the regular
    /// and bold faces; ExtraLight and Oblique are in `fonts-dejavu-extra`), or `nil` for the regular
    /// face, the last resort.
    var fallback: FontFile? {
        switch self {
        case .regular: nil
        case .monospacedBold: .monospaced
        case .bold, .extraLight, .oblique, .monospaced: .regular
        }
    }
}

/// A face's vertical metrics, in its font units (`unitsPerEm` to the em).
struct FaceMetrics: Sendable, Hashable {
    var unitsPerEm: Double
    var ascender: Double
    var descender: Double
    var lineGap: Double
    var capHeight: Double

    /// Ascender to descender, plus the line gap: one line's height, as UIKit's `lineHeight`.
    var lineHeight: Double { ascender - descender + lineGap }

    /// The approximation's metrics, in ems: lines of 1.2 em.
    static let approximation = FaceMetrics(unitsPerEm: 1, ascender: 0.95, descender: -0.25, lineGap: 0, capHeight: 0.7)
}

/// The face a font is measured with: the file actually drawn with (its own or a fallback) and the
/// file's metrics.
struct FontFace: Sendable, Hashable {
    var file: FontFile
    var metrics: FaceMetrics

    var fullName: String { file.fullName }
    var familyName: String { file.familyName }

    /// The face a font is measured with, opening its file the first time.
    static func resolved(for font: Font) -> FontFace {
        textShaping.withLock { $0.entry(for: FontFile(for: font)).face }
    }
}

/// How a face's text is measured: shaped by HarfBuzz, or approximated.
enum Shaper {
    /// An open HarfBuzz font, and the advance of one space in it (font units).
    case harfBuzz(OpaquePointer, spaceAdvance: Int64)
    /// Each grapheme cluster 0.55 em (``FaceMetrics/approximation``'s units are ems).
    case approximation
}

/// Everything HarfBuzz-related behind ``Font``: the backend chosen once, and the open fonts.
///
/// Invariants: the one instance lives in ``textShaping``, so every C font handle is reached only
/// while its lock is held, which makes "one thread at a time" (lifetrace_text.h) hold. A handle is
/// opened at most once per path and never closed (a handful of files, for the process's life).
/// The backend is `.harfBuzz` exactly when HarfBuzz loaded and the regular face opened; then every
/// entry is a HarfBuzz one (a missing face falls back down to the regular face), otherwise every
/// entry approximates.
struct TextShapingState {
    /// Where the font files are: `LIFETRACE_FONT_DIRECTORY`, read once, or Debian's directory.
    let directory: String
    let backend: Font.MeasurementBackend
    /// The open fonts, by path.
    private var handles: [String: OpaquePointer] = [:]
    /// The face and shaper of each requested file.
    private var entries: [FontFile: (face: FontFace, shaper: Shaper)] = [:]

    /// Debian's directory of the DejaVu fonts.
    static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let configured = environment["LIFETRACE_FONT_DIRECTORY"] ?? ""
        directory = configured.isEmpty ? Self.defaultDirectory : configured
        var reason = [CChar](repeating: 0, count: 512)
        guard lifetrace_text_load(&reason, reason.count) != 0 else {
            backend = .approximation(reason: Self.string(reason))
            return
        }
        let path = Self.path(of: .regular, in: directory)
        guard let handle = lifetrace_text_font_open(path, &reason, reason.count) else {
            let hint =
                configured.isEmpty
                ? "Debian package fonts-dejavu-core, or LIFETRACE_FONT_DIRECTORY naming a directory with DejaVuSans.ttf"
                : "LIFETRACE_FONT_DIRECTORY is \(configured)"
            backend = .approximation(reason: "\(Self.string(reason)) (\(hint))")
            return
        }
        handles[path] = handle
        backend = .harfBuzz
    }

    /// The face and shaper a requested file is measured with (opened, or its fallback found, the
    /// first time).
    mutating func entry(for file: FontFile) -> (face: FontFace, shaper: Shaper) {
        if let entry = entries[file] { return entry }
        let entry = makeEntry(for: file)
        entries[file] = entry
        return entry
    }

    private mutating func makeEntry(for file: FontFile) -> (face: FontFace, shaper: Shaper) {
        guard backend == .harfBuzz else {
            return (FontFace(file: file, metrics: .approximation), .approximation)
        }
        var candidate: FontFile? = file
        while let current = candidate {
            if let handle = open(current) {
                let metrics = lifetrace_text_font_metrics(handle)
                let face = FontFace(
                    file: current,
                    metrics: FaceMetrics(
                        unitsPerEm: Double(metrics.units_per_em), ascender: Double(metrics.ascender),
                        descender: Double(metrics.descender), lineGap: Double(metrics.line_gap),
                        capHeight: Double(metrics.cap_height)))
                return (face, .harfBuzz(handle, spaceAdvance: lifetrace_text_font_advance(handle, " ", 1)))
            }
            candidate = current.fallback
        }
        // Unreachable while the invariant holds: the regular face opened when the backend was chosen.
        return (FontFace(file: file, metrics: .approximation), .approximation)
    }

    /// The open font of a file, opening it the first time; `nil` when it cannot be opened.
    private mutating func open(_ file: FontFile) -> OpaquePointer? {
        let path = Self.path(of: file, in: directory)
        if let handle = handles[path] { return handle }
        guard let handle = lifetrace_text_font_open(path, nil, 0) else { return nil }
        handles[path] = handle
        return handle
    }

    static func path(of file: FontFile, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + file.rawValue : directory + "/" + file.rawValue
    }

    private static func string(_ characters: [CChar]) -> String {
        characters.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// The shaping state of the process: created (HarfBuzz loaded, the backend chosen) at the first
/// use of a font's metrics or measurement.
let textShaping = Mutex(TextShapingState())
