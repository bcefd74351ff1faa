import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The order of a table's data source and delegate calls, as Apple documents it: a row's height
/// is asked (`heightForRowAt`, which lays the row out) before its cell (`cellForRowAt`), and the
/// cell before it is displayed (`willDisplay`: "before the table view uses cell to draw a row"); a reused cell is prepared (`prepareForReuse`) when it is
/// dequeued again, inside the data source's call; a row that scrolls away ends displaying; with
/// estimates, every row's estimate is asked when the table loads and a row's exact height only
/// when it appears ("Estimating the height of a table's scrolling area"). docs/lists.md.
@Suite("UIKit code: the order of a list's calls")
@MainActor
struct ListOrderTests {
    final class Recorder: UIViewController, UITableViewDataSource, UITableViewDelegate {
        var log: [String] = []
        let table = UITableView(frame: UIScreen.main.bounds, style: .plain)

        override func loadView() {
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
            table.dataSource = self
            table.delegate = self
            view = table
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            log.append("cellForRowAt \(indexPath.row)")
            return tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        }
        func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
            log.append("estimatedHeightForRowAt \(indexPath.row)")
            return 50
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            log.append("heightForRowAt \(indexPath.row)")
            return 60
        }
        func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            log.append("willDisplay \(indexPath.row)")
        }
        func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            log.append("didEndDisplaying \(indexPath.row)")
        }
    }

    @Test(
        "estimates for every row first, then per visible row: exact height, cell, willDisplay; no row made that its predecessors push out"
    )
    func launch() {
        TestApp.with { app in
            let recorder = Recorder()
            app.launch(recorder)
            let estimates = recorder.log.prefix { $0.hasPrefix("estimatedHeightForRowAt") }
            #expect(estimates.count == 100, "every row's estimate when the table loads")
            let rest = Array(recorder.log.dropFirst(estimates.count))
            let shown = rest.count / 3
            #expect(shown > 5 && shown < 20)
            #expect(rest == (0..<shown).flatMap { ["heightForRowAt \($0)", "cellForRowAt \($0)", "willDisplay \($0)"] })
        }
    }

    @Test("scrolling: rows leave (didEndDisplaying), cells come back through prepareForReuse inside cellForRowAt")
    func reuse() throws {
        try TestApp.with { app in
            let recorder = Recorder()
            app.launch(recorder)
            recorder.log.removeAll()
            app.recording.removeAll()
            recorder.table.scroll(to: CGPoint(x: 0, y: 600), duration: 0.25, framesPerSecond: 60, curve: .linear)
            app.settle()
            let first = try #require(recorder.log.firstIndex { $0.hasPrefix("heightForRowAt") })
            #expect(recorder.log.contains("didEndDisplaying 0"))
            // In the trace: each reuse's prepareForReuse falls inside a cellForRowAt interval.
            var inCellForRow = false
            var reuses = 0
            for event in app.recording.events {
                if event.hook == .cellForRowAt { inCellForRow = event.phase == .begin }
                if event.hook == .prepareForReuse, event.phase == .begin {
                    #expect(inCellForRow, "prepareForReuse at seq \(event.seq) outside cellForRowAt")
                    reuses += 1
                }
            }
            #expect(reuses > 0)
            #expect(recorder.log[first + 1].hasPrefix("cellForRowAt") && recorder.log[first + 2].hasPrefix("willDisplay"))
            #expect(app.ends(.displayFrame).count == 15)
        }
    }
}
