import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// The report's wireframe in headless Chromium: a layout pass of a real run (the Auto Layout
/// scenario), opened from the page's address, drawn where the trace's frames say, checked in the
/// page's DOM and in the pixels of a screenshot.
@Suite(.needs("chromium"), .serialized) struct WireframeBrowserTests {
    /// One view of a wireframe as the trace places it at the end of a pass.
    struct Placed {
        var id: String
        var name: String
        var rect: (x: Double, y: Double, width: Double, height: Double)
        var depth: Int
    }

    /// The views of `window`'s hierarchy at the end of the pass whose end is event `end`: each
    /// view's latest frame record, placed at its superview's place plus its offset (a view without
    /// a superview at its frame); branches that left are not placed.
    static func placed(_ trace: Trace, through end: Int, window: UInt) -> [String: Placed] {
        var latest: [UInt: Event] = [:]
        for event in trace.events[...end]
        where (event.hook == .layoutSubviews && event.phase == .end && event.frame != nil) || event.hook == .frameChange {
            latest[event.subject.id] = event
        }
        var places: [UInt: Placed?] = [:]
        var top: [UInt: UInt] = [:]
        func place(_ id: UInt) -> Placed? {
            if let known = places[id] { return known }
            guard let event = latest[id], let frame = event.frame else { return nil }
            var result: Placed?
            let hex = "0x" + String(id, radix: 16)
            if let superview = frame.superview {
                if let above = place(superview) {
                    result = Placed(
                        id: hex, name: event.subject.name,
                        rect: (above.rect.x + frame.offsetX, above.rect.y + frame.offsetY, frame.width, frame.height),
                        depth: above.depth + 1)
                    top[id] = top[superview]
                }
            } else {
                result = Placed(id: hex, name: event.subject.name, rect: (frame.x, frame.y, frame.width, frame.height), depth: 0)
                top[id] = id
            }
            places[id] = .some(result)
            return result
        }
        var result: [String: Placed] = [:]
        for id in latest.keys {
            if let view = place(id), top[id] == window { result[view.id] = view }
        }
        return result
    }

    /// One `<rect>` of the dumped page: its attributes.
    struct DrawnRect {
        var id: String
        var name: String
        var x: Double, y: Double, width: Double, height: Double
        var frame: [Double]
        var stroke: String
        var depth: Int
        var hot: Bool
    }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }

    static func rects(in dom: String) -> [DrawnRect] {
        var rects: [DrawnRect] = []
        var rest = dom[...]
        while let start = rest.range(of: "<rect ") {
            let tag = rest[start.lowerBound...].prefix { $0 != ">" }
            rest = rest[start.upperBound...]
            func number(_ name: String) -> Double { Double(attribute(name, in: tag) ?? "") ?? .nan }
            rects.append(
                DrawnRect(
                    id: attribute("data-id", in: tag) ?? "", name: attribute("data-name", in: tag) ?? "", x: number("x"),
                    y: number("y"), width: number("width"),
                    height: number("height"),
                    frame: (attribute("data-frame", in: tag) ?? "").split(separator: ",").compactMap { Double($0) },
                    stroke: attribute("stroke", in: tag) ?? "", depth: Int(attribute("data-depth", in: tag) ?? "") ?? -1,
                    hot: attribute("class", in: tag)?.contains("hot") == true))
        }
        return rects
    }

    /// The RGB colour of `#rrggbb`.
    static func rgb(_ hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0..<$0 + 2]), radix: 16) ?? -1 }
    }

    /// The pixels of a PNG at `points`, each `[r, g, b]`, read with python3's zlib (8-bit RGB or
    /// RGBA, not interlaced: what Chromium writes).
    static func pixels(of png: String, at points: [(Int, Int)]) throws -> [[Int]] {
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], "rb").read()
            assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
            pos, idat = 8, b""
            while pos < len(data):
                length, kind = struct.unpack(">I4s", data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                if kind == b"IHDR":
                    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
                    assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
                elif kind == b"IDAT":
                    idat += body
                pos += 12 + length
            channels = 4 if color == 6 else 3
            raw, stride = zlib.decompress(idat), width * channels
            rows, previous = [], bytearray(stride)
            for y in range(height):
                kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for x in range(stride):
                    a = line[x - channels] if x >= channels else 0
                    b = previous[x]
                    c = previous[x - channels] if x >= channels else 0
                    if kind == 1: line[x] = (line[x] + a) & 255
                    elif kind == 2: line[x] = (line[x] + b) & 255
                    elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif kind == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line)
                previous = line
            for point in sys.argv[2:]:
                x, y = map(int, point.split(","))
                print(",".join(str(v) for v in rows[y][x * channels:x * channels + 3]))
            """
        let result = try runProcess(try tool("python3"), ["-c", script, png] + points.map { "\($0.0),\($0.1)" })
        guard result.status == 0 else { throw TestSupportError("reading \(png): \(result)") }
        return lines(result.stdout).map { $0.split(separator: ",").compactMap { Int($0) } }
    }

    @Test func aLayoutPassOpensItsWireframeDrawnWhereTheTraceSays() throws {
        let binary = try LifetraceBinary.path()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let jsonl = scratch.path("auto-layout.jsonl")
        let run = try runProcess(binary, ["run", Repository.path("Scenarios/auto-layout.scenario"), "--sink", "jsonl=\(jsonl)"])
        try #require(run.status == 0, "\(run)")
        let trace = try TraceReader.read(path: jsonl)
        // The last pass, after the rotation: the hierarchy in landscape.
        let pass = try #require(trace.intervals().last { $0.hook == .layoutPass && $0.endIndex != nil })
        let seq = try #require(pass.beginIndex.map { trace.events[$0].seq })
        let expected = Self.placed(trace, through: pass.endIndex!, window: pass.subject.id)
        let selected = try #require(
            expected.values.first { $0.name == "Right" }, "no Right view in \(expected.values.map(\.name))")
        #expect(expected.count >= 7, "\(expected.values.map(\.name))")

        let html = scratch.path("report.html")
        let report = try runProcess(binary, ["report", jsonl, "-o", html])
        try #require(report.status == 0, "\(report)")
        let page = "\(html)#wireframe=\(seq)&view=\(selected.id)"
        let options = ["--hide-scrollbars", "--force-device-scale-factor=1"]
        let dom = try ReportBrowserTests.chromium(options + ["--dump-dom"], file: page, scratch: scratch)
        #expect(dom.status == 0, "\(dom)")
        let status = ReportBrowserTests.check(dom.stdout)
        try #require(status.status == "ok", "the page's script failed: \(status.error ?? "no status")")
        #expect(dom.stdout.contains("data-wireframe=\"\(seq)\""), "the wireframe of pass \(seq) is not open")
        #expect(!dom.stdout.contains("<div id=\"wireframe\" role=\"dialog\" aria-labelledby=\"wireframe-title\" hidden"))

        // The DOM: one rectangle per view of the window, each placed as the trace says, scaled to
        // fit; the selected view highlighted.
        let rects = Self.rects(in: dom.stdout)
        #expect(Set(rects.map(\.id)) == Set(expected.keys), "drawn \(rects.map(\.id)), expected \(expected.keys.sorted())")
        let svgTag = try #require(
            dom.stdout.range(of: "<svg id=\"wireframe-svg\"").map { dom.stdout[$0.lowerBound...].prefix { $0 != ">" } })
        let scale = try #require(Self.attribute("data-scale", in: svgTag).flatMap(Double.init))
        let origin = (Self.attribute("data-origin", in: svgTag) ?? "").split(separator: ",").compactMap { Double($0) }
        let box = (Self.attribute("data-box", in: svgTag) ?? "").split(separator: ",").compactMap { Int($0) }
        try #require(origin.count == 2 && box.count == 2, "\(svgTag)")
        #expect(scale > 0.3 && scale < 2, "scale \(scale)")
        for rect in rects {
            let view = try #require(expected[rect.id])
            #expect(rect.frame == [view.rect.x, view.rect.y, view.rect.width, view.rect.height], "\(view.name)")
            #expect(rect.depth == view.depth, "\(view.name)")
            #expect(abs(rect.x - 0.5 - (12 + (view.rect.x - origin[0]) * scale)) <= 1, "\(view.name): x \(rect.x)")
            #expect(abs(rect.y - 0.5 - (12 + (view.rect.y - origin[1]) * scale)) <= 1, "\(view.name): y \(rect.y)")
            #expect(abs(rect.width - view.rect.width * scale) <= 1, "\(view.name): width \(rect.width)")
            #expect(abs(rect.height - view.rect.height * scale) <= 1, "\(view.name): height \(rect.height)")
            #expect(rect.hot == (rect.id == selected.id), "\(view.name)")
        }
        #expect(dom.stdout.contains("Right \(selected.id) · x "), "the selected view's frame is shown")

        // The pixels: each outline in its depth's colour where no other outline crosses it, and
        // the selected view filled with the highlight.
        let screenshot = scratch.path("wireframe.png")
        let shot = try ReportBrowserTests.chromium(options + ["--screenshot=\(screenshot)"], file: page, scratch: scratch)
        #expect(shot.status == 0, "\(shot)")
        let hot = try #require(rects.first { $0.hot })
        func onPage(_ x: Double, _ y: Double) -> (Int, Int) { (box[0] + Int(x.rounded(.down)), box[1] + Int(y.rounded(.down))) }
        func inside(_ rect: DrawnRect, _ x: Double, _ y: Double) -> Bool {
            x >= rect.x - 1 && x <= rect.x + rect.width + 1 && y >= rect.y - 1 && y <= rect.y + rect.height + 1
        }
        func crossed(by other: DrawnRect, _ x: Double, _ y: Double) -> Bool {
            let onVertical =
                (abs(other.x - x) < 1.5 || abs(other.x + other.width - x) < 1.5) && y >= other.y - 1
                && y <= other.y + other.height + 1
            let onHorizontal =
                (abs(other.y - y) < 1.5 || abs(other.y + other.height - y) < 1.5) && x >= other.x - 1
                && x <= other.x + other.width + 1
            return onVertical || onHorizontal
        }
        // A label's text: from 3 pixels in, its name's characters at most 7 pixels each, on the
        // rows below the top (two labels for views that share a corner).
        func underLabel(of other: DrawnRect, _ x: Double, _ y: Double) -> Bool {
            other.width >= 24 && other.height >= 13 && x >= other.x && x <= other.x + 4 + 7 * Double(other.name.count)
                && y >= other.y && y <= other.y + 26
        }
        var samples: [(point: (Int, Int), colour: [Int], what: String)] = []
        for (index, rect) in rects.enumerated() where rect.height >= 6 && !rect.hot {
            let (x, y) = (rect.x, rect.y + rect.height / 2)
            let clear =
                rects.indices.allSatisfy { $0 == index || !crossed(by: rects[$0], x, y) }
                && !inside(hot, x, y) && !rects.contains { underLabel(of: $0, x, y) && $0.id != rect.id }
            if clear { samples.append((onPage(x, y), Self.rgb(rect.stroke), "the left edge of \(rect.id)")) }
        }
        #expect(samples.count >= 3, "too few outlines to sample: \(rects)")
        // The highlight: inside the selected view, away from its label and its edges.
        let fill = (hot.x + hot.width * 0.75, hot.y + hot.height * 0.75)
        samples.append((onPage(fill.0, fill.1), [251, 221, 170], "inside the highlighted \(hot.id)"))
        let colours = try Self.pixels(of: screenshot, at: samples.map(\.point))
        try #require(colours.count == samples.count)
        for (sample, colour) in zip(samples, colours) {
            let close = colour.count == 3 && zip(colour, sample.colour).allSatisfy { abs($0 - $1) <= 4 }
            #expect(close, "\(sample.what) at \(sample.point): \(colour), expected \(sample.colour)")
        }
        // And white between outlines: the panel's own background, left of the window's outline.
        let background = try Self.pixels(of: screenshot, at: [(box[0] + 4, box[1] + 4)])
        #expect(background == [[255, 255, 255]])
    }
}
