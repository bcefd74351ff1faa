import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The collection views of GalleryApp.swift (written as for iOS): a flow layout's grid places
/// only what is visible and reuses cells as it scrolls; a list layout fed by a diffable data
/// source sizes its cells with Auto Layout and applies a changed snapshot as a batch.
@Suite("UIKit code: collection views")
@MainActor
struct GalleryAppTests {
    @Test("a flow layout lays three columns, justified, and shows only the visible items")
    func grid() throws {
        try TestApp.with { app in
            let gallery = GalleryViewController()
            app.launch(gallery)
            let collection = try #require(gallery.collectionView)
            let side = (collection.bounds.width - 4) / 3
            let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
            let second = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))
            let third = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)))
            let fourth = try #require(collection.cellForItem(at: IndexPath(item: 3, section: 0)))
            #expect(first.frame == CGRect(x: 0, y: 8, width: side, height: side))
            #expect(abs(second.frame.minX - (side + 2)) < 1e-6 && abs(third.frame.maxX - collection.bounds.width) < 1e-6)
            #expect(abs(fourth.frame.minY - (8 + side + 2)) < 1e-6, "the second line, 2 points below")
            let rows = (3000 + 2) / 3
            #expect(abs(collection.contentSize.height - (16 + CGFloat(rows) * side + CGFloat(rows - 1) * 2)) < 1e-6)
            let visible = collection.visibleCells.count
            #expect(visible > 9 && visible < 60, "\(visible) cells for one screen of 3000 items")

            app.recording.removeAll()
            collection.scroll(to: CGPoint(x: 0, y: 20_000), duration: 0.5, framesPerSecond: 120)
            app.settle()
            #expect(app.ends(.displayFrame).count == 60)
            let made = app.events(.cellForRowAt).count
            #expect(made > 0)
            #expect(app.events(.prepareForReuse).count > 0)
            #expect(collection.visibleCells.count <= visible + 6)
            #expect(abs(collection.contentOffset.y - 20_000) < 1e-6)
        }
    }

    @Test("a list layout sizes list cells with Auto Layout; a diffable apply moves, inserts and deletes as one batch")
    func contacts() throws {
        try TestApp.with { app in
            let contacts = ContactsViewController()
            app.launch(contacts)
            let collection = try #require(contacts.collectionView)
            #expect(collection.numberOfSections == 2)
            #expect(collection.numberOfItems(inSection: 0) == 3)
            #expect(collection.numberOfItems(inSection: 1) == 197)
            let plain = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))  // contact 1: no note
            let noted = try #require(collection.cellForItem(at: IndexPath(item: 7, section: 1)))  // contact 10
            #expect(plain.frame.height == 44, "a list cell of one line is 44 points: \(plain.frame)")
            #expect(noted.frame.height > plain.frame.height, "the note wraps: \(noted.frame) against \(plain.frame)")
            #expect(abs(plain.frame.minX - 20) < 1e-6, "inset grouped: \(plain.frame)")

            let beforeApply = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 1)))  // contact 3
            app.recording.removeAll()
            contacts.shuffleSome()
            app.settle()
            let applied = app.ends(.applySnapshot)
            #expect(applied.count == 1)
            #expect(
                applied.first?.details.count == 4,
                "one insertion, one deletion, the two swapped contacts moved: \(app.events(.applySnapshot).map { $0.details.text ?? "" })"
            )
            #expect(collection.numberOfItems(inSection: 1) == 197)
            let snapshot = contacts.dataSource.snapshot()
            #expect(contacts.dataSource.indexPath(for: Contact(id: 1000, name: "New Contact")) == IndexPath(item: 1, section: 1))
            #expect(snapshot.numberOfItems == 200)
            #expect(collection.cellForItem(at: IndexPath(item: 0, section: 1)) === beforeApply, "contact 3 kept its cell")
            #expect(app.runLoop.diagnostics.isEmpty, "\(app.runLoop.diagnostics)")
        }
    }
}
