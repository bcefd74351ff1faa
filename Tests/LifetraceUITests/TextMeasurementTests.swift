import Foundation
import Testing

@testable import LifetraceUI

/// Text measurement with HarfBuzz: Font's metrics and `size(of:constrainedToWidth:numberOfLines:)`.
///
/// The widths are checked against the font file itself (its `hmtx` advances, read by the small
/// parser at the end of this file, for text without kerning pairs) and against values HarfBuzz gave
/// through another binding: fontTools 4.68 and uharfbuzz 0.57 (its own HarfBuzz build, not Debian's)
/// over DejaVu Sans 2.37 (Debian's fonts-dejavu-core 2.37-6):
///
/// | text | DejaVu Sans hmtx sum | shaped | DejaVu Sans Bold shaped |
/// |---|---|---|---|
/// | `Hello` | 5191 | 5191 | 5914 |
/// | `Hi` | 2109 | 2109 | 2416 |
/// | `Hello, world` | 12132 | 12132 | 13882 |
/// | `AVAWAY` | 8880 | 8235 (GPOS kerning) | 9424 |
///
/// (font units, 2048 to the em). At a point size of 2048 a font unit is a point, so the measured
/// width is the shaped advance exactly, with no rounding in the way.
@Suite("Text measurement")
struct TextMeasurementTests {
    static let body = Font.preferredFont(forTextStyle: .body)

    @Test("the backend is HarfBuzz (libharfbuzz0b and fonts-dejavu-core are installed by tools/setup)")
    func backendIsHarfBuzz() {
        #expect(Font.measurementBackend == .harfBuzz)
    }

    @Test("longer text is wider: Hi < Hello < Hello, world at 17 pt")
    func widthsOrder() {
        let hi = Self.body.size(of: "Hi")
        let hello = Self.body.size(of: "Hello")
        let helloWorld = Self.body.size(of: "Hello, world")
        #expect(hi.width < hello.width)
        #expect(hello.width < helloWorld.width)
        // One line each.
        #expect(hi.height == hello.height)
        #expect(hello.height == helloWorld.height)
    }

    @Test("Hello, world at 17 pt: 12132 font units, rounded up to a third of a point")
    func helloWorldAtBodySize() {
        let size = Self.body.size(of: "Hello, world")
        // 12132 × 17 / 2048 = 100.705…, rounded up on the 3× pixel grid.
        #expect(size.width == 101)
        #expect(size.width == Font.roundedUpToPixels(12132 * 17 / 2048))
        #expect(size.height == Font.roundedUpToPixels(Self.body.lineHeight))
    }

    @Test("widths equal the font's own hmtx advances when no pair kerns")
    func widthsMatchTheFontFile() throws {
        let file = try TrueTypeFile(path: Self.path(of: .regular))
        #expect(file.unitsPerEm == 2048)
        let font = Font.systemFont(ofSize: CGFloat(file.unitsPerEm))  // a font unit is a point
        for text in ["Hello", "Hi", "Hello, world", "Lifetrace", "minimum"] {
            #expect(font.size(of: text).width == CGFloat(file.advance(of: text)), "\(text)")
        }
        #expect(font.size(of: "Hello").width == 5191)
        #expect(font.size(of: "Hello, world").width == 12132)
    }

    @Test("HarfBuzz shapes: AVAWAY kerns, narrower than the sum of its advances")
    func kerning() throws {
        let file = try TrueTypeFile(path: Self.path(of: .regular))
        let font = Font.systemFont(ofSize: 2048)
        #expect(file.advance(of: "AVAWAY") == 8880)
        #expect(font.size(of: "AVAWAY").width == 8235)
    }

    @Test("the metrics are the font's: hhea ascender, descender (negative), line gap, the H's height")
    func metrics() throws {
        let file = try TrueTypeFile(path: Self.path(of: .regular))
        let font = Font.systemFont(ofSize: 17)
        let scale = 17 / CGFloat(file.unitsPerEm)
        #expect(font.ascender == CGFloat(file.ascender) * scale)
        #expect(font.descender == CGFloat(file.descender) * scale)
        #expect(font.descender < 0)
        #expect(font.leading == CGFloat(file.lineGap) * scale)
        #expect(font.lineHeight == font.ascender - font.descender + font.leading)
        // DejaVu Sans: 1901 + 483 units, 19.79 pt at 17 pt.
        #expect(font.lineHeight == 2384 * scale)
        #expect(font.capHeight == 1493 * scale)
        #expect(font.withSize(34).lineHeight == 2 * font.lineHeight)
    }

    @Test("bold is wider than regular, and named so")
    func bold() {
        let text = "Hello, world"
        let regular = Font.systemFont(ofSize: 2048)
        let bold = Font.boldSystemFont(ofSize: 2048)
        #expect(bold.size(of: text).width > regular.size(of: text).width)
        #expect(bold.size(of: text).width == 13882)
        #expect(Font.systemFont(ofSize: 17, weight: .heavy).size(of: text) == Font.boldSystemFont(ofSize: 17).size(of: text))
        #expect(regular.fontName == "DejaVu Sans")
        #expect(regular.familyName == "DejaVu Sans")
        #expect(bold.fontName == "DejaVu Sans Bold")
        #expect(bold.familyName == "DejaVu Sans")
        #expect(Font.systemFont(ofSize: 17, weight: .medium).fontName == "DejaVu Sans")
        #expect(Font.systemFont(ofSize: 17, weight: .semibold).fontName == "DejaVu Sans Bold")
    }

    @Test("the monospaced font: every character one advance")
    func monospaced() {
        let mono = Font.monospacedSystemFont(ofSize: 2048, weight: .regular)
        #expect(mono.familyName == "DejaVu Sans Mono")
        #expect(mono.fontName == "DejaVu Sans Mono")
        #expect(mono.size(of: "iiii").width == mono.size(of: "MMMM").width)
        #expect(mono.size(of: "Hello").width == CGFloat(5 * 1233))
        #expect(Font.monospacedSystemFont(ofSize: 17, weight: .bold).fontName == "DejaVu Sans Mono Bold")
    }

    @Test("italic and light use their faces when installed (fonts-dejavu-extra), else DejaVu Sans")
    func extraFaces() throws {
        let italic = Font.italicSystemFont(ofSize: 17)
        let light = Font.systemFont(ofSize: 17, weight: .light)
        let obliqueInstalled = FileManager.default.fileExists(atPath: Self.path(of: .oblique))
        let extraLightInstalled = FileManager.default.fileExists(atPath: Self.path(of: .extraLight))
        #expect(italic.fontName == (obliqueInstalled ? "DejaVu Sans Oblique" : "DejaVu Sans"))
        #expect(light.fontName == (extraLightInstalled ? "DejaVu Sans ExtraLight" : "DejaVu Sans"))
        #expect(Font.systemFont(ofSize: 17, weight: .ultraLight).fontName == light.fontName)
        #expect(Font.systemFont(ofSize: 17, weight: .thin).fontName == light.fontName)
        #expect(italic.weight == .regular)
        #expect(italic.size(of: "Hello").width > 0)
        #expect(light.size(of: "Hello").width > 0)
    }

    @Test("Dynamic Type sizes at Large, as Apple's Human Interface Guidelines list them")
    func preferredFonts() {
        let table: [(Font.TextStyle, CGFloat, Font.Weight, String)] = [
            (.largeTitle, 34, .regular, "UICTFontTextStyleTitle0"),
            (.title1, 28, .regular, "UICTFontTextStyleTitle1"),
            (.title2, 22, .regular, "UICTFontTextStyleTitle2"),
            (.title3, 20, .regular, "UICTFontTextStyleTitle3"),
            (.headline, 17, .semibold, "UICTFontTextStyleHeadline"),
            (.body, 17, .regular, "UICTFontTextStyleBody"),
            (.callout, 16, .regular, "UICTFontTextStyleCallout"),
            (.subheadline, 15, .regular, "UICTFontTextStyleSubhead"),
            (.footnote, 13, .regular, "UICTFontTextStyleFootnote"),
            (.caption1, 12, .regular, "UICTFontTextStyleCaption1"),
            (.caption2, 11, .regular, "UICTFontTextStyleCaption2"),
        ]
        for (style, size, weight, name) in table {
            let font = Font.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size, "\(style.rawValue)")
            #expect(font.weight == weight, "\(style.rawValue)")
            #expect(style.rawValue == name)
        }
        #expect(Font.preferredFont(forTextStyle: .headline).fontName == "DejaVu Sans Bold")
        #expect(Font.systemFont(ofSize: 12) == Font.preferredFont(forTextStyle: .caption1))
        #expect(Font.systemFont(ofSize: 12) != Font.boldSystemFont(ofSize: 12))
    }

    @Test("UIKit's weight values")
    func weights() {
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        #expect(weights.map(\.rawValue) == [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
        #expect(weights == weights.sorted())
    }

    @Test("empty text measures zero")
    func emptyText() {
        #expect(Self.body.size(of: "") == .zero)
        #expect(Self.body.size(of: "", constrainedToWidth: 100, numberOfLines: 0) == .zero)
    }

    @Test("a sentence wraps at 100 pt into whole lines")
    func wrapping() {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let lineHeight = Self.body.lineHeight
        let single = Self.body.size(of: sentence)
        #expect(single.height == Font.roundedUpToPixels(lineHeight))
        #expect(single.width > 100)

        let wrapped = Self.body.size(of: sentence, constrainedToWidth: 100, numberOfLines: 0)
        let lines = (wrapped.height / lineHeight).rounded()
        #expect(lines > 1)
        #expect(wrapped.height == Font.roundedUpToPixels(lines * lineHeight))
        #expect(wrapped.width <= 100)
        // Greedy, at 17 pt: "The quick" (82.5 pt) | "brown fox" (83.8) | "jumps over" (95.0) |
        // "the lazy" (67.4) | "dog" ("The quick brown" is 140.4, "quick brown" 103.4).
        #expect(lines == 5)
        // Without a limit, numberOfLines 1 keeps a single line, at most the width.
        let oneLine = Self.body.size(of: sentence, constrainedToWidth: 100)
        #expect(oneLine.height == single.height)
        #expect(oneLine.width <= 100)
    }

    @Test("numberOfLines caps the height")
    func lineLimit() {
        let text = String(repeating: "measure this text ", count: 20)
        let all = Self.body.size(of: text, constrainedToWidth: 120, numberOfLines: 0)
        let two = Self.body.size(of: text, constrainedToWidth: 120, numberOfLines: 2)
        #expect(all.height > Font.roundedUpToPixels(2 * Self.body.lineHeight))
        #expect(two.height == Font.roundedUpToPixels(2 * Self.body.lineHeight))
        #expect(two.width <= 120)
    }

    @Test("a hard line break makes two lines, as wide as the wider")
    func newline() {
        let size = Self.body.size(of: "Hello\nHello, world", numberOfLines: 0)
        #expect(size.height == Font.roundedUpToPixels(2 * Self.body.lineHeight))
        #expect(size.width == Self.body.size(of: "Hello, world").width)
        #expect(Self.body.size(of: "a\r\nb", numberOfLines: 0) == Self.body.size(of: "a\nb", numberOfLines: 0))
        // The default, one line: the second is dropped.
        #expect(Self.body.size(of: "Hello\nHello, world") == Self.body.size(of: "Hello"))
        // A trailing newline starts an empty line.
        #expect(Self.body.size(of: "Hello\n", numberOfLines: 0).height == size.height)
    }

    @Test("the spaces where a line wraps are not counted")
    func hangingSpaces() {
        let font = Font.systemFont(ofSize: 2048)
        // "world" 5639, a space 651, "Hello" 5191: 14085 in all, so 10000 wraps after "world", whose
        // line would be 8894 wide with its five spaces.
        let size = font.size(of: "world     Hello", constrainedToWidth: 10000, numberOfLines: 0)
        #expect(size.height == Font.roundedUpToPixels(2 * font.lineHeight))
        #expect(size.width == font.size(of: "world").width)
        #expect(size.width == 5639)
        // At a paragraph's end the spaces count, as `sizeWithAttributes` counts them.
        #expect(font.size(of: "world  ").width == CGFloat(5639 + 2 * 651))
    }

    @Test("a word wider than the width breaks between grapheme clusters")
    func longWord() {
        let font = Font.systemFont(ofSize: 2048)
        // 17 'm's of 1995 units: 4 to a line of 8000.
        let word = String(repeating: "m", count: 17)
        let size = font.size(of: word, constrainedToWidth: 8000, numberOfLines: 0)
        #expect(size.height == Font.roundedUpToPixels(5 * font.lineHeight))
        #expect(size.width == CGFloat(4 * 1995))
        // Combining accents stay with their letter: "é" as e + U+0301 is one cluster.
        let accented = String(repeating: "e\u{301}", count: 10)
        let accentedSize = font.size(of: accented, constrainedToWidth: 3 * 1260, numberOfLines: 0)
        #expect(accentedSize.width == CGFloat(3 * 1260))
        #expect(accentedSize.height == Font.roundedUpToPixels(4 * font.lineHeight))
    }

    // (How measuring grows with the text's length is a benchmark's matter, not a timed test's.)
    @Test("a text ten times longer wraps into about ten times the lines")
    func longTexts() {
        let phrase = "Lorem ipsum dolor sit amet, consectetur adipiscing elit; "
        func text(_ count: Int) -> String { String(String(repeating: phrase, count: count / phrase.count + 1).prefix(count)) }
        let small = text(10_000)
        let large = text(100_000)
        // And the result is sane: the lines of the large text are about ten times those of the small.
        let smallLines = Self.body.size(of: small, constrainedToWidth: 300, numberOfLines: 0).height
        let largeLines = Self.body.size(of: large, constrainedToWidth: 300, numberOfLines: 0).height
        #expect(largeLines > 9 * smallLines && largeLines < 11 * smallLines)
    }

    @Test("without HarfBuzz's font, the backend says why and measurement approximates")
    func approximation() {
        let state = TextShapingState(environment: ["LIFETRACE_FONT_DIRECTORY": "/nonexistent/lifetrace-fonts"])
        guard case .approximation(let reason) = state.backend else {
            Issue.record("a missing font directory gave \(state.backend)")
            return
        }
        #expect(reason.contains("/nonexistent/lifetrace-fonts/DejaVuSans.ttf"))
        #expect(reason.contains("No such file or directory"))
        #expect(reason.contains("LIFETRACE_FONT_DIRECTORY"))

        // 0.55 em a grapheme cluster, at 10 pt: "abc de" is 6 × 5.5 = 33 pt, wrapped at 20 pt two lines.
        var text = "abc de\u{301}"
        let (oneLine, wrapped) = text.withUTF8 { bytes in
            let measurer = RunMeasurer(bytes: bytes, shaper: .approximation, scale: 10)
            var oneLine = LineBreaker(limit: .infinity, maxLines: .max)
            measurer.layOut(into: &oneLine)
            var wrapped = LineBreaker(limit: 20, maxLines: .max)
            measurer.layOut(into: &wrapped)
            return ((oneLine.count, oneLine.widest), (wrapped.count, wrapped.widest))
        }
        #expect(oneLine.0 == 1)
        #expect(abs(oneLine.1 - 33) < 1e-9)
        #expect(wrapped.0 == 2)
        #expect(abs(wrapped.1 - 16.5) < 1e-9)
        #expect(FaceMetrics.approximation.ascender - FaceMetrics.approximation.descender == 1.2)
    }

    /// The path of a font file, in the directory the measurements use.
    static func path(of file: FontFile) -> String {
        TextShapingState.path(of: file, in: textShaping.withLock { $0.directory })
    }
}

/// The few tables of a TrueType file that give advances and vertical metrics (`head`, `hhea`,
/// `hmtx`, and `cmap`'s Windows Unicode BMP subtable, format 4), read directly, as the OpenType
/// specification lays them out: an oracle independent of HarfBuzz.
struct TrueTypeFile {
    struct Malformed: Error {}

    let bytes: [UInt8]
    let unitsPerEm: Int
    let ascender: Int
    let descender: Int
    let lineGap: Int
    private let numberOfHMetrics: Int
    private let hmtx: Int
    private let cmap: Int

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Malformed() }
        bytes = [UInt8](data)
        var tables: [String: Int] = [:]
        let count = Int(Self.u16(bytes, 4))
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = Int(Self.u32(bytes, record + 8))
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let hmtx = tables["hmtx"],
            let cmapTable = tables["cmap"]
        else { throw Malformed() }
        unitsPerEm = Int(Self.u16(bytes, head + 18))
        ascender = Int(Int16(bitPattern: Self.u16(bytes, hhea + 4)))
        descender = Int(Int16(bitPattern: Self.u16(bytes, hhea + 6)))
        lineGap = Int(Int16(bitPattern: Self.u16(bytes, hhea + 8)))
        numberOfHMetrics = Int(Self.u16(bytes, hhea + 34))
        self.hmtx = hmtx
        var subtable: Int?
        for index in 0..<Int(Self.u16(bytes, cmapTable + 2)) {
            let record = cmapTable + 4 + 8 * index
            if Self.u16(bytes, record) == 3, Self.u16(bytes, record + 2) == 1 {
                subtable = cmapTable + Int(Self.u32(bytes, record + 4))
            }
        }
        guard let subtable, Self.u16(bytes, subtable) == 4 else { throw Malformed() }
        cmap = subtable
    }

    /// The glyph of a BMP character (0, `.notdef`, when the font lacks it).
    func glyph(of scalar: Unicode.Scalar) -> Int {
        let code = Int(scalar.value)
        let segments = Int(Self.u16(bytes, cmap + 6)) / 2
        let ends = cmap + 14
        let starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments
        let rangeOffsets = deltas + 2 * segments
        for segment in 0..<segments where Int(Self.u16(bytes, ends + 2 * segment)) >= code {
            let start = Int(Self.u16(bytes, starts + 2 * segment))
            guard start <= code else { return 0 }
            let delta = Int(Self.u16(bytes, deltas + 2 * segment))
            let rangeOffset = Int(Self.u16(bytes, rangeOffsets + 2 * segment))
            if rangeOffset == 0 { return (code + delta) & 0xFFFF }
            let glyph = Int(Self.u16(bytes, rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start)))
            return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
        }
        return 0
    }

    /// The sum of the advances of a text's characters' glyphs: its width without kerning.
    func advance(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let glyph = glyph(of: scalar)
            let metric = hmtx + 4 * min(glyph, numberOfHMetrics - 1)
            return sum + Int(Self.u16(bytes, metric))
        }
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(u16(bytes, offset)) << 16 | UInt32(u16(bytes, offset + 2))
    }
}
