import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The feed of FeedApp.swift (written as for iOS): a table view makes only the cells it shows and
/// reuses them as it scrolls, sizes its self-sizing cells with Auto Layout, replaces estimates as
/// rows appear, and scrolls frame by frame, each frame a traced interval.
@Suite("UIKit code: a feed in a table view")
@MainActor
struct FeedAppTests {
    @MainActor
    final class Feed {
        let app: TestApp
        let feed = FeedViewController()
        let navigation: UINavigationController
        init(_ app: TestApp) {
            self.app = app
            navigation = UINavigationController(rootViewController: feed)
        }
    }

    func withApp(_ body: (TestApp, Feed) throws -> Void) rethrows {
        try TestApp.with { app in
            let feed = Feed(app)
            app.launch(feed.navigation)
            try body(app, feed)
        }
    }

    @Test("only the visible rows get cells; each is measured with Auto Layout and shown")
    func firstScreen() throws {
        try withApp { app, f in
            let table = try #require(f.feed.tableView)
            let cells = table.visibleCells
            #expect(!cells.isEmpty)
            #expect(cells.count < 20, "a screen's worth of rows, not 500: \(cells.count)")
            #expect(app.events(.cellForRowAt).count == cells.count)
            #expect(app.events(.sizeCell).filter { $0.details.text?.hasSuffix("fitting") == true }.count == cells.count)
            #expect(f.feed.displayed == cells.count)
            // Every visible row has its measured height: the body wraps in the cell's width.
            for cell in cells {
                let post = try #require(cell as? PostCell)
                let fitted = cell.contentView.systemLayoutSizeFitting(
                    CGSize(width: table.bounds.width, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel)
                #expect(abs(cell.frame.height - fitted.height) < 1e-6)
                #expect(post.bodyLabel.frame.height >= post.bodyLabel.font.lineHeight)
            }
            // Rows stack under the header, in order.
            let frames = cells.map(\.frame)
            #expect(abs(frames[0].minY - 28) < 1e-6, "the section header is 28 points: \(frames[0])")
            for (above, below) in zip(frames, frames.dropFirst()) { #expect(abs(above.maxY - below.minY) < 1e-6) }
            // The content size counts the rest at their estimates.
            let estimatedRest = CGFloat(500 - cells.count) * 100
            #expect(abs(table.contentSize.height - (28 + frames.reduce(0) { $0 + $1.height } + estimatedRest)) < 1e-6)
        }
    }

    @Test("a flick scrolls frame by frame at 120 Hz; cells are reused, not made")
    func scrollingReuses() throws {
        try withApp { app, f in
            let table = try #require(f.feed.tableView)
            let firstScreen = table.visibleCells.count
            app.recording.removeAll()
            table.scroll(to: CGPoint(x: 0, y: 6000), duration: 1, framesPerSecond: 120)
            app.settle()
            let frames = app.ends(.displayFrame)
            #expect(frames.count == 120, "one second at 120 Hz")
            #expect(frames.reduce(0) { $0 + ($1.details.count ?? 0) } == app.events(.cellForRowAt).count)
            #expect(abs(table.contentOffset.y - 6000) < 1e-6 || table.contentOffset.y == table.maximumContentOffset.y)
            let made = Set(table.subviews.compactMap { $0 as? PostCell }.map(ObjectIdentifier.init))
            #expect(app.events(.prepareForReuse).count > 0, "scrolled-away cells came back")
            #expect(app.events(.didEndDisplayingCell).count > 0)
            let pooled = table.visibleCells.count
            #expect(pooled <= firstScreen + 4, "visible cells stay a screen's worth")
            #expect(!made.isEmpty)
            let drag = app.recording.events.filter {
                [.scrollViewWillBeginDragging, .scrollViewDidEndDragging, .scrollViewDidEndDecelerating].contains($0.hook)
                    && $0.phase != .end
            }.map(\.hook)
            #expect(drag == [.scrollViewWillBeginDragging, .scrollViewDidEndDragging, .scrollViewDidEndDecelerating])
            // Rows above the new offset were measured: their estimates are gone from the content size.
            let measured = table.rectForRow(at: IndexPath(row: 3, section: 0))
            #expect(measured.height != 100)
        }
    }

    @Test("a pull to refresh runs the controller's action; the table reloads")
    func pullToRefresh() throws {
        try withApp { app, f in
            let refresh = try #require(f.feed.refreshControl)
            refresh.pull()
            app.settle()
            #expect(f.feed.refreshes == 1)
            #expect(!refresh.isRefreshing)
            #expect((f.feed.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? PostCell)?.authorLabel.text == "Fresh")
            #expect(UITableViewCell().reuseIdentifier == nil)
        }
    }

    @Test("tapping a row selects it and the controller pushes; coming back clears the selection")
    func selection() throws {
        try withApp { app, f in
            let table = try #require(f.feed.tableView)
            table.tapRow(at: IndexPath(row: 2, section: 0))
            app.settle()
            #expect(f.feed.selected == [2])
            #expect(f.navigation.topViewController?.title == "Author 2")
            #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
            _ = f.navigation.popViewController(animated: false)
            app.settle()
            #expect(table.indexPathForSelectedRow == nil, "clearsSelectionOnViewWillAppear")
        }
    }

    @Test("batch updates move rows; a wrong count is UIKit's invalid update, reported, and reloads")
    func updates() throws {
        try withApp { app, f in
            let table = try #require(f.feed.tableView)
            let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? PostCell)
            f.feed.publish(Post(author: "New", body: "Fresh."))
            app.settle()
            #expect(table.numberOfRows(inSection: 0) == 501)
            #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === first, "the old first row moved down with its cell")
            #expect((table.cellForRow(at: IndexPath(row: 0, section: 0)) as? PostCell)?.authorLabel.text == "New")
            f.feed.removeFirst()
            app.settle()
            #expect(table.numberOfRows(inSection: 0) == 500)
            #expect(app.runLoop.diagnostics.isEmpty)

            f.feed.posts.removeLast()
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            #expect(
                app.runLoop.diagnostics.contains { $0.message.hasPrefix("Invalid update: invalid number of rows in section 0") })
            app.settle()
            #expect(table.numberOfRows(inSection: 0) == 499)
        }
    }
}
