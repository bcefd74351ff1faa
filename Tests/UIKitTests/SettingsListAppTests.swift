import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The grouped settings list of SettingsListApp.swift (written as for iOS): a table view fed by a
/// diffable data source, in sections, updated by a snapshot's difference.
@Suite("UIKit code: a grouped table fed by a diffable data source")
@MainActor
struct SettingsListAppTests {
    @Test("sections stack with grouped spacing; an applied snapshot moves a row between sections as one batch")
    func sections() throws {
        try TestApp.with { app in
            let settings = SettingsListViewController()
            app.launch(settings)
            let table = try #require(settings.tableView)
            #expect(table.numberOfSections == 2)
            #expect(table.numberOfRows(inSection: 0) == 3)
            let wifi = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            let location = try #require(table.cellForRow(at: IndexPath(row: 0, section: 1)))
            #expect(wifi.frame.height == 44)
            // Grouped: 18 points above the first section, and between sections a footer and a header of 18.
            #expect(abs(wifi.frame.minY - 18) < 1e-6, "\(wifi.frame)")
            #expect(abs(location.frame.minY - (18 + 3 * 44 + 18 + 18)) < 1e-6, "\(location.frame)")

            app.recording.removeAll()
            settings.hideCellular()
            app.settle()
            #expect(table.numberOfRows(inSection: 0) == 2)
            #expect(table.numberOfRows(inSection: 1) == 3)
            #expect(app.ends(.applySnapshot).first?.details.count == 2, "one deletion, one insertion")
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === wifi, "Wi-Fi kept its cell")
            #expect(settings.dataSource.itemIdentifier(for: IndexPath(row: 2, section: 1)) == "Analytics")
            #expect(app.runLoop.diagnostics.isEmpty, "\(app.runLoop.diagnostics)")
        }
    }
}
