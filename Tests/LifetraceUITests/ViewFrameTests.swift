import Foundation
import Lifetrace
import LifetraceUI
import Testing

/// Where each view is, as a reader rebuilds it from the frame records up to now (what the report's
/// wireframe does): each view's latest record; a view without a superview at its frame, any other
/// at its superview's place plus its offset; views whose branch left (a record without a frame)
/// are not placed.
@MainActor
func placesFromRecords(_ events: [Event]) -> [UInt: Rect] {
    var latest: [UInt: Details.Frame?] = [:]
    for event in events
    where (event.hook == .layoutSubviews && event.phase == .end) || (event.hook == .frameChange && event.phase == .instant) {
        latest[event.subject.id] = .some(event.frame)
    }
    var places: [UInt: Rect?] = [:]
    func place(_ id: UInt, depth: Int = 0) -> Rect? {
        if let known = places[id] { return known }
        guard depth < 10_000, let record = latest[id], let frame = record else { return nil }
        let result: Rect?
        if let superview = frame.superview {
            result = place(superview, depth: depth + 1).map {
                Rect(x: $0.minX + frame.offsetX, y: $0.minY + frame.offsetY, width: frame.width, height: frame.height)
            }
        } else {
            result = Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        }
        places[id] = .some(result)
        return result
    }
    var result: [UInt: Rect] = [:]
    for id in latest.keys { if let rect = place(id) { result[id] = rect } }
    return result
}

extension View {
    /// The view's identity in traces.
    var traceID: UInt { UInt(bitPattern: ObjectIdentifier(self)) }
}

/// A `layoutSubviews` end carries the view's frame in its window's coordinates and its superview;
/// `frameChange` tells what no `layoutSubviews` does (moves without a resize, scrolls, moves to
/// another superview, views leaving), so a reader places every view of the window at the end of
/// each pass.
@Suite("View frames in traces")
@MainActor
struct ViewFrameTests {
    /// A card pinned under the safe area with a title and a badge inside, built with constraints.
    @MainActor
    final class Card {
        let card = View(identifier: "Card")
        let title = Label("Title", content: Size(width: 120, height: 20))
        let badge = View(identifier: "Badge")
        var top: LayoutConstraint!

        func build(_ root: View) {
            card.translatesAutoresizingMaskIntoConstraints = false
            badge.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(card)
            card.addSubview(title)
            card.addSubview(badge)
            top = card.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 10)
            LayoutConstraint.activate([
                top,
                card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                card.widthAnchor.constraint(equalToConstant: 300),
                card.heightAnchor.constraint(equalToConstant: 100),
                title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
                badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
                badge.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
                badge.widthAnchor.constraint(equalToConstant: 30),
                badge.heightAnchor.constraint(equalToConstant: 16),
            ])
        }
    }

    /// Expects every view of the window to be where the records place it.
    func expectPlacesMatch(_ trace: Trace, sourceLocation: SourceLocation = #_sourceLocation) {
        let places = placesFromRecords(trace.recording.events)
        var checked = 0
        trace.window.forEachInHierarchy { view in
            checked += 1
            #expect(
                places[view.traceID] == view.frameInWindow,
                "\(view.instrumentationName): records place it at \(String(describing: places[view.traceID])), it is at \(view.frameInWindow)",
                sourceLocation: sourceLocation)
        }
        #expect(checked > 1, sourceLocation: sourceLocation)
    }

    @Test("a layoutSubviews end record carries the frame in window coordinates and the superview, in JSON lines")
    func jsonLines() throws {
        try withTrace { trace in
            let card = Card()
            let controller = ConstrainedViewController("Cards") { card.build($0) }
            trace.launch(controller)
            let root = controller.view
            // The window's safe area starts 47 points down (portrait).
            #expect(card.card.frameInWindow == Rect(x: 20, y: 57, width: 300, height: 100))
            let ends = trace.recording.events.filter { $0.hook == .layoutSubviews && $0.phase == .end }
            @MainActor func line(of view: View) throws -> String {
                let event = try #require(
                    ends.last { $0.subject.id == view.traceID }, "no layoutSubviews end of \(view.instrumentationName)")
                return JSONLineFormat.line(event)
            }
            @MainActor func hex(_ view: View) -> String { "0x" + String(view.traceID, radix: 16) }
            #expect(try line(of: trace.window).contains(#""frame":[0,0,390,844],"offset":[0,0],"dur_ns""#))
            #expect(try line(of: root).contains(#""frame":[0,0,390,844],"offset":[0,0],"superview":"\#(hex(trace.window))","#))
            #expect(try line(of: card.card).contains(#""frame":[20,57,300,100],"offset":[20,57],"superview":"\#(hex(root))","#))
            #expect(
                try line(of: card.title).contains(#""frame":[28,65,120,20],"offset":[8,8],"superview":"\#(hex(card.card))","#))
            #expect(
                try line(of: card.badge).contains(#""frame":[282,133,30,16],"offset":[262,76],"superview":"\#(hex(card.card))","#)
            )
            // Every record's frame is the view's frame in the window then; the begin has none.
            for view in [root, card.card, card.title, card.badge] {
                let end = try #require(ends.last { $0.subject.id == view.traceID })
                let frame = try #require(end.frame)
                #expect(Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height) == view.frameInWindow)
                #expect(frame.superview == view.superview?.traceID)
            }
            #expect(
                trace.recording.events.filter { $0.hook == .layoutSubviews && $0.phase == .begin }.allSatisfy { $0.frame == nil })
            expectPlacesMatch(trace)
        }
    }

    @Test("a view that moves without being resized sends frameChange; its subviews are placed from it")
    func moveWithoutResize() throws {
        try withTrace { trace in
            let card = Card()
            let controller = ConstrainedViewController("Cards") { card.build($0) }
            trace.launch(controller)
            let before = trace.recording.events.count
            card.top.constant = 200
            trace.settle()
            // The card moved; nothing was resized, so no view of the card laid out again.
            let after = trace.recording.events[before...]
            let ends = after.filter { $0.hook == .layoutSubviews && $0.phase == .end }
            let cardIDs = [card.card.traceID, card.title.traceID, card.badge.traceID]
            let relaidOut = ends.contains { cardIDs.contains($0.subject.id) }
            #expect(!relaidOut)
            let moves = after.filter { $0.hook == .frameChange }
            #expect(moves.map(\.controller) == ["Card"])
            let frame = try #require(moves.first?.frame)
            #expect(
                frame
                    == Details.Frame(
                        x: 20, y: 247, width: 300, height: 100, offsetX: 20, offsetY: 247, superview: controller.view.traceID))
            #expect(card.title.frameInWindow == Rect(x: 28, y: 255, width: 120, height: 20))
            expectPlacesMatch(trace)
        }
    }

    @Test("a scroll: each subview of the scrolled view sends frameChange")
    func scroll() {
        withTrace { trace in
            let scrollView = ScrollView(frame: Rect(x: 0, y: 100, width: 390, height: 400))
            scrollView.identifier = "Scroll"
            let rows = (0..<3).map {
                View(frame: Rect(x: 0, y: Double($0) * 300, width: 390, height: 300), identifier: "Row\($0)")
            }
            let dots = rows.map { _ in View(frame: Rect(x: 10, y: 10, width: 20, height: 20), identifier: "Dot") }
            let controller = ConstrainedViewController("Scrolling") { root in
                root.addSubview(scrollView)
                for (row, dot) in zip(rows, dots) {
                    scrollView.addSubview(row)
                    row.addSubview(dot)
                }
            }
            scrollView.contentSize = Size(width: 390, height: 900)
            trace.launch(controller)
            expectPlacesMatch(trace)
            let before = trace.recording.events.count
            scrollView.contentOffset = Point(x: 0, y: 250)
            trace.settle()
            let moves = trace.recording.events[before...].filter { $0.hook == .frameChange }
            #expect(moves.map(\.controller) == ["Row0", "Row1", "Row2"])
            #expect(moves[1].frame?.y == 150)
            #expect(moves[1].frame?.offsetY == 50)
            #expect(dots[1].frameInWindow.minY == 160)
            expectPlacesMatch(trace)
        }
    }

    @Test("a view moved to another superview, and a view removed")
    func reparentAndRemove() throws {
        try withTrace { trace in
            let left = View(frame: Rect(x: 0, y: 100, width: 195, height: 300), identifier: "Left")
            let right = View(frame: Rect(x: 195, y: 100, width: 195, height: 300), identifier: "Right")
            let chip = View(frame: Rect(x: 10, y: 10, width: 50, height: 20), identifier: "Chip")
            let inner = View(frame: Rect(x: 2, y: 2, width: 10, height: 10), identifier: "Inner")
            let controller = ConstrainedViewController("Moves") { root in
                root.addSubview(left)
                root.addSubview(right)
                left.addSubview(chip)
                chip.addSubview(inner)
            }
            trace.launch(controller)
            right.addSubview(chip)
            trace.settle()
            let moved = try #require(trace.recording.events.last { $0.hook == .frameChange && $0.subject.id == chip.traceID })
            #expect(
                moved.frame
                    == Details.Frame(x: 205, y: 110, width: 50, height: 20, offsetX: 10, offsetY: 10, superview: right.traceID))
            expectPlacesMatch(trace)
            #expect(placesFromRecords(trace.recording.events)[inner.traceID] == Rect(x: 207, y: 112, width: 10, height: 10))

            chip.removeFromSuperview()
            trace.settle()
            let removed = try #require(trace.recording.events.last { $0.hook == .frameChange && $0.subject.id == chip.traceID })
            #expect(removed.frame == nil)
            let places = placesFromRecords(trace.recording.events)
            #expect(places[chip.traceID] == nil && places[inner.traceID] == nil, "the removed branch is not placed")
            expectPlacesMatch(trace)
            // JSON lines: a frameChange without a frame has none of its keys.
            let line = JSONLineFormat.line(removed)
            #expect(line.contains(#""event":"frameChange","phase":"instant","controller":"Chip""#))
            #expect(!line.contains("\"frame\"") && !line.contains("\"superview\""))
        }
    }

    @Test("deep and wide: every record's window frame is right, and the records place every view")
    func deepAndWide() throws {
        try withTrace { trace in
            var levels: [View] = []
            let controller = ConstrainedViewController("Deep") { root in
                var parent = root
                for level in 0..<60 {
                    let view = View(
                        frame: Rect(x: 1, y: 2, width: 300 - Double(level), height: 600 - Double(level)), identifier: "L\(level)")
                    parent.addSubview(view)
                    for leaf in 0..<3 {
                        parent.addSubview(
                            View(frame: Rect(x: Double(leaf) * 5, y: 3, width: 4, height: 4), identifier: "S\(level).\(leaf)"))
                    }
                    levels.append(view)
                    parent = view
                }
            }
            trace.launch(controller)
            expectPlacesMatch(trace)
            // Scroll one in the middle, move one near the top: the records still place every view.
            levels[30].bounds = Rect(x: 3, y: 7, width: levels[30].bounds.width, height: levels[30].bounds.height)
            levels[3].frame = levels[3].frame.offsetBy(dx: 5, dy: -4)
            trace.settle()
            expectPlacesMatch(trace)
            // Relayout everything: each end's window frame, made from the chain of window
            // origins, is the view's frame in the window.
            trace.reset()
            trace.window.forEachInHierarchy { $0.setNeedsLayout() }
            trace.settle()
            let ends = trace.recording.events.filter { $0.hook == .layoutSubviews && $0.phase == .end }
            var byID: [UInt: View] = [:]
            trace.window.forEachInHierarchy { byID[$0.traceID] = $0 }
            #expect(ends.count == byID.count)
            for end in ends {
                let view = try #require(byID[end.subject.id])
                let frame = try #require(end.frame)
                #expect(
                    Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height) == view.frameInWindow,
                    "\(view.instrumentationName)")
            }
        }
    }
}
